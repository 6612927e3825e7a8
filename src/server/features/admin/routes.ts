/**
 * The admin API (issue 11), split by concern: moderation (moderation-routes.ts), users and roles
 * (users-routes.ts), packages (packages-routes.ts), and here demo mode, the dashboard's pending count and
 * the audit log. Every route is `access: 'admin'`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  auditFacetsSchema,
  auditPageSchema,
  auditQuerySchema,
  demoModeBodySchema,
} from '../../../domain/admin.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { openReportCount } from '../reports/service.ts';
import { auditFacets, auditPage } from './audit-log.ts';
import { switchDemoMode } from './demo-mode.ts';
import { moderationRoutes } from './moderation-routes.ts';
import { packageAdminRoutes } from './packages-routes.ts';
import { userAdminRoutes } from './users-routes.ts';

export async function adminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db } = opts;
  await app.register(moderationRoutes, opts);
  await app.register(userAdminRoutes, opts);
  await app.register(packageAdminRoutes, { db });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'What the admin dashboard and sidebar add to the shared counts: listings pending review, open reports. Admins.',
        response: {
          200: z.object({ pendingListings: z.number(), openReports: z.number() }),
          ...errorResponses,
        },
      },
    },
    async () => {
      const [row] = await db.select({ n: count() }).from(listings).where(eq(listings.status, 'pending'));
      return { pendingListings: Number(row?.n ?? 0), openReports: await openReportCount(db) };
    },
  );

  r.put(
    '/api/admin/settings/demo-mode',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Switch the site-wide demo mode on or off. Admins.',
        body: demoModeBodySchema,
        response: { 200: z.object({ demoMode: z.boolean() }), ...errorResponses },
      },
    },
    async (req) => switchDemoMode(db, await req.requireActor(), req.body.demoMode),
  );

  r.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log newest first, by admin, action and date (South African days), paged. Admins.',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses },
      },
    },
    async (req) => auditPage(db, req.query),
  );

  r.get(
    '/api/admin/audit/facets',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The admins and actions that occur in the audit log, for its filters. Admins.',
        response: { 200: auditFacetsSchema, ...errorResponses },
      },
    },
    async () => auditFacets(db),
  );
}
