/**
 * The admin's report queue (/admin/reports, decision 0057): one paged query over listing and review reports,
 * and the three decisions. Unpublishing goes through the moderation service (the listing is rejected with
 * the reason its provider sees, audited and mailed as moderation does) and removing a review through the
 * reviews service (the listing's rating and count recomputed in the same transaction); both close every
 * open report of that listing or review inside that transaction. Dismissing closes the one report. Each
 * decision writes its audit row in its transaction.
 */
import { aliasedTable, and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  REPORT_MESSAGES,
  type ReportActionResult,
  type ReportPage,
  type ReportQuery,
  type ReportRow,
} from '../../../domain/reports.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { contentReports, listings, profiles, reviews, serviceProviders } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { moderateListings } from '../admin/moderation.ts';
import { recordAudit } from '../audit/service.ts';
import { deleteReview, type Tx } from '../reviews/service.ts';
import { openReportCount } from './service.ts';

const reporterProfiles = aliasedTable(profiles, 'reporter_profiles');
const authorProfiles = aliasedTable(profiles, 'author_profiles');

function filters(q: ReportQuery): SQL[] {
  const where: SQL[] = [eq(contentReports.status, q.status)];
  if (q.type) where.push(eq(contentReports.type, q.type));
  if (q.reason) where.push(eq(contentReports.reason, q.reason));
  if (q.search) {
    const pattern = containsPattern(q.search);
    where.push(
      or(
        ilike(listings.title, pattern),
        ilike(serviceProviders.businessName, pattern),
        ilike(contentReports.details, pattern),
      )!,
    );
  }
  return where;
}

function orderBy(q: ReportQuery): SQL[] {
  const dir = q.dir === 'asc' ? asc : desc;
  switch (q.sort) {
    case 'reason':
      return [dir(contentReports.reason), desc(contentReports.createdAt), dir(contentReports.id)];
    case 'listing':
      return [dir(sql`lower(${listings.title})`), desc(contentReports.createdAt), dir(contentReports.id)];
    case 'created_at':
      return [dir(contentReports.createdAt), dir(contentReports.id)];
  }
}

export async function reportPage(db: Db, q: ReportQuery): Promise<ReportPage> {
  const where = and(...filters(q));
  const base = () =>
    db
      .select({ n: count() })
      .from(contentReports)
      .innerJoin(listings, eq(listings.id, contentReports.listingId))
      .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
      .where(where);
  const [rows, [total], open] = await Promise.all([
    db
      .select({
        id: contentReports.id,
        type: contentReports.type,
        status: contentReports.status,
        reason: contentReports.reason,
        details: contentReports.details,
        createdAt: contentReports.createdAt,
        resolvedAt: contentReports.resolvedAt,
        listingId: listings.id,
        listingTitle: listings.title,
        listingStatus: listings.status,
        businessName: serviceProviders.businessName,
        reviewId: reviews.id,
        reviewRating: reviews.rating,
        reviewComment: reviews.comment,
        authorName: authorProfiles.fullName,
        reporterName: reporterProfiles.fullName,
        reporterUserId: contentReports.reporterUserId,
      })
      .from(contentReports)
      .innerJoin(listings, eq(listings.id, contentReports.listingId))
      .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
      .leftJoin(reviews, eq(reviews.id, contentReports.reviewId))
      .leftJoin(authorProfiles, eq(authorProfiles.id, reviews.userId))
      .leftJoin(reporterProfiles, eq(reporterProfiles.id, contentReports.reporterUserId))
      .where(where)
      .orderBy(...orderBy(q))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    base(),
    openReportCount(db),
  ]);
  const items: ReportRow[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    reason: r.reason,
    details: r.details,
    listing: {
      id: r.listingId,
      title: r.listingTitle,
      status: r.listingStatus,
      businessName: r.businessName,
    },
    review:
      r.reviewId !== null && r.reviewRating !== null
        ? {
            id: r.reviewId,
            rating: r.reviewRating,
            comment: r.reviewComment,
            authorName: r.authorName?.trim() ? r.authorName : null,
          }
        : null,
    // A signed-in reporter without a name still is not a visitor: they show as 'User'.
    reporterName: r.reporterUserId === null ? null : r.reporterName?.trim() ? r.reporterName : 'User',
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }));
  return { items, total: Number(total?.n ?? 0), open };
}

interface LockedReport {
  id: string;
  type: 'listing' | 'review';
  status: 'open' | 'resolved' | 'dismissed';
  listingId: string;
  reviewId: string | null;
  reason: string;
}

async function lockReport(tx: Tx | Db, id: string): Promise<LockedReport> {
  const [row] = await tx
    .select({
      id: contentReports.id,
      type: contentReports.type,
      status: contentReports.status,
      listingId: contentReports.listingId,
      reviewId: contentReports.reviewId,
      reason: contentReports.reason,
    })
    .from(contentReports)
    .where(eq(contentReports.id, id))
    .for('update');
  if (!row) throw notFound(REPORT_MESSAGES.reportNotFound);
  return row;
}

