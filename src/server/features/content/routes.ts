import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { legalDocumentSchema, legalParamsSchema } from '../../../domain/legal.ts';
import { siteContentSchema, socialLinkListSchema } from '../../../domain/public-content.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { legalDocument } from './legal.ts';
import { activeSocialLinks, loadSiteContent } from './service.ts';

export async function contentRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/content',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary: 'Site content by page and section (logo, hero, footer, about, contact...). Anyone.',
        response: { 200: siteContentSchema },
      },
    },
    async (_req, reply) => {
      // Admins change it at any time: always revalidated (cheap 304s through the ETag), never stale.
      reply.header('cache-control', 'no-cache');
      return loadSiteContent(opts.db);
    },
  );
  r.get(
    '/api/social-links',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary: 'Active social links in display order. Anyone.',
        response: { 200: socialLinkListSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return { items: await activeSocialLinks(opts.db) };
    },
  );
  r.get(
    '/api/legal/:kind',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary:
          'The privacy policy or the terms of service: sanitised HTML and when it last changed. Anyone.',
        params: legalParamsSchema,
        response: { 200: legalDocumentSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return legalDocument(opts.db, req.params.kind);
    },
  );
}
