/**
 * The public marketplace: listing cards (home, browse, related, provider profile), listing detail, the view
 * counter and the public reference data (hero banners, categories, FAQs, active packages).
 * Nothing that is not `approved` leaves these functions, except a listing's detail for its owner or an admin.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM, LIMITS } from '../../../domain/constants.ts';
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
import { DEFAULT_PACKAGE_LIMITS, PACKAGE_LABELS } from '../../../domain/packages.ts';
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
import { notFound } from '../../errors.ts';
import { packageCanReceive } from '../reviews/service.ts';

export const LISTING_NOT_FOUND = 'Listing not found';
export const PROVIDER_NOT_FOUND = 'Provider not found';

const approved = eq(listings.status, 'approved');

/** Escapes LIKE wildcards so that `%`, `_` and `\` in a search match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Great-circle (haversine) distance in km from a point to the listing's coordinates; null without them. */
function distanceSql(lat: number, lng: number): SQL<number | null> {
  // least() ignores nulls, so listings without coordinates are handled explicitly.
  return sql<number | null>`(case when ${listings.latitude} is null or ${listings.longitude} is null then null
    else 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(${listings.latitude} - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(${listings.latitude}))
        * power(sin(radians(${listings.longitude} - ${lng}::float8) / 2), 2)))) end)`;
}

function cardColumns(distance: SQL<number | null> | null) {
  return {
    id: listings.id,
    title: listings.title,
    city: listings.city,
    province: listings.province,
    priceFrom: listings.priceFrom,
    priceTo: listings.priceTo,
    featured: listings.featured,
    rating: listings.rating,
    reviewCount: listings.reviewCount,
    views: listings.views,
    category: { id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon },
    provider: {
      id: serviceProviders.id,
      businessName: serviceProviders.businessName,
      packageType: serviceProviders.packageType,
      logoUrl: serviceProviders.logoUrl,
    },
    distanceKm: distance
      ? sql<number | null>`${distance}`.mapWith((v: unknown) => (v == null ? null : Number(v)))
      : sql<number | null>`null::float8`,
  };
}

type CardRow = Omit<ListingCard, 'primaryImageUrl'>;

