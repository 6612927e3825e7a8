/** /api/provider/analytics: views and enquiries per day, last 30 days, per listing and in total. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsSchema } from '../../../domain/providers.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { providerAnalytics } from './service.ts';

export async function analyticsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/provider/analytics',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['analytics'],
        summary:
          'Views and enquiries per day over the last 30 days for each of the caller’s listings and in total ' +
          '(or for one listing with listingId). Providers whose package has analytics (or demo mode) and ' +
          'admins; 403 NO_ANALYTICS otherwise, 403 for another provider’s listing.',
        querystring: z.object({ listingId: z.uuid({ error: 'Invalid id' }).optional() }),
        response: { 200: analyticsSchema, ...errorResponses },
      },
    },
    async (req) => providerAnalytics(db, await req.requireActor(), req.query.listingId),
  );
}
