/**
 * Provider analytics: views and enquiries per day over the last 30 days (South African days, the same day
 * the counters are written under), per listing and in total, read from listing_daily_stats (one row per
 * listing and day, incremented in SQL by each counted view and enquiry). Days without a row are zeros.
 */
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import {
  ANALYTICS_DAYS,
  PACKAGE_MESSAGES,
  type Analytics,
  type AnalyticsPoint,
} from '../../../domain/providers.ts';
import type { Actor } from '../../auth/policy.ts';
import { canActOnProviderResource } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { listingDailyStats, listings } from '../../db/schema.ts';
import { southAfricanDate } from '../../../domain/format.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { packageStatus, providerOfUser } from '../packages/service.ts';
import { profileMissing } from '../provider-listings/service.ts';

/** The `count` days ending with `to` ('YYYY-MM-DD'), oldest first. */
function lastDays(to: string, count: number): string[] {
  const end = Date.parse(`${to}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The caller's analytics (all their listings, or one of them); 403 when the package has no analytics. */
export async function providerAnalytics(
  db: Db,
  actor: Actor,
  listingId?: string,
  now: Date = new Date(),
): Promise<Analytics> {
  const provider = await providerOfUser(db, actor.userId);
  let ownerId: string;
  if (listingId) {
    const [listing] = await db
      .select({ providerId: listings.serviceProviderId })
      .from(listings)
      .where(eq(listings.id, listingId));
    if (!listing) throw notFound('Listing not found');
    if (!canActOnProviderResource(actor, provider?.id ?? null, listing.providerId)) throw forbidden();
    ownerId = listing.providerId;
  } else {
    if (!provider) throw profileMissing();
    ownerId = provider.id;
  }
  if (provider) {
    const status = await packageStatus(db, actor, provider);
    if (!status.hasAnalytics) throw new AppError(403, 'NO_ANALYTICS', PACKAGE_MESSAGES.noAnalytics);
  } else if (actor.role !== 'admin') {
    throw profileMissing();
  }

  // Today in South Africa by the process's clock, as the counters are written (marketplace saDay()).
  const to = southAfricanDate(now);
  const days = lastDays(to, ANALYTICS_DAYS);
  const from = days[0]!;
  const own = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(listingId ? eq(listings.id, listingId) : eq(listings.serviceProviderId, ownerId))
    .orderBy(asc(listings.createdAt));
  const ids = own.map((l) => l.id);
  const rows = ids.length
    ? await db
        .select({
          listingId: listingDailyStats.listingId,
          day: listingDailyStats.day,
          views: listingDailyStats.views,
          enquiries: listingDailyStats.enquiries,
        })
        .from(listingDailyStats)
        .where(and(inArray(listingDailyStats.listingId, ids), between(listingDailyStats.day, from, to)))
    : [];
  const series = (filter: (r: (typeof rows)[number]) => boolean): AnalyticsPoint[] => {
    const byDay = new Map<string, AnalyticsPoint>();
    for (const r of rows) {
      if (!filter(r)) continue;
      const p = byDay.get(r.day) ?? { day: r.day, views: 0, enquiries: 0 };
      p.views += r.views;
      p.enquiries += r.enquiries;
      byDay.set(r.day, p);
    }
    return days.map((day) => byDay.get(day) ?? { day, views: 0, enquiries: 0 });
  };
  return {
    from,
    to,
    total: series(() => true),
    listings: own.map((l) => ({ id: l.id, title: l.title, points: series((r) => r.listingId === l.id) })),
  };
}
