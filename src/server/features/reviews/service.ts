/**
 * Reviews: one per user and listing, only on approved listings whose provider's package can receive reviews.
 * Every change runs in one transaction that first locks the listing row (so changes to one listing
 * serialise), then changes the review, then recomputes listing.rating and listing.review_count from the
 * reviews table. The listing's provider (or an admin) may publish one response under each review, edit it and
 * delete it (decision 0058).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  REVIEW_MESSAGES,
  type ListingReviews,
  type Review,
  type ReviewChange,
  type ReviewView,
} from '../../../domain/engagement.ts';
import { DEFAULT_PACKAGE_LIMITS } from '../../../domain/packages.ts';
import { REVIEW_RESPONSE_MESSAGES } from '../../../domain/reports.ts';
import { canActOnUserResource, isAuthor, type Actor } from '../../auth/policy.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { listings, packages, profiles, reviews, serviceProviders } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { effectivePackageTypeColumn, effectivePackageTypeSql } from '../packages/service.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { getDemoMode } from '../settings/service.ts';

export const LISTING_NOT_FOUND = 'Listing not found';
export const REVIEW_NOT_FOUND = 'Review not found';

/** A transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

interface LockedListing {
  id: string;
  status: string;
  providerId: string;
  providerUserId: string;
  canReceiveReviews: boolean;
}

/**
 * Whether a provider's package can receive reviews (packages.can_receive_reviews). While demo mode is on,
 * every provider counts as premium (decision 0016), which can.
 */
export async function packageCanReceive(
  db: Runner,
  packageType: string,
  canReceive: boolean | null,
): Promise<boolean> {
  const known = DEFAULT_PACKAGE_LIMITS[packageType as keyof typeof DEFAULT_PACKAGE_LIMITS];
  // A provider whose package row is missing falls back to the spec's defaults for that type.
  if (canReceive ?? known?.canReceiveReviews ?? false) return true;
  return getDemoMode(db as Db);
}

/** Locks the listing row for the rest of the transaction and reads what the review rules need. */
async function lockListing(tx: Tx, listingId: string): Promise<LockedListing | null> {
  const now = new Date();
  const rows = await queryRows<{
    id: string;
    status: string;
    provider_id: string;
    provider_user_id: string;
    package_type: string;
    can_receive_reviews: boolean | null;
  }>(
    tx as unknown as Db,
    sql`select l.id, l.status, l.service_provider_id as provider_id, sp.user_id as provider_user_id,
               ${effectivePackageTypeSql('sp', now)} as package_type, p.can_receive_reviews
          from ${listings} l
          join ${serviceProviders} sp on sp.id = l.service_provider_id
          left join ${packages} p on p.package_type = ${effectivePackageTypeSql('sp', now)}
         where l.id = ${listingId}
           for update of l`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    providerId: row.provider_id,
    providerUserId: row.provider_user_id,
    canReceiveReviews: await packageCanReceive(tx, row.package_type, row.can_receive_reviews),
  };
}

