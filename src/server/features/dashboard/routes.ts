/** /api/dashboard/stats: the counts on the dashboard home, by role. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '../../../domain/dashboard.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { dashboardStats } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard/stats',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard counts for the caller’s role. Signed-in users.',
        response: { 200: dashboardStatsSchema, ...errorResponses },
      },
    },
    async (req) => dashboardStats(db, await req.requireActor()),
  );
}
