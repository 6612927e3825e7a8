import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
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
        response: { 200: z.record(z.string(), z.record(z.string(), z.string())) },
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
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.string(),
                platform: z.string(),
                url: z.string(),
                icon: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return { items: await activeSocialLinks(opts.db) };
    },
  );
}
