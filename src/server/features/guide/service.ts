/**
 * The Matric Guide for readers: the caller's access state (decided by their latest request by purchase
 * time), payment proof and quick requests (one pending row per user, enforced by a partial unique index),
 * the guide's list, one article (each view logged) and the articles' images. Admins may always read;
 * drafts are never served to anyone else.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  GUIDE_MESSAGES,
  GUIDE_PRICE,
  type AccessRequestView,
  type AccessState,
  type BankDetails,
  type GuideArticle,
  type GuideList,
} from '../../../domain/guide.ts';
import { RETENTION_MONTHS } from '../../../domain/legal.ts';
import { isAdmin, type Actor } from '../../auth/policy.ts';
import { queryRows, type Db } from '../../db/client.ts';
import {
  pageContent,
  premiumAccessLogs,
  premiumArticles,
  premiumCategories,
  premiumContentAccess,
  profiles,
} from '../../db/schema.ts';
import { AppError, conflict, forbidden, isUniqueViolation, notFound, unauthorized } from '../../errors.ts';
import { keyFromPublicUrl } from '../../storage/images.ts';
import type { Storage } from '../../storage/storage.ts';
import { mailPaymentProof } from './mail.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

/** A transaction handle or the database. */
type Runner = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

type AccessRow = typeof premiumContentAccess.$inferSelect;

export function toRequestView(row: AccessRow): AccessRequestView {
  return {
    id: row.id,
    paymentAmount: row.paymentAmount,
    paymentReference: row.paymentReference,
    paymentStatus: row.paymentStatus,
    rejectionReason: row.rejectionReason,
    purchasedAt: row.purchasedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
  };
}

/**
 * Newest first, where a request that is not rejected always comes first: a new request is only accepted
 * while the latest is rejected (or there is none), so a pending or approved request is the latest by
 * definition, even when two requests share a timestamp (PGlite's clock has millisecond steps).
 */
export const LATEST_REQUEST_FIRST = [
  sql`${premiumContentAccess.paymentStatus} = 'rejected'`,
  desc(premiumContentAccess.purchasedAt),
  desc(premiumContentAccess.id),
] as const;

/** The user's latest request by purchase time (see LATEST_REQUEST_FIRST for ties). */
export async function latestRequest(db: Runner, userId: string): Promise<AccessRow | null> {
  const [row] = await db
    .select()
    .from(premiumContentAccess)
    .where(eq(premiumContentAccess.userId, userId))
    .orderBy(...LATEST_REQUEST_FIRST)
    .limit(1);
  return row ?? null;
}

/** Whether the actor may read the guide: admins always, others when their latest request is approved. */
export async function canRead(db: Runner, actor: Actor): Promise<boolean> {
  if (isAdmin(actor)) return true;
  return (await latestRequest(db, actor.userId))?.paymentStatus === 'approved';
}

/** 401 for nobody, 403 for a reader without approved access. */
async function requireReader(db: Db, actor: Actor | null): Promise<Actor> {
  if (!actor) throw unauthorized();
  if (!(await canRead(db, actor))) throw forbidden(GUIDE_MESSAGES.noAccess);
  return actor;
}

/** The bank details admins keep in site content (page 'payment'). */
export async function bankDetails(db: Db): Promise<BankDetails> {
  const rows = await db
    .select({ section: pageContent.sectionKey, value: pageContent.contentValue })
    .from(pageContent)
    .where(eq(pageContent.pageKey, 'payment'));
  const get = (key: string) => rows.find((r) => r.section === key)?.value ?? '';
  return {
    bankName: get('bank_name'),
    accountName: get('account_name'),
    accountNumber: get('account_number'),
    branchCode: get('branch_code'),
  };
}

export async function accessState(db: Db, actor: Actor): Promise<AccessState> {
  const [latest, bank, [profile]] = await Promise.all([
    latestRequest(db, actor.userId),
    bankDetails(db),
    db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, actor.userId)),
  ]);
  const status = latest?.paymentStatus ?? 'none';
  return {
    status,
    canRead: isAdmin(actor) || status === 'approved',
    latest: latest ? toRequestView(latest) : null,
    amount: GUIDE_PRICE,
    reference: actor.email || profile?.phone || '',
    bank,
  };
}

/**
 * A new pending request (payment proof with a reference, or the guide page's quick request without one).
 * Refused while the latest request is pending (409) or approved (409). A payment proof for a pending quick
 * request without a reference fills in that reference instead, so the user keeps one request. Concurrent
 * submissions meet the partial unique index on (user_id) where pending: one row, the others a 409.
 */
export async function submitRequest(
  db: Db,
  actor: Actor,
  paymentReference: string | null,
): Promise<AccessRequestView> {
  try {
    return await db.transaction(async (tx) => {
      const latest = await latestRequest(tx, actor.userId);
      if (latest?.paymentStatus === 'approved') throw conflict(GUIDE_MESSAGES.alreadyApproved);
      if (latest?.paymentStatus === 'pending') {
        if (paymentReference && latest.paymentReference === null) {
          const [row] = await tx
            .update(premiumContentAccess)
            .set({ paymentReference })
            .where(
              and(
                eq(premiumContentAccess.id, latest.id),
                eq(premiumContentAccess.paymentStatus, 'pending'),
                isNull(premiumContentAccess.paymentReference),
              ),
            )
            .returning();
          if (row) {
            await mailPaymentProof(tx, actor.userId, row.id, paymentReference, Number(row.paymentAmount));
            return toRequestView(row);
          }
        }
        throw conflict(GUIDE_MESSAGES.alreadyPending);
      }
      const [row] = await tx
        .insert(premiumContentAccess)
        .values({
          userId: actor.userId,
          paymentAmount: GUIDE_PRICE,
          paymentReference,
          paymentStatus: 'pending',
        })
        .returning();
      // A quick request without a reference is no payment proof yet: the admins hear of the proof.
      if (paymentReference) {
        await mailPaymentProof(tx, actor.userId, row!.id, paymentReference, Number(row!.paymentAmount));
      }
      return toRequestView(row!);
    });
  } catch (err) {
    if (!(err instanceof AppError) && isUniqueViolation(err)) throw conflict(GUIDE_MESSAGES.alreadyPending);
    throw err;
  }
}

