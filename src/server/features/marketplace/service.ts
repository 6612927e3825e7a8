/**
 * The public marketplace: listing cards (home, browse, related, provider profile), listing detail, the view
 * counter and the public reference data (hero banners, categories, FAQs, active packages).
 * Nothing that is not `approved` leaves these functions, except a listing's detail for its owner or an admin.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '../../../domain/constants.ts';
import { southAfricanDate } from '../../../domain/format.ts';
import type {
  BrowseQuery,
  BrowseResult,
  Category,
  Faq,
  HeroBanner,
  ListingCard,
  ListingDetail,
  ProviderProfile,
  PublicPackage,
} from '../../../domain/listings.ts';
import { DEFAULT_PACKAGE_LIMITS } from '../../../domain/packages.ts';
import { canActOnProviderResource, type Actor } from '../../auth/policy.ts';
import { queryRows, type Db } from '../../db/client.ts';
import {
  categories,
  faqs,
  heroBanners,
  listingImages,
  listings,
  packages,
  reviews,
  serviceProviders,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { effectivePackageTypeColumn, packageInForceColumn, packageView } from '../packages/service.ts';
import { packageCanReceive } from '../reviews/service.ts';
import { browse, CARD_FROM, cardSelect, toCard } from './browse.ts';
import { cachedCatalogue } from './cache.ts';

export const LISTING_NOT_FOUND = 'Listing not found';
export const PROVIDER_NOT_FOUND = 'Provider not found';

const approved = eq(listings.status, 'approved');

/**
 * Cards of approved listings matching `where` (SQL over `l`), in `order`, at most `limit`: one query, a
 * prepared statement unless `where` varies in shape (its plan does not depend on the values).
 */
async function cards(db: Db, where: SQL, order: SQL, limit?: number, prepare = true): Promise<ListingCard[]> {
  if (limit !== undefined && !Number.isSafeInteger(limit)) throw new Error(`bad limit ${limit}`);
  const rows = await queryRows<Parameters<typeof toCard>[0]>(
    db,
    sql`select ${cardSelect(null)} from ${CARD_FROM}
        where l.status = 'approved' and ${where}
        order by ${order}${limit === undefined ? sql`` : sql.raw(` limit ${limit}`)}`,
    { prepare },
  );
  return rows.map(toCard);
}

/** The browse order, spelled as its index is built (see browse.ts). */
const RANKED = sql`l.rank desc nulls last, l.created_at desc nulls last, l.id desc nulls last`;

/** Cards for the given listings that are approved, keyed by id (the favourites list uses this). */
export async function approvedCardsById(db: Db, ids: string[]): Promise<Map<string, ListingCard>> {
  if (ids.length === 0) return new Map();
  // As many parameters as favourites: a statement text per count, so not prepared.
  const list = await cards(db, sql`l.id in ${ids}`, RANKED, undefined, false);
  return new Map(list.map((c) => [c.id, c]));
}

/** Home: up to 18 approved listings in the browse order (featured, priority placement, newest). */
export function homeListings(db: Db): Promise<{ items: ListingCard[] }> {
  return cachedCatalogue(db, 'home', async () => ({
    items: await cards(db, sql`true`, RANKED, LIMITS.homeListings),
  }));
}

/**
 * Browse: approved listings matching the filters, a page at a time after a cursor (see browse.ts). Every
 * answer (each filter, search, location and page) comes from the short-lived catalogue cache, so that the
 * visitors of one shared link cost one query together, however many of them ask at once.
 */
export function browseListings(db: Db, q: BrowseQuery): Promise<BrowseResult> {
  const key = `browse:${JSON.stringify([
    q.category,
    q.province,
    q.sort,
    q.minPrice,
    q.maxPrice,
    q.pageSize,
    q.search,
    q.lat,
    q.lng,
    q.cursor,
  ])}`;
  return cachedCatalogue(db, key, () => browse(db, q));
}

/** The caller's own provider id, if any. */
async function providerIdOf(db: Db, actor: Actor | null): Promise<string | null> {
  if (!actor) return null;
  const [row] = await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, actor.userId));
  return row?.id ?? null;
}

/** A listing the caller may see: approved, or their own, or any for an admin. Otherwise 404. */
async function visibleListing(db: Db, id: string, actor: () => Promise<Actor | null>) {
  const [row] = await db
    .select({
      id: listings.id,
      status: listings.status,
      categoryId: listings.categoryId,
      serviceProviderId: listings.serviceProviderId,
    })
    .from(listings)
    .where(eq(listings.id, id));
  if (!row) throw notFound(LISTING_NOT_FOUND);
  if (row.status !== 'approved') {
    const who = await actor();
    if (!canActOnProviderResource(who, await providerIdOf(db, who), row.serviceProviderId)) {
      throw notFound(LISTING_NOT_FOUND);
    }
  }
  return row;
}

