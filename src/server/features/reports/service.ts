/**
 * Reports of listings (anyone) and of reviews (signed in), decision 0057. A signed-in reporter has at most
 * one open report per listing or review: the partial unique indexes `content_reports_open_listing_key` and
 * `content_reports_open_review_key` decide between two submissions at the same moment, and the second gets
 * 409. Only what the public can see may be reported (an approved listing, a review of one).
 */
import { and, count, eq } from 'drizzle-orm';
import { REPORT_MESSAGES, type Report } from '../../../domain/reports.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { contentReports, listings, reviews } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';

const LISTING_NOT_FOUND = 'Listing not found';
const REVIEW_NOT_FOUND = 'Review not found';

async function approvedListing(db: Db, listingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.status, 'approved')));
  return Boolean(row);
}

/** Records a report of an approved listing; `actor` is null for a visitor. */
export async function reportListing(
  db: Db,
  actor: Actor | null,
  listingId: string,
  input: Report,
): Promise<{ id: string }> {
  if (!(await approvedListing(db, listingId))) throw notFound(LISTING_NOT_FOUND);
  try {
    const [row] = await db
      .insert(contentReports)
      .values({
        type: 'listing',
        listingId,
        reporterUserId: actor?.userId ?? null,
        reason: input.reason,
        details: input.details,
      })
      .returning({ id: contentReports.id });
    return { id: row!.id };
  } catch (err) {
    if (isUniqueViolation(err, 'content_reports_open_listing_key')) {
      throw conflict(REPORT_MESSAGES.listingAlreadyReported);
    }
    throw err;
  }
}

/** Records a signed-in user's report of a review of an approved listing. */
export async function reportReview(
  db: Db,
  actor: Actor,
  reviewId: string,
  input: Report,
): Promise<{ id: string }> {
  const [review] = await db
    .select({ listingId: reviews.listingId })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .where(and(eq(reviews.id, reviewId), eq(listings.status, 'approved')));
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  try {
    const [row] = await db
      .insert(contentReports)
      .values({
        type: 'review',
        listingId: review.listingId,
        reviewId,
        reporterUserId: actor.userId,
        reason: input.reason,
        details: input.details,
      })
      .returning({ id: contentReports.id });
    return { id: row!.id };
  } catch (err) {
    if (isUniqueViolation(err, 'content_reports_open_review_key')) {
      throw conflict(REPORT_MESSAGES.reviewAlreadyReported);
    }
    throw err;
  }
}

/** Open reports in the queue (the admin sidebar's count). */
export async function openReportCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contentReports).where(eq(contentReports.status, 'open'));
  return Number(row?.n ?? 0);
}