/** Recomputes the listing's kept aggregate from its reviews. Call inside the transaction of the change. */
export async function recomputeListingRating(
  tx: Runner,
  listingId: string,
): Promise<{ id: string; rating: number; reviewCount: number }> {
  const [row] = await tx
    .update(listings)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2) from ${reviews} where ${reviews.listingId} = ${listingId}), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.listingId} = ${listingId})`,
    })
    .where(eq(listings.id, listingId))
    .returning({ id: listings.id, rating: listings.rating, reviewCount: listings.reviewCount });
  return { id: row!.id, rating: Number(row!.rating), reviewCount: Number(row!.reviewCount) };
}

const viewColumns = {
  id: reviews.id,
  listingId: reviews.listingId,
  userId: reviews.userId,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  name: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  response: reviews.response,
  responseCreatedAt: reviews.responseCreatedAt,
  responseUpdatedAt: reviews.responseUpdatedAt,
  businessName: serviceProviders.businessName,
};

function toView(row: {
  id: string;
  listingId: string;
  userId: string | null;
  rating: number;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
  name: string | null;
  avatarUrl: string | null;
  response: string | null;
  responseCreatedAt: Date | null;
  responseUpdatedAt: Date | null;
  businessName: string;
}): ReviewView {
  return {
    id: row.id,
    listingId: row.listingId,
    userId: row.userId,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { name: row.name?.trim() ? row.name : null, avatarUrl: row.avatarUrl },
    response:
      row.response !== null && row.responseCreatedAt && row.responseUpdatedAt
        ? {
            body: row.response,
            businessName: row.businessName,
            createdAt: row.responseCreatedAt.toISOString(),
            updatedAt: row.responseUpdatedAt.toISOString(),
          }
        : null,
  };
}

async function loadView(db: Runner, id: string): Promise<ReviewView> {
  const [row] = await db
    .select(viewColumns)
    .from(reviews)
    .innerJoin(serviceProviders, eq(serviceProviders.id, reviews.serviceProviderId))
    .leftJoin(profiles, eq(profiles.id, reviews.userId))
    .where(eq(reviews.id, id));
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return toView(row);
}

/** The reviews of an approved listing, newest first, with the summary the reviews section shows. */
export async function listReviews(db: Db, actor: Actor | null, listingId: string): Promise<ListingReviews> {
  const now = new Date();
  const [listing] = await db
    .select({
      id: listings.id,
      packageType: effectivePackageTypeColumn(now),
      providerUserId: serviceProviders.userId,
      canReceive: packages.canReceiveReviews,
    })
    .from(listings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
    .leftJoin(packages, eq(packages.packageType, effectivePackageTypeColumn(now)))
    .where(and(eq(listings.id, listingId), eq(listings.status, 'approved')));
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  const rows = await db
    .select(viewColumns)
    .from(reviews)
    .innerJoin(serviceProviders, eq(serviceProviders.id, reviews.serviceProviderId))
    .leftJoin(profiles, eq(profiles.id, reviews.userId))
    .where(eq(reviews.listingId, listingId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const items = rows.map(toView);
  const total = items.reduce((s, r) => s + r.rating, 0);
  return {
    items,
    average: items.length ? Math.round((total / items.length) * 100) / 100 : 0,
    count: items.length,
    canReceiveReviews: await packageCanReceive(db, listing.packageType, listing.canReceive),
    myReviewId: actor ? (items.find((r) => r.userId === actor.userId)?.id ?? null) : null,
    ownListing: actor?.userId === listing.providerUserId,
  };
}

/** The rules every create and edit checks on the locked listing. */
function assertReviewable(listing: LockedListing | null, actor: Actor): asserts listing is LockedListing {
  if (!listing || listing.status !== 'approved') throw notFound(LISTING_NOT_FOUND);
  if (!listing.canReceiveReviews) throw forbidden(REVIEW_MESSAGES.packageCannotReceive);
  if (listing.providerUserId === actor.userId) throw forbidden(REVIEW_MESSAGES.ownListing);
}

/**
 * Creates the caller's review of a listing, or edits it when they already have one ("a second submission
 * edits the first"). Concurrent submissions leave one row (unique user + listing, on conflict do update).
 */
export async function submitReview(
  db: Db,
  actor: Actor,
  listingId: string,
  input: Review,
): Promise<ReviewChange & { created: boolean }> {
  const change = await db.transaction(async (tx) => {
    const listing = await lockListing(tx, listingId);
    assertReviewable(listing, actor);
    const [row] = await tx
      .insert(reviews)
      .values({
        listingId,
        serviceProviderId: listing.providerId,
        userId: actor.userId,
        rating: input.rating,
        comment: input.comment,
      })
      .onConflictDoUpdate({
        target: [reviews.userId, reviews.listingId],
        set: { rating: input.rating, comment: input.comment, updatedAt: sql`now()` },
      })
      // xmax = 0 only for a freshly inserted row.
      .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });
    const aggregate = await recomputeListingRating(tx, listingId);
    return { review: await loadView(tx, row!.id), listing: aggregate, created: Boolean(row!.created) };
  });
  // The listing's rating, count and reviews are on its public page and cards.
  catalogueChanged(db);
  return change;
}

async function reviewOwner(db: Runner, id: string) {
  const [row] = await db
    .select({ id: reviews.id, listingId: reviews.listingId, userId: reviews.userId })
    .from(reviews)
    .where(eq(reviews.id, id));
  return row ?? null;
}

/** Edits a review. Its author only (admins may delete but not rewrite someone else's words). */
export async function editReview(db: Db, actor: Actor, id: string, input: Review): Promise<ReviewChange> {
  const found = await reviewOwner(db, id);
  if (!found) throw notFound(REVIEW_NOT_FOUND);
  const change = await db.transaction(async (tx) => {
    const listing = await lockListing(tx, found.listingId);
    // Re-read under the lock: the review may have gone meanwhile.
    const current = await reviewOwner(tx, id);
    if (!current) throw notFound(REVIEW_NOT_FOUND);
    if (!isAuthor(actor, current.userId)) throw forbidden(REVIEW_MESSAGES.notYours);
    assertReviewable(listing, actor);
    await tx
      .update(reviews)
      .set({ rating: input.rating, comment: input.comment, updatedAt: sql`now()` })
      .where(eq(reviews.id, id));
    const aggregate = await recomputeListingRating(tx, found.listingId);
    return { review: await loadView(tx, id), listing: aggregate };
  });
  catalogueChanged(db);
  return change;
}

/**
 * Deletes a review. Its author or an admin. `inTransaction` runs first inside the deletion's transaction,
 * with the listing locked (the report queue closes the review's reports and writes its audit row there).
 */
export async function deleteReview(
  db: Db,
  actor: Actor,
  id: string,
  options: { inTransaction?: (tx: Tx) => Promise<void> } = {},
): Promise<{ listing: { id: string; rating: number; reviewCount: number } }> {
  const found = await reviewOwner(db, id);
  if (!found) throw notFound(REVIEW_NOT_FOUND);
  if (!canActOnUserResource(actor, found.userId)) throw forbidden(REVIEW_MESSAGES.notYours);
  const change = await db.transaction(async (tx) => {
    await lockListing(tx, found.listingId);
    await options.inTransaction?.(tx);
    const deleted = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
    if (!deleted.length) throw notFound(REVIEW_NOT_FOUND);
    return { listing: await recomputeListingRating(tx, found.listingId) };
  });
  catalogueChanged(db);
  return change;
}

// ---------------------------------------------------------------------------------------------------------
// The provider's response to a review (decision 0058)

/** Locks the review's listing, then reads the review and who provides its listing. */
async function lockForResponse(tx: Tx, actor: Actor, reviewId: string) {
  const found = await reviewOwner(tx, reviewId);
  if (!found) throw notFound(REVIEW_NOT_FOUND);
  const listing = await lockListing(tx, found.listingId);
  const [current] = await tx
    .select({ id: reviews.id, response: reviews.response })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!listing || !current) throw notFound(REVIEW_NOT_FOUND);
  // The listing's provider, or an admin; never the reviewer or another provider.
  if (!canActOnUserResource(actor, listing.providerUserId)) {
    throw forbidden(REVIEW_RESPONSE_MESSAGES.notYours);
  }
  return { listing, current };
}

/**
 * Writes or rewrites the public response under a review: one per review (a second answer edits the first;
 * its first date stays). An admin acting for a provider is audited.
 */
export async function saveReviewResponse(
  db: Db,
  actor: Actor,
  reviewId: string,
  body: string,
): Promise<{ review: ReviewView; created: boolean }> {
  const saved = await db.transaction(async (tx) => {
    const { listing, current } = await lockForResponse(tx, actor, reviewId);
    await tx
      .update(reviews)
      .set({
        response: body,
        responseCreatedAt: sql`coalesce(${reviews.responseCreatedAt}, now())`,
        responseUpdatedAt: sql`now()`,
      })
      .where(eq(reviews.id, reviewId));
    if (actor.userId !== listing.providerUserId) {
      await recordAudit(tx, actor, {
        action: 'review.respond',
        entityType: 'review',
        entityId: reviewId,
        before: { response: current.response },
        after: { response: body },
      });
    }
    return { review: await loadView(tx, reviewId), created: current.response === null };
  });
  // The listing's public page shows the response: its cached copy goes (as for a review).
  catalogueChanged(db);
  return saved;
}

/** Removes the response under a review (404 when it has none). */
export async function deleteReviewResponse(db: Db, actor: Actor, reviewId: string): Promise<ReviewView> {
  const view = await db.transaction(async (tx) => {
    const { listing, current } = await lockForResponse(tx, actor, reviewId);
    if (current.response === null) throw notFound(REVIEW_RESPONSE_MESSAGES.notFound);
    await tx
      .update(reviews)
      .set({ response: null, responseCreatedAt: null, responseUpdatedAt: null })
      .where(eq(reviews.id, reviewId));
    if (actor.userId !== listing.providerUserId) {
      await recordAudit(tx, actor, {
        action: 'review.delete_response',
        entityType: 'review',
        entityId: reviewId,
        before: { response: current.response },
      });
    }
    return loadView(tx, reviewId);
  });
  catalogueChanged(db);
  return view;
}