/** Reads a report outside a transaction, for the checks that decide which service acts. */
async function readOpenReport(db: Db, id: string): Promise<LockedReport> {
  const [row] = await db
    .select({
      id: contentReports.id,
      type: contentReports.type,
      status: contentReports.status,
      listingId: contentReports.listingId,
      reviewId: contentReports.reviewId,
      reason: contentReports.reason,
    })
    .from(contentReports)
    .where(eq(contentReports.id, id));
  if (!row) throw notFound(REPORT_MESSAGES.reportNotFound);
  if (row.status !== 'open') throw conflict(REPORT_MESSAGES.notOpen);
  return row;
}

/** Closes the open reports matching `where` (locked in id order) and returns how many. */
async function closeReports(
  tx: Tx,
  actor: Actor,
  where: SQL,
  status: 'resolved' | 'dismissed',
): Promise<string[]> {
  const open = await tx
    .select({ id: contentReports.id })
    .from(contentReports)
    .where(and(where, eq(contentReports.status, 'open')))
    .orderBy(asc(contentReports.id))
    .for('update');
  if (open.length === 0) return [];
  const closed = await tx
    .update(contentReports)
    .set({ status, resolvedAt: sql`now()`, resolvedByUserId: actor.userId })
    .where(and(where, eq(contentReports.status, 'open')))
    .returning({ id: contentReports.id });
  return closed.map((r) => r.id);
}

/** Dismisses one open report (409 when it was already handled). */
export async function dismissReport(db: Db, actor: Actor, id: string): Promise<ReportActionResult> {
  return db.transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (report.status !== 'open') throw conflict(REPORT_MESSAGES.notOpen);
    await closeReports(tx, actor, eq(contentReports.id, id), 'dismissed');
    await recordAudit(tx, actor, {
      action: 'report.dismiss',
      entityType: 'report',
      entityId: id,
      before: { status: 'open' },
      after: { status: 'dismissed', type: report.type, listingId: report.listingId },
    });
    return { closed: 1, status: 'dismissed' };
  });
}

/**
 * Unpublishes the reported listing (rejected, with the reason its provider sees) through moderation, and
 * resolves every open report of that listing in the same transaction.
 */
export async function unpublishReportedListing(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
  reason: string,
): Promise<ReportActionResult> {
  const report = await readOpenReport(db, id);
  if (report.type !== 'listing') throw badRequest(REPORT_MESSAGES.notListingReport);
  let closed = 0;
  await moderateListings(
    db,
    storage,
    actor,
    { ids: [report.listingId], status: 'rejected', reason },
    {
      inTransaction: async (tx) => {
        const locked = await lockReport(tx, id);
        if (locked.status !== 'open') throw conflict(REPORT_MESSAGES.notOpen);
        const ids = await closeReports(
          tx,
          actor,
          and(eq(contentReports.listingId, report.listingId), eq(contentReports.type, 'listing'))!,
          'resolved',
        );
        closed = ids.length;
        await recordAudit(tx, actor, {
          action: 'report.resolve',
          entityType: 'report',
          entityId: id,
          before: { status: 'open' },
          after: { status: 'resolved', action: 'unpublish', listingId: report.listingId, reports: ids },
        });
      },
    },
  );
  return { closed, status: 'resolved' };
}

/**
 * Removes the reported review through the reviews service (the listing's rating and review count are
 * recomputed in its transaction) and resolves every open report of that review there.
 */
export async function removeReportedReview(db: Db, actor: Actor, id: string): Promise<ReportActionResult> {
  const report = await readOpenReport(db, id);
  if (report.type !== 'review') throw badRequest(REPORT_MESSAGES.notReviewReport);
  if (report.reviewId === null) throw conflict(REPORT_MESSAGES.reviewGone);
  const reviewId = report.reviewId;
  let closed = 0;
  await deleteReview(db, actor, reviewId, {
    inTransaction: async (tx) => {
      const locked = await lockReport(tx, id);
      if (locked.status !== 'open') throw conflict(REPORT_MESSAGES.notOpen);
      const [review] = await tx
        .select({ rating: reviews.rating, listingId: reviews.listingId })
        .from(reviews)
        .where(eq(reviews.id, reviewId));
      if (!review) throw conflict(REPORT_MESSAGES.reviewGone);
      const ids = await closeReports(tx, actor, eq(contentReports.reviewId, reviewId), 'resolved');
      closed = ids.length;
      await recordAudit(tx, actor, {
        action: 'review.remove',
        entityType: 'review',
        entityId: reviewId,
        before: { listingId: review.listingId, rating: review.rating },
        after: { reports: ids },
      });
    },
  });
  return { closed, status: 'resolved' };
}