/** The path readers fetch an article's featured image from (the gate applies there too). */
export function readerImageUrl(slug: string, stored: string | null): string | null {
  return stored ? `/api/guide/articles/${slug}/image` : null;
}

export async function guideList(db: Db, actor: Actor | null): Promise<GuideList> {
  await requireReader(db, actor);
  const rows = await db
    .select({
      id: premiumArticles.id,
      title: premiumArticles.title,
      slug: premiumArticles.slug,
      excerpt: premiumArticles.excerpt,
      featuredImageUrl: premiumArticles.featuredImageUrl,
      categoryId: premiumCategories.id,
      categoryName: premiumCategories.name,
    })
    .from(premiumArticles)
    .leftJoin(premiumCategories, eq(premiumCategories.id, premiumArticles.categoryId))
    .where(eq(premiumArticles.isPublished, true))
    .orderBy(
      sql`${premiumCategories.displayOrder} asc nulls last`,
      asc(premiumCategories.name),
      asc(premiumArticles.displayOrder),
      asc(premiumArticles.title),
    );
  const groups: GuideList['groups'] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (!group || group.id !== row.categoryId) {
      group = { id: row.categoryId, name: row.categoryName ?? 'More tips', articles: [] };
      groups.push(group);
    }
    group.articles.push({
      id: row.id,
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt,
      imageUrl: readerImageUrl(row.slug, row.featuredImageUrl),
    });
  }
  return { groups };
}

/** An article a reader may see: published, or any for an admin. 404 otherwise. */
async function readableArticle(db: Db, actor: Actor, slug: string) {
  const [row] = await db
    .select({
      article: premiumArticles,
      categoryName: premiumCategories.name,
    })
    .from(premiumArticles)
    .leftJoin(premiumCategories, eq(premiumCategories.id, premiumArticles.categoryId))
    .where(
      and(eq(premiumArticles.slug, slug), isAdmin(actor) ? undefined : eq(premiumArticles.isPublished, true)),
    );
  if (!row) throw notFound(GUIDE_MESSAGES.articleNotFound);
  return row;
}

/** One article, sanitised again on the way out; the view is logged with the reader's user agent. */
export async function readArticle(
  db: Db,
  actor: Actor | null,
  slug: string,
  userAgent: string | null,
): Promise<GuideArticle> {
  const reader = await requireReader(db, actor);
  const { article, categoryName } = await readableArticle(db, reader, slug);
  await db.insert(premiumAccessLogs).values({
    userId: reader.userId,
    userAgent: userAgent ? userAgent.slice(0, 500) : null,
  });
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    excerpt: article.excerpt,
    imageUrl: readerImageUrl(article.slug, article.featuredImageUrl),
    categoryName,
    content: sanitizeArticleHtml(article.content),
    publishedAt: article.createdAt.toISOString(),
  };
}

/** The bytes of an article's featured image (the 400, 800 or 1600 px variant), for readers only. */
export async function articleImage(
  db: Db,
  storage: Storage,
  actor: Actor | null,
  slug: string,
  width: 400 | 800 | 1600,
): Promise<Buffer> {
  const reader = await requireReader(db, actor);
  const { article } = await readableArticle(db, reader, slug);
  const key = article.featuredImageUrl ? keyFromPublicUrl(storage, article.featuredImageUrl) : null;
  const variant = key?.replace(/-(400|800|1600)\.webp$/, `-${width}.webp`);
  const bytes = variant ? await storage.get(variant) : null;
  if (!bytes) throw notFound(GUIDE_MESSAGES.imageNotFound);
  return bytes;
}

/**
 * Retention (decision 0055): deletes reading logs and rejected requests older than `RETENTION_MONTHS`.
 * A rejected request that still decides its reader's access (their latest, with an older request that was
 * not rejected behind it) is kept, so the clean-up never changes anyone's access.
 */
export async function pruneOldGuideRecords(
  db: Db,
  now: Date = new Date(),
): Promise<{ logs: number; requests: number }> {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(months => ${RETENTION_MONTHS})`;
  const logs = await db
    .delete(premiumAccessLogs)
    .where(sql`${premiumAccessLogs.accessedAt} < ${cutoff}`)
    .returning({ id: premiumAccessLogs.id });
  const requests = await queryRows<{ id: string }>(
    db,
    sql`
    delete from premium_content_access r
    where r.payment_status = 'rejected'
      and coalesce(r.approved_at, r.purchased_at) < ${cutoff}
      and (
        exists (select 1 from premium_content_access n
                where n.user_id = r.user_id and n.purchased_at > r.purchased_at)
        or not exists (select 1 from premium_content_access o
                       where o.user_id = r.user_id and o.purchased_at < r.purchased_at
                         and o.payment_status <> 'rejected')
      )
    returning r.id`,
  );
  return { logs: logs.length, requests: requests.length };
}
