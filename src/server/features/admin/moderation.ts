/**
 * Listing moderation: one paged query for the admin table (tab, search, category, province, sort, page),
 * the per-tab counts and stat cards, the detail with images, and approve/reject of one or many listings in
 * one transaction with an audit row per listing. The default view (a status, newest first) is read from
 * `listings_status_created_idx`; searches use the trigram indexes on title, city and business name.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  type ModerationDetail,
  type ModerationPage,
  type ModerationQuery,
  type ModerationRow,
  type StatusCounts,
} from '../../../domain/admin.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { categories, listingImages, listings, serviceProviders, user } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { recordAudits } from '../audit/service.ts';
import { catalogueChanged } from '../marketplace/cache.ts';

const rowColumns = {
  id: listings.id,
  title: listings.title,
  status: listings.status,
  rejectionReason: listings.rejectionReason,
  businessName: serviceProviders.businessName,
  providerId: listings.serviceProviderId,
  categoryName: categories.name,
  categorySlug: categories.slug,
  province: listings.province,
  city: listings.city,
  priceFrom: listings.priceFrom,
  priceTo: listings.priceTo,
  primaryImageUrl: listings.primaryImageUrl,
  createdAt: listings.createdAt,
};

interface RawRow {
  id: string;
  title: string;
  status: 'pending' | 'approved' | 'rejected';
  rejectionReason: string | null;
  businessName: string;
  providerId: string;
  categoryName: string;
  categorySlug: string;
  province: string;
  city: string;
  priceFrom: number | null;
  priceTo: number | null;
  primaryImageUrl: string | null;
  createdAt: Date;
}

function toRow(r: RawRow): ModerationRow {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    rejectionReason: r.rejectionReason,
    businessName: r.businessName,
    providerId: r.providerId,
    category: { name: r.categoryName, slug: r.categorySlug },
    province: r.province,
    city: r.city,
    priceFrom: r.priceFrom === null ? null : Number(r.priceFrom),
    priceTo: r.priceTo === null ? null : Number(r.priceTo),
    primaryImageUrl: r.primaryImageUrl,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The search, category and province conditions (everything but the tab). */
function filterConditions(q: Pick<ModerationQuery, 'search' | 'category' | 'province'>): SQL[] {
  const where: SQL[] = [];
  if (q.search) {
    const pattern = containsPattern(q.search);
    where.push(
      or(
        ilike(listings.title, pattern),
        ilike(listings.city, pattern),
        ilike(serviceProviders.businessName, pattern),
      )!,
    );
  }
  if (q.category) {
    where.push(
      eq(
        listings.categoryId,
        sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${q.category})`,
      ),
    );
  }
  if (q.province) where.push(eq(listings.province, q.province));
  return where;
}

function orderBy(q: Pick<ModerationQuery, 'sort' | 'dir'>): SQL[] {
  const dir = q.dir === 'asc' ? asc : desc;
  switch (q.sort) {
    case 'title':
      return [dir(sql`lower(${listings.title})`), dir(listings.id)];
    case 'business_name':
      return [dir(sql`lower(${serviceProviders.businessName})`), desc(listings.createdAt), dir(listings.id)];
    case 'price_from':
      // Listings without a price come last in both directions.
      return [
        sql`${listings.priceFrom} ${sql.raw(q.dir === 'asc' ? 'asc' : 'desc')} nulls last`,
        dir(listings.id),
      ];
    case 'created_at':
      return [dir(listings.createdAt), dir(listings.id)];
  }
}

async function countsBy(db: Db, where: SQL[]): Promise<StatusCounts> {
  const needsProvider = where.length > 0;
  const base = db.select({ status: listings.status, n: count() }).from(listings);
  const rows = await (
    needsProvider
      ? base
          .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
          .where(and(...where))
      : base
  ).groupBy(listings.status);
  const counts: StatusCounts = { pending: 0, approved: 0, rejected: 0, all: 0 };
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

export async function moderationPage(db: Db, q: ModerationQuery): Promise<ModerationPage> {
  const filters = filterConditions(q);
  const where = q.status === 'all' ? filters : [...filters, eq(listings.status, q.status)];
  const [rows, counts, stats] = await Promise.all([
    db
      .select(rowColumns)
      .from(listings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
      .innerJoin(categories, eq(categories.id, listings.categoryId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(...orderBy(q))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    countsBy(db, filters),
    filters.length ? countsBy(db, []) : null,
  ]);
  return {
    items: rows.map(toRow),
    total: counts[q.status],
    counts,
    stats: stats ?? counts,
  };
}

export async function moderationDetail(db: Db, id: string): Promise<ModerationDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      description: listings.description,
      latitude: listings.latitude,
      longitude: listings.longitude,
      featured: listings.featured,
      views: listings.views,
      providerDescription: serviceProviders.description,
      packageType: serviceProviders.packageType,
      email: user.email,
    })
    .from(listings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
    .innerJoin(categories, eq(categories.id, listings.categoryId))
    .innerJoin(user, eq(user.id, serviceProviders.userId))
    .where(eq(listings.id, id));
  if (!row) throw notFound(ADMIN_MESSAGES.listingNotFound);
  const images = await db
    .select({ id: listingImages.id, imageUrl: listingImages.imageUrl, isPrimary: listingImages.isPrimary })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(desc(listingImages.isPrimary), asc(listingImages.displayOrder), asc(listingImages.createdAt));
  return {
    ...toRow(row),
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    featured: row.featured,
    views: row.views,
    images,
    provider: {
      id: row.providerId,
      businessName: row.businessName,
      description: row.providerDescription,
      packageType: row.packageType,
      email: row.email,
    },
  };
}

/**
 * Approves or rejects the given listings in one transaction: every id must exist (404 otherwise, nothing
 * changes). Approving clears an earlier rejection reason; rejecting stores the optional reason. One audit
 * row per listing, with its status and reason before and after.
 */
export async function moderateListings(
  db: Db,
  actor: Actor,
  body: { ids: string[]; status: 'approved' | 'rejected'; reason: string | null },
): Promise<{ updated: number; status: 'approved' | 'rejected' }> {
  const ids = [...new Set(body.ids)];
  const reason = body.status === 'rejected' ? body.reason : null;
  const updated = await db.transaction(async (tx) => {
    const before = await tx
      .select({ id: listings.id, status: listings.status, rejectionReason: listings.rejectionReason })
      .from(listings)
      .where(inArray(listings.id, ids))
      .for('update');
    if (before.length !== ids.length) throw notFound(ADMIN_MESSAGES.listingNotFound);
    await tx
      .update(listings)
      .set({ status: body.status, rejectionReason: reason, updatedAt: new Date() })
      .where(inArray(listings.id, ids));
    await recordAudits(
      tx,
      actor,
      before.map((row) => ({
        action: body.status === 'approved' ? 'listing.approve' : 'listing.reject',
        entityType: 'listing',
        entityId: row.id,
        before: { status: row.status, rejectionReason: row.rejectionReason },
        after: { status: body.status, rejectionReason: reason },
      })),
    );
    return before.length;
  });
  catalogueChanged(db);
  return { updated, status: body.status };
}
