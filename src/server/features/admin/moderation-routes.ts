/** /api/admin/listings: the moderation table, a listing's detail, approve/reject one or many. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  moderateBodySchema,
  moderationDetailSchema,
  moderationPageSchema,
  moderationQuerySchema,
} from '../../../domain/admin.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { moderateListings, moderationDetail, moderationPage } from './moderation.ts';

export async function moderationRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/listings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'One page of the moderation table: tab (status), search (title, city, business name), category, province, sort and page, with per-tab counts and the stat cards. Admins.',
        querystring: moderationQuerySchema,
        response: { 200: moderationPageSchema, ...errorResponses },
      },
    },
    async (req) => moderationPage(db, req.query),
  );

  r.get(
    '/api/admin/listings/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A listing of any status with its images and provider, for the detail dialog. Admins.',
        params: z.object({ id: z.uuid('Invalid listing id') }),
        response: { 200: moderationDetailSchema, ...errorResponses },
      },
    },
    async (req) => moderationDetail(db, req.params.id),
  );

  r.post(
    '/api/admin/listings/moderation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Approve or reject one or more listings (optional rejection reason) in one transaction, one audit row each. Admins.',
        body: moderateBodySchema,
        response: {
          200: z.object({ updated: z.number(), status: z.enum(['approved', 'rejected']) }),
          ...errorResponses,
        },
      },
    },
    async (req) => moderateListings(db, await req.requireActor(), req.body),
  );
}
