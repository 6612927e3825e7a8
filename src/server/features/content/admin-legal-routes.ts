/** /api/admin/legal: the privacy policy and the terms of the Legal tab of /admin/cms. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminLegalSchema, legalContentSchema } from '../../../domain/legal.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { loadAdminLegal, saveLegal } from './legal.ts';

const tags = ['content admin'];
const admin = { access: 'admin' as const };

export async function legalAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/legal',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The privacy policy and the terms of service (sanitised HTML, last updated). Admins.',
        response: { 200: adminLegalSchema, ...errorResponses },
      },
    },
    async () => loadAdminLegal(db),
  );

  r.put(
    '/api/admin/legal',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Save both legal pages. The HTML is sanitised; a page whose text changed gets a new date. Admins.',
        body: legalContentSchema,
        response: { 200: adminLegalSchema, ...errorResponses },
      },
    },
    async (req) => saveLegal(db, await req.requireActor(), req.body),
  );
}
