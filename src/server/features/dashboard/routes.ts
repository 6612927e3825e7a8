/** /api/dashboard/stats: the counts on the dashboard home, by role. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, desc, eq, sum } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../../domain/constants.ts';
import type { Db } from '../../db/client.ts';
import { enquiries, favorites, listings, serviceProviders, user } from '../../db/schema.ts';
import { errorResponses } from '../../errors.ts';

const statsSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), favorites: z.number(), enquiries: z.number() }),
  z.object({
    role: z.literal('service_provider'),
    listings: z.number(),
    totalViews: z.number(),
    enquiries: z.number(),
    recentListings: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        city: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  z.object({ role: z.literal('admin'), users: z.number(), listings: z.number(), enquiries: z.number() }),
]);

const one = async (q: Promise<{ n: number | string | null }[]>) => Number((await q)[0]?.n ?? 0);

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard/stats',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard counts for the caller’s role. Signed-in users.',
        response: { 200: statsSchema, ...errorResponses },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      if (actor.role === 'admin') {
        const [users, allListings, allEnquiries] = await Promise.all([
          one(db.select({ n: count() }).from(user)),
          one(db.select({ n: count() }).from(listings)),
          one(db.select({ n: count() }).from(enquiries)),
        ]);
        return { role: 'admin' as const, users, listings: allListings, enquiries: allEnquiries };
      }
      if (actor.role === 'service_provider') {
        const [provider] = await db
          .select({ id: serviceProviders.id })
          .from(serviceProviders)
          .where(eq(serviceProviders.userId, actor.userId));
        if (!provider) {
          return {
            role: 'service_provider' as const,
            listings: 0,
            totalViews: 0,
            enquiries: 0,
            recentListings: [],
          };
        }
        const [agg, enquiryCount, recent] = await Promise.all([
          db
            .select({ n: count(), views: sum(listings.views) })
            .from(listings)
            .where(eq(listings.serviceProviderId, provider.id)),
          one(db.select({ n: count() }).from(enquiries).where(eq(enquiries.serviceProviderId, provider.id))),
          db
            .select({
              id: listings.id,
              title: listings.title,
              city: listings.city,
              status: listings.status,
              createdAt: listings.createdAt,
            })
            .from(listings)
            .where(eq(listings.serviceProviderId, provider.id))
            .orderBy(desc(listings.createdAt))
            .limit(LIMITS.dashboardRecentListings),
        ]);
        return {
          role: 'service_provider' as const,
          listings: Number(agg[0]?.n ?? 0),
          totalViews: Number(agg[0]?.views ?? 0),
          enquiries: enquiryCount,
          recentListings: recent.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
        };
      }
      const [favs, sent] = await Promise.all([
        one(db.select({ n: count() }).from(favorites).where(eq(favorites.userId, actor.userId))),
        one(db.select({ n: count() }).from(enquiries).where(eq(enquiries.userId, actor.userId))),
      ]);
      return { role: 'user' as const, favorites: favs, enquiries: sent };
    },
  );
}
