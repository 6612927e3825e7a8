/**
 * Listing moderation: one paged query for the admin table (tab, search, category, province, sort, page),
 * the per-tab counts and stat cards, the detail with images, and approve/reject of one or many listings in
 * one transaction with an audit row per listing, and its mail to each listing's provider. The Changes tab
 * lists listings whose held changes await a decision (moderation-changes.ts decides on them). The default view (a status, newest first) is read from
 * `listings_status_created_idx`; searches use the trigram indexes on title, city and business name.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
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
import {
  categories,
  listingChanges,
  listingImages,
  listings,
  serviceProviders,
  user,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudits } from '../audit/service.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { listingChangesOf } from '../provider-listings/held-changes.ts';
import { hideImages, listingImagesToHide, settleImages } from '../uploads/files.ts';

const hasChanges = sql<boolean>`exists (select 1 from ${listingChanges} where ${listingChanges.listingId} = ${listings.id})`;

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
  hasChanges,
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
  hasChanges: boolean;
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
    hasChanges: r.hasChanges,
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
  const base = db
    .select({
      status: listings.status,
      n: count(),
      changes: sql<number>`count(*) filter (where ${hasChanges})`,
    })
    .from(listings);
  const rows = await (
    needsProvider
      ? base
          .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
          .where(and(...where))
      : base
  ).groupBy(listings.status);
  const counts: StatusCounts = { pending: 0, approved: 0, rejected: 0, all: 0, changes: 0 };
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.all += Number(row.n);
    counts.changes += Number(row.changes);
  }
  return counts;
}

/** The tab's condition: a status, every listing, or those with changes awaiting approval. */
function tabCondition(tab: ModerationQuery['status']): SQL | null {
  if (tab === 'all') return null;
  if (tab === 'changes') return hasChanges;
  return eq(listings.status, tab);
}

export async function moderationPage(db: Db, q: ModerationQuery): Promise<ModerationPage> {
  const filters = filterConditions(q);
  const tab = tabCondition(q.status);
  const where = tab ? [...filters, tab] : filters;
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
    changes: await listingChangesOf(db, id),
  };
}

/** listing_approved or listing_rejected to the provider of each listing, in the caller's transaction. */
async function tellProviders(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  ids: string[],
  status: 'approved' | 'rejected',
  reason: string | null,
) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({
      id: listings.id,
      title: listings.title,
      providerName: serviceProviders.businessName,
      userId: user.id,
      email: user.email,
    })
    .from(listings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
    .innerJoin(user, eq(user.id, serviceProviders.userId))
    .where(inArray(listings.id, ids))
    .orderBy(asc(listings.id));
  for (const row of rows) {
    const common = { providerName: row.providerName, listingId: row.id, listingTitle: row.title };
    await enqueueMail(
      tx,
      status === 'approved'
        ? { kind: 'listing_approved', to: row.email, userId: row.userId, payload: common }
        : { kind: 'listing_rejected', to: row.email, userId: row.userId, payload: { ...common, reason } },
    );
  }
}

/**
 * Approves or rejects the given listings in one transaction: every id must exist (404 otherwise, nothing
 * changes). Approving clears an earlier rejection reason; rejecting stores the optional reason. Only real
 * changes are written and audited (one row per listing whose status or reason changed, with both before and
 * after): approving an approved listing again, or ten admins approving it at once, leaves one audit row.
 * `updated` is the number of listings that now have the status. Each real change mails its provider.
 * `inTransaction` runs inside the same transaction once the listings are locked (the report queue closes
 * the reports of a listing it unpublishes there, so both happen or neither).
 */
export async function moderateListings(
  db: Db,
  storage: Storage,
  actor: Actor,
  body: { ids: string[]; status: 'approved' | 'rejected'; reason: string | null },
  options: { inTransaction?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void> } = {},
): Promise<{ updated: number; status: 'approved' | 'rejected' }> {
  const ids = [...new Set(body.ids)];
  const reason = body.status === 'rejected' ? body.reason : null;
  const { found, changed } = await db.transaction(async (tx) => {
    // Locked in id order, so two overlapping batches queue up instead of deadlocking.
    const before = await tx
      .select({ id: listings.id, status: listings.status, rejectionReason: listings.rejectionReason })
      .from(listings)
      .where(inArray(listings.id, ids))
      .orderBy(asc(listings.id))
      .for('update');
    if (before.length !== ids.length) throw notFound(ADMIN_MESSAGES.listingNotFound);
    await options.inTransaction?.(tx);
    const rows = await tx
      .update(listings)
      .set({ status: body.status, rejectionReason: reason, updatedAt: new Date() })
      .where(
        and(
          inArray(listings.id, ids),
          or(
            ne(listings.status, body.status),
            sql`${listings.rejectionReason} is distinct from ${reason}::text`,
          ),
        ),
      )
      .returning({ id: listings.id });
    const changedIds = new Set(rows.map((r) => r.id));
    // Listings the public could see until now: their files stop being public before this commits.
    const unpublished = before.filter((row) => changedIds.has(row.id) && row.status === 'approved');
    if (body.status !== 'approved' && unpublished.length) {
      await hideImages(
        storage,
        await listingImagesToHide(
          tx,
          unpublished.map((row) => row.id),
        ),
      );
    }
    await recordAudits(
      tx,
      actor,
      before
        .filter((row) => changedIds.has(row.id))
        .map((row) => ({
          action: body.status === 'approved' ? 'listing.approve' : 'listing.reject',
          entityType: 'listing',
          entityId: row.id,
          before: { status: row.status, rejectionReason: row.rejectionReason },
          after: { status: body.status, rejectionReason: reason },
        })),
    );
    await tellProviders(tx, [...changedIds], body.status, reason);
    return { found: before.length, changed: [...changedIds] };
  });
  if (changed.length > 0) catalogueChanged(db);
  if (body.status === 'approved' && changed.length > 0) {
    // Newly public: their files become plain static files now (the first request would do it otherwise).
    const images = await db
      .select({ url: listingImages.imageUrl })
      .from(listingImages)
      .where(inArray(listingImages.listingId, changed));
    await settleImages(
      db,
      storage,
      images.map((i) => i.url),
    );
  }
  return { updated: found, status: body.status };
}
