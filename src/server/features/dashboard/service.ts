/**
 * The counts on the dashboard home, by the caller's role: everyone's users, listings and enquiries for
 * admins; a provider's listings (those the package limit counts: not rejected, decision 0047), views,
 * enquiries and newest listings; a user's favourites and sent enquiries (as 'My Enquiries' lists them: with a
 * verified address, also those sent from it without an account; decision 0045).
 */
import { count, desc, eq, sum } from 'drizzle-orm';
import { LIMITS } from '../../../domain/constants.ts';
import type { DashboardStats } from '../../../domain/dashboard.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { enquiries, favorites, listings, serviceProviders, user } from '../../db/schema.ts';
import { accountOf, sentBy } from '../enquiries/service.ts';
import { countedListings } from '../packages/service.ts';

const one = async (q: Promise<{ n: number | string | null }[]>) => Number((await q)[0]?.n ?? 0);

export async function dashboardStats(db: Db, actor: Actor): Promise<DashboardStats> {
  if (actor.role === 'admin') return adminStats(db);
  if (actor.role === 'service_provider') return providerStats(db, actor.userId);
  const account = await accountOf(db, actor.userId);
  const [favs, sent] = await Promise.all([
    one(db.select({ n: count() }).from(favorites).where(eq(favorites.userId, actor.userId))),
    one(db.select({ n: count() }).from(enquiries).where(sentBy(actor.userId, account))),
  ]);
  return { role: 'user', favorites: favs, enquiries: sent };
}

async function adminStats(db: Db): Promise<DashboardStats> {
  const [users, allListings, allEnquiries] = await Promise.all([
    one(db.select({ n: count() }).from(user)),
    one(db.select({ n: count() }).from(listings)),
    one(db.select({ n: count() }).from(enquiries)),
  ]);
  return { role: 'admin', users, listings: allListings, enquiries: allEnquiries };
}

async function providerStats(db: Db, userId: string): Promise<DashboardStats> {
  const [provider] = await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId));
  if (!provider) {
    return { role: 'service_provider', listings: 0, totalViews: 0, enquiries: 0, recentListings: [] };
  }
  const [counted, agg, enquiryCount, recent] = await Promise.all([
    // The package limit's own count, so the dashboard, My Listings and the admin agree.
    countedListings(db, provider.id),
    db
      .select({ views: sum(listings.views) })
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
    role: 'service_provider',
    listings: counted,
    totalViews: Number(agg[0]?.views ?? 0),
    enquiries: enquiryCount,
    recentListings: recent.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
  };
}