/** One query for the primary image of every listing on the page: primary first, then display_order. */
async function withPrimaryImages(db: Db, rows: CardRow[]): Promise<ListingCard[]> {
  if (rows.length === 0) return [];
  const images = await db
    .selectDistinctOn([listingImages.listingId], {
      listingId: listingImages.listingId,
      url: listingImages.imageUrl,
    })
    .from(listingImages)
    .where(
      inArray(
        listingImages.listingId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(
      listingImages.listingId,
      desc(listingImages.isPrimary),
      asc(listingImages.displayOrder),
      asc(listingImages.createdAt),
    );
  const byListing = new Map(images.map((i) => [i.listingId, i.url]));
  return rows.map((r) => ({ ...r, distanceKm: r.distanceKm, primaryImageUrl: byListing.get(r.id) ?? null }));
}

function cardsQuery(db: Db, distance: SQL<number | null> | null) {
  return db
    .select(cardColumns(distance))
    .from(listings)
    .innerJoin(categories, eq(categories.id, listings.categoryId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
    .leftJoin(packages, eq(packages.packageType, serviceProviders.packageType));
}

const newestFirst = [desc(listings.featured), desc(listings.createdAt), asc(listings.id)];

/** Cards for the given listings that are approved, keyed by id (the favourites list uses this). */
export async function approvedCardsById(db: Db, ids: string[]): Promise<Map<string, ListingCard>> {
  if (ids.length === 0) return new Map();
  const rows = await cardsQuery(db, null).where(and(approved, inArray(listings.id, ids)));
  const cards = await withPrimaryImages(db, rows);
  return new Map(cards.map((c) => [c.id, c]));
}

/** Home: up to 18 approved listings, featured first, then newest. */
export async function homeListings(db: Db): Promise<ListingCard[]> {
  const rows = await cardsQuery(db, null)
    .where(approved)
    .orderBy(...newestFirst)
    .limit(LIMITS.homeListings);
  return withPrimaryImages(db, rows);
}

/**
 * Browse: approved listings matching the filters, a page at a time. With a location: nearest first and
 * listings without coordinates last; otherwise featured, then the package's priority placement, then newest.
 */
export async function browseListings(db: Db, q: BrowseQuery): Promise<BrowseResult> {
  const conditions: SQL[] = [approved];
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    conditions.push(or(ilike(listings.title, pattern), ilike(listings.description, pattern))!);
  }
  if (q.province) conditions.push(eq(listings.province, q.province));
  if (q.category) conditions.push(eq(categories.slug, q.category));
  const where = and(...conditions)!;

  const distance = q.lat !== undefined && q.lng !== undefined ? distanceSql(q.lat, q.lng) : null;
  const placement = [
    desc(listings.featured),
    desc(sql`coalesce(${packages.hasPriorityPlacement}, false)`),
    desc(listings.createdAt),
    asc(listings.id),
  ];
  const order = distance ? [sql`${distance} asc nulls last`, ...placement] : placement;

  const [rows, totals] = await Promise.all([
    cardsQuery(db, distance)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(listings)
      .innerJoin(categories, eq(categories.id, listings.categoryId))
      .where(where),
  ]);
  return {
    items: await withPrimaryImages(db, rows),
    total: Number(totals[0]?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
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

function packageLabel(type: string, pkg: { price: number | null; period: string | null }): string {
  const known = PACKAGE_LABELS[type];
  if (known) return known;
  if (pkg.price == null) return type;
  if (pkg.price === 0) return 'FREE';
  const amount = Number.isInteger(pkg.price) ? String(pkg.price) : pkg.price.toFixed(2);
  return `R${amount}${pkg.period === '/month' || pkg.period == null ? '/mo' : pkg.period}`;
}

function packageFlag(type: string, value: boolean | null, flag: 'hasVerificationBadge'): boolean {
  if (value != null) return value;
  const defaults = DEFAULT_PACKAGE_LIMITS[type as keyof typeof DEFAULT_PACKAGE_LIMITS];
  return defaults?.[flag] ?? false;
}

export async function listingDetail(
  db: Db,
  id: string,
  actor: () => Promise<Actor | null>,
): Promise<ListingDetail> {
  await visibleListing(db, id, actor);
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
        featured: listings.featured,
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
          packageType: serviceProviders.packageType,
        },
        pkgPrice: packages.price,
        pkgPeriod: packages.period,
        pkgBadge: packages.hasVerificationBadge,
        pkgReviews: packages.canReceiveReviews,
      })
      .from(listings)
      .innerJoin(categories, eq(categories.id, listings.categoryId))
      .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
      .leftJoin(packages, eq(packages.packageType, serviceProviders.packageType))
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
  const { pkgPrice, pkgPeriod, pkgBadge, pkgReviews, provider, createdAt, ...listing } = row;
  const type = provider.packageType;
  return {
    ...listing,
    createdAt: createdAt.toISOString(),
    category: row.category,
    provider: {
      ...provider,
      packageLabel: packageLabel(type, { price: pkgPrice, period: pkgPeriod }),
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
  const rows = await cardsQuery(db, null)
    .where(and(approved, eq(listings.categoryId, listing.categoryId), ne(listings.id, id)))
    .orderBy(...newestFirst)
    .limit(LIMITS.relatedListings);
  return withPrimaryImages(db, rows);
}

/** How long one visitor's views of one listing count as one. */
export const VIEW_DEDUP_MINUTES = 30;

/** Today's date in South Africa (UTC+2 all year), the day analytics counts in. */
export const SA_DAY = sql`((now() at time zone 'UTC') + interval '2 hours')::date`;

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
          select id, ${SA_DAY}, 1 from viewed
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
  const [provider] = await db
    .select({
      id: serviceProviders.id,
      businessName: serviceProviders.businessName,
      description: serviceProviders.description,
      logoUrl: serviceProviders.logoUrl,
      packageType: serviceProviders.packageType,
      pkgPrice: packages.price,
      pkgPeriod: packages.period,
      pkgBadge: packages.hasVerificationBadge,
    })
    .from(serviceProviders)
    .leftJoin(packages, eq(packages.packageType, serviceProviders.packageType))
    .where(eq(serviceProviders.id, id));
  if (!provider) throw notFound(PROVIDER_NOT_FOUND);

  const [rows, [stats]] = await Promise.all([
    cardsQuery(db, null)
      .where(and(approved, eq(listings.serviceProviderId, id)))
      .orderBy(...newestFirst),
    db
      .select({ average: sql<string | null>`avg(${reviews.rating})`, n: count() })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(and(approved, eq(listings.serviceProviderId, id))),
  ]);
  const { pkgPrice, pkgPeriod, pkgBadge, ...rest } = provider;
  const reviewCount = Number(stats?.n ?? 0);
  const average = stats?.average == null ? null : Math.round(Number(stats.average) * 100) / 100;
  return {
    provider: {
      ...rest,
      packageLabel: packageLabel(rest.packageType, { price: pkgPrice, period: pkgPeriod }),
      isPremium: rest.packageType === 'premium',
      hasVerificationBadge: packageFlag(rest.packageType, pkgBadge, 'hasVerificationBadge'),
    },
    averageRating: reviewCount > 0 ? average : null,
    reviewCount,
    listings: await withPrimaryImages(db, rows),
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
  return rows.map((p) => ({
    id: p.id,
    packageType: p.packageType,
    name: p.name,
    emoji: p.emoji,
    price: p.price,
    period: p.period,
    maxListings: p.maxListings,
    maxImages: p.maxImages,
    color: p.color,
    features: Array.isArray(p.features) ? p.features.map(String) : [],
    popular: p.popular,
    active: p.active,
    canFeature: p.canFeature,
    hasPriorityPlacement: p.hasPriorityPlacement,
    hasAnalytics: p.hasAnalytics,
    hasVerificationBadge: p.hasVerificationBadge,
    canReceiveReviews: p.canReceiveReviews,
    displayOrder: p.displayOrder,
  }));
}