/**
 * The package label on public pages is the package's name (Premium, Standard, Basic), never its price:
 * parents would read a price there as the provider's own. Prices show on /packages, /checkout and the
 * provider's own dashboard.
 */
function packageLabel(type: string, name: string | null): string {
  if (name) return name;
  return type
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

function packageFlag(type: string, value: boolean | null, flag: 'hasVerificationBadge'): boolean {
  if (value != null) return value;
  const defaults = DEFAULT_PACKAGE_LIMITS[type as keyof typeof DEFAULT_PACKAGE_LIMITS];
  return defaults?.[flag] ?? false;
}

/**
 * A listing as the public sees it, from the catalogue cache (one read for every visitor of a shared link,
 * however many ask at once); null when the public may not see it (not approved, or no such listing): the
 * caller then asks listingDetail with the actor, never the cache.
 */
export function publicListingDetail(db: Db, id: string): Promise<ListingDetail | null> {
  return cachedCatalogue(db, `listing:${id}`, async () => {
    try {
      return await listingDetail(db, id, async () => null);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return null;
      throw err;
    }
  });
}

export async function listingDetail(
  db: Db,
  id: string,
  actor: () => Promise<Actor | null>,
): Promise<ListingDetail> {
  await visibleListing(db, id, actor);
  const now = new Date();
  const [[row], images] = await Promise.all([
    db
      .select({
        id: listings.id,
        title: listings.title,
        description: listings.description,
        city: listings.city,
        province: listings.province,
        priceFrom: listings.priceFrom,
        priceTo: listings.priceTo,
        latitude: listings.latitude,
        longitude: listings.longitude,
        featured: sql<boolean>`(${listings.featured} and ${packageInForceColumn(now)})`,
        status: listings.status,
        views: listings.views,
        rating: listings.rating,
        reviewCount: listings.reviewCount,
        createdAt: listings.createdAt,
        category: { id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon },
        provider: {
          id: serviceProviders.id,
          businessName: serviceProviders.businessName,
          description: serviceProviders.description,
          logoUrl: serviceProviders.logoUrl,
          phone: serviceProviders.phone,
          whatsApp: serviceProviders.whatsApp,
          enquiryEmail: serviceProviders.enquiryEmail,
          website: serviceProviders.website,
          packageType: effectivePackageTypeColumn(now),
        },
        pkgName: packages.name,
        pkgBadge: packages.hasVerificationBadge,
        pkgReviews: packages.canReceiveReviews,
      })
      .from(listings)
      .innerJoin(categories, eq(categories.id, listings.categoryId))
      .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
      .leftJoin(packages, eq(packages.packageType, effectivePackageTypeColumn(now)))
      .where(eq(listings.id, id)),
    db
      .select({
        id: listingImages.id,
        imageUrl: listingImages.imageUrl,
        isPrimary: listingImages.isPrimary,
        displayOrder: listingImages.displayOrder,
      })
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .orderBy(desc(listingImages.isPrimary), asc(listingImages.displayOrder), asc(listingImages.createdAt)),
  ]);
  if (!row) throw notFound(LISTING_NOT_FOUND);
  const { pkgName, pkgBadge, pkgReviews, provider, createdAt, ...listing } = row;
  const type = provider.packageType;
  return {
    ...listing,
    createdAt: createdAt.toISOString(),
    category: row.category,
    provider: {
      ...provider,
      packageLabel: packageLabel(type, pkgName),
      isPremium: type === 'premium',
      hasVerificationBadge: packageFlag(type, pkgBadge, 'hasVerificationBadge'),
      // The reviews feature owns the rule (package flag, or demo mode).
      canReceiveReviews: await packageCanReceive(db, type, pkgReviews),
    },
    images,
  };
}

/** Up to 6 approved listings of the same category, excluding the listing itself. */
export async function relatedListings(
  db: Db,
  id: string,
  actor: () => Promise<Actor | null>,
): Promise<ListingCard[]> {
  const listing = await visibleListing(db, id, actor);
  return cards(
    db,
    sql`l.category_id = ${listing.categoryId} and l.id <> ${id}`,
    RANKED,
    LIMITS.relatedListings,
  );
}

/** How long one visitor's views of one listing count as one. */
export const VIEW_DEDUP_MINUTES = 30;

/**
 * The day in South Africa that analytics counts `now` in, as a SQL date. From the process's clock, not the
 * database's, so a test can set the time (vi.setSystemTime) and one count never straddles two days.
 */
export function saDay(now: Date = new Date()): SQL {
  return sql`${southAfricanDate(now)}::date`;
}

/**
 * Counts a view of an approved listing, once per visitor and listing every 30 minutes: the listing's
 * views, its provider's total and the listing's daily counter change in one statement. `visitorKey` is an
 * opaque hash (see visitorKey() in routes.ts). Answers 'counted', 'repeat' (seen within 30 minutes) or
 * 'missing' (no such approved listing).
 */
export async function recordView(
  db: Db,
  id: string,
  visitorKey: string,
): Promise<'counted' | 'repeat' | 'missing'> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with mark as (
          insert into listing_view_marks as m (listing_id, visitor_key, counted_at)
          select l.id, ${visitorKey}, now() from listings l where l.id = ${id} and l.status = 'approved'
          on conflict (listing_id, visitor_key) do update set counted_at = now()
            where m.counted_at < now() - make_interval(mins => ${VIEW_DEDUP_MINUTES})
          returning listing_id
        ), viewed as (
          update listings set views = views + 1
          where id in (select listing_id from mark)
          returning id, service_provider_id
        ), daily as (
          insert into listing_daily_stats as d (listing_id, day, views)
          select id, ${saDay()}, 1 from viewed
          on conflict (listing_id, day) do update set views = d.views + 1
        )
        update service_providers sp set total_views = sp.total_views + 1
        from viewed where sp.id = viewed.service_provider_id
        returning sp.id`,
  );
  if (rows.length > 0) return 'counted';
  const [exists] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, id), approved));
  return exists ? 'repeat' : 'missing';
}

/** Forgets view marks older than the dedup window (run now and then; they are only needed that long). */
export async function pruneViewMarks(db: Db): Promise<void> {
  await db.execute(
    sql`delete from listing_view_marks where counted_at < now() - make_interval(mins => ${VIEW_DEDUP_MINUTES})`,
  );
}

/** Public provider profile: the provider, its average rating and its approved listings as cards. */
export async function providerProfile(db: Db, id: string): Promise<ProviderProfile> {
  const now = new Date();
  const [provider] = await db
    .select({
      id: serviceProviders.id,
      businessName: serviceProviders.businessName,
      description: serviceProviders.description,
      logoUrl: serviceProviders.logoUrl,
      phone: serviceProviders.phone,
      whatsApp: serviceProviders.whatsApp,
      enquiryEmail: serviceProviders.enquiryEmail,
      website: serviceProviders.website,
      packageType: effectivePackageTypeColumn(now),
      pkgName: packages.name,
      pkgBadge: packages.hasVerificationBadge,
    })
    .from(serviceProviders)
    .leftJoin(packages, eq(packages.packageType, effectivePackageTypeColumn(now)))
    .where(eq(serviceProviders.id, id));
  if (!provider) throw notFound(PROVIDER_NOT_FOUND);

  const [list, [stats]] = await Promise.all([
    cards(db, sql`l.service_provider_id = ${id}`, RANKED),
    db
      .select({ average: sql<string | null>`avg(${reviews.rating})`, n: count() })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(and(approved, eq(listings.serviceProviderId, id))),
  ]);
  const { pkgName, pkgBadge, phone, whatsApp, enquiryEmail, website, ...rest } = provider;
  const reviewCount = Number(stats?.n ?? 0);
  const average = stats?.average == null ? null : Math.round(Number(stats.average) * 100) / 100;
  // Contact details only for a provider the public can meet through an approved listing (decision 0037).
  const contact =
    list.length > 0
      ? { phone, whatsApp, enquiryEmail, website }
      : { phone: null, whatsApp: null, enquiryEmail: null, website: null };
  return {
    provider: {
      ...rest,
      ...contact,
      packageLabel: packageLabel(rest.packageType, pkgName),
      isPremium: rest.packageType === 'premium',
      hasVerificationBadge: packageFlag(rest.packageType, pkgBadge, 'hasVerificationBadge'),
    },
    averageRating: reviewCount > 0 ? average : null,
    reviewCount,
    listings: list,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reference data

export async function activeHeroBanners(db: Db): Promise<HeroBanner[]> {
  return db
    .select({ id: heroBanners.id, imageUrl: heroBanners.imageUrl, altText: heroBanners.altText })
    .from(heroBanners)
    .where(eq(heroBanners.isActive, true))
    .orderBy(asc(heroBanners.displayOrder), asc(heroBanners.createdAt));
}

export async function allCategories(db: Db): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon })
    .from(categories)
    .orderBy(asc(categories.displayOrder), asc(categories.name));
}

export async function activeFaqs(db: Db): Promise<Faq[]> {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(eq(faqs.isActive, true))
    .orderBy(asc(faqs.displayOrder), asc(faqs.createdAt));
}

export async function activePackages(db: Db): Promise<PublicPackage[]> {
  const rows = await db
    .select()
    .from(packages)
    .where(eq(packages.active, true))
    .orderBy(asc(packages.displayOrder), asc(packages.price));
  return rows.map(packageView);
}
