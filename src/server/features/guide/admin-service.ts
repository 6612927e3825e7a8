/**
 * The Matric Guide for admins: articles (HTML sanitised on save, slug from the title unless given, unique),
 * premium categories (rename, reorder, delete refused while in use), access requests (approve, reject with
 * a reason) and matric users (counters, revoke). Every change writes its audit row in its own transaction.
 */
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import { slugify } from '../../../domain/format.ts';
import {
  GUIDE_LIMITS,
  GUIDE_MESSAGES,
  type AccessStatus,
  type AdminAccessRequest,
  type AdminArticle,
  type AdminCategory,
  type ArticleForm,
  type MatricUsers,
} from '../../../domain/guide.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import {
  premiumAccessLogs,
  premiumArticles,
  premiumCategories,
  premiumContentAccess,
  profiles,
  user,
} from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { claimUploads, deleteImageFiles } from '../uploads/service.ts';
import { sanitizeArticleHtml } from './sanitize.ts';
import { toRequestView } from './service.ts';

/** The bucket article images are uploaded into (admins only). */
export const ARTICLE_IMAGE_BUCKET = 'site-assets' as const;

type ArticleRow = typeof premiumArticles.$inferSelect;

function toAdminArticle(row: ArticleRow, categoryName: string | null): AdminArticle {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    categoryId: row.categoryId,
    categoryName,
    excerpt: row.excerpt,
    content: row.content,
    featuredImageUrl: row.featuredImageUrl,
    displayOrder: row.displayOrder,
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown, constraintPart: string): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown };
    if (e.code === '23505') {
      const where = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
      return where.includes(constraintPart);
    }
    current = e.cause;
  }
  return false;
}

const slugTaken = () =>
  new AppError(409, 'CONFLICT', GUIDE_MESSAGES.slugTaken, { slug: GUIDE_MESSAGES.slugTaken });

/** The slug to store: the admin's, or one made from the title (400 when the title has no letters or digits). */
function slugFor(input: ArticleForm): string {
  const slug = input.slug || slugify(input.title).slice(0, GUIDE_LIMITS.slugMax).replace(/-+$/, '');
  if (!slug) throw badRequest(GUIDE_MESSAGES.slugFromTitle, { slug: GUIDE_MESSAGES.slugFromTitle });
  return slug;
}

export async function listArticles(db: Db): Promise<{ items: AdminArticle[] }> {
  const rows = await db
    .select({ article: premiumArticles, categoryName: premiumCategories.name })
    .from(premiumArticles)
    .leftJoin(premiumCategories, eq(premiumCategories.id, premiumArticles.categoryId))
    .orderBy(
      sql`${premiumCategories.displayOrder} asc nulls last`,
      asc(premiumArticles.displayOrder),
      asc(premiumArticles.title),
    );
  return { items: rows.map((r) => toAdminArticle(r.article, r.categoryName)) };
}

async function categoryName(tx: Pick<Db, 'select'>, id: string): Promise<string> {
  const [row] = await tx
    .select({ name: premiumCategories.name })
    .from(premiumCategories)
    .where(eq(premiumCategories.id, id));
  if (!row)
    throw badRequest(GUIDE_MESSAGES.categoryNotFound, { categoryId: GUIDE_MESSAGES.categoryNotFound });
  return row.name;
}

export async function createArticle(db: Db, actor: Actor, input: ArticleForm): Promise<AdminArticle> {
  const slug = slugFor(input);
  try {
    return await db.transaction(async (tx) => {
      const name = await categoryName(tx, input.categoryId);
      if (input.featuredImageUrl)
        await claimUploads(tx, actor, ARTICLE_IMAGE_BUCKET, [input.featuredImageUrl]);
      const [row] = await tx
        .insert(premiumArticles)
        .values({
          title: input.title,
          slug,
          excerpt: input.excerpt,
          content: sanitizeArticleHtml(input.content),
          categoryId: input.categoryId,
          featuredImageUrl: input.featuredImageUrl,
          isPublished: input.isPublished,
          displayOrder: input.displayOrder,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'article.create',
        entityType: 'premium_article',
        entityId: row!.id,
        after: { ...row!, content: undefined },
      });
      return toAdminArticle(row!, name);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'slug')) throw slugTaken();
    throw err;
  }
}

export async function updateArticle(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
  input: ArticleForm,
): Promise<AdminArticle> {
  const slug = slugFor(input);
  let dropped: string | null = null;
  let result: AdminArticle;
  try {
    result = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(premiumArticles)
        .where(eq(premiumArticles.id, id))
        .for('update');
      if (!before) throw notFound(GUIDE_MESSAGES.articleNotFound);
      const name = await categoryName(tx, input.categoryId);
      if (input.featuredImageUrl && input.featuredImageUrl !== before.featuredImageUrl) {
        await claimUploads(tx, actor, ARTICLE_IMAGE_BUCKET, [input.featuredImageUrl]);
      }
      if (before.featuredImageUrl && before.featuredImageUrl !== input.featuredImageUrl) {
        dropped = before.featuredImageUrl;
      }
      const [row] = await tx
        .update(premiumArticles)
        .set({
          title: input.title,
          slug,
          excerpt: input.excerpt,
          content: sanitizeArticleHtml(input.content),
          categoryId: input.categoryId,
          featuredImageUrl: input.featuredImageUrl,
          isPublished: input.isPublished,
          displayOrder: input.displayOrder,
          updatedAt: new Date(),
        })
        .where(eq(premiumArticles.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: before.isPublished !== row!.isPublished ? 'article.publish' : 'article.update',
        entityType: 'premium_article',
        entityId: id,
        before: { ...before, content: undefined },
        after: { ...row!, content: undefined },
      });
      return toAdminArticle(row!, name);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'slug')) throw slugTaken();
    throw err;
  }
  if (dropped) await deleteImageFiles(db, storage, [dropped]);
  return result;
}

export async function deleteArticle(db: Db, storage: Storage, actor: Actor, id: string): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(premiumArticles).where(eq(premiumArticles.id, id)).returning();
    if (!row) throw notFound(GUIDE_MESSAGES.articleNotFound);
    await recordAudit(tx, actor, {
      action: 'article.delete',
      entityType: 'premium_article',
      entityId: id,
      before: { ...row, content: undefined },
    });
    return row;
  });
  if (removed.featuredImageUrl) await deleteImageFiles(db, storage, [removed.featuredImageUrl]);
}

// ---------------------------------------------------------------------------------------------------------
// Categories

export async function listCategories(db: Db): Promise<{ items: AdminCategory[] }> {
  const rows = await db
    .select({
      id: premiumCategories.id,
      name: premiumCategories.name,
      displayOrder: premiumCategories.displayOrder,
      // Spelled out: inside a select list drizzle writes a column without its table name.
      articleCount: sql<number>`(select count(*)::int from premium_articles a where a.category_id = premium_categories.id)`,
    })
    .from(premiumCategories)
    .orderBy(asc(premiumCategories.displayOrder), asc(premiumCategories.name));
  return { items: rows.map((r) => ({ ...r, articleCount: Number(r.articleCount) })) };
}

const nameTaken = () =>
  new AppError(409, 'CONFLICT', GUIDE_MESSAGES.categoryNameTaken, { name: GUIDE_MESSAGES.categoryNameTaken });

export async function createCategory(db: Db, actor: Actor, name: string): Promise<AdminCategory> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(premiumCategories)
        .values({
          name,
          displayOrder: sql`(select coalesce(max(${premiumCategories.displayOrder}), 0) + 1 from ${premiumCategories})`,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'premium_category.create',
        entityType: 'premium_category',
        entityId: row!.id,
        after: row,
      });
      return { id: row!.id, name: row!.name, displayOrder: row!.displayOrder, articleCount: 0 };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'name')) throw nameTaken();
    throw err;
  }
}

export async function renameCategory(db: Db, actor: Actor, id: string, name: string): Promise<AdminCategory> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(premiumCategories)
        .where(eq(premiumCategories.id, id))
        .for('update');
      if (!before) throw notFound(GUIDE_MESSAGES.categoryNotFound);
      const [row] = await tx
        .update(premiumCategories)
        .set({ name })
        .where(eq(premiumCategories.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'premium_category.update',
        entityType: 'premium_category',
        entityId: id,
        before,
        after: row,
      });
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(premiumArticles)
        .where(eq(premiumArticles.categoryId, id));
      return { id, name: row!.name, displayOrder: row!.displayOrder, articleCount: Number(n) };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'name')) throw nameTaken();
    throw err;
  }
}

/** Sets the display order to the given order of every category's id (1..n). */
export async function reorderCategories(
  db: Db,
  actor: Actor,
  ids: string[],
): Promise<{ items: AdminCategory[] }> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: premiumCategories.id }).from(premiumCategories).for('update');
    const wanted = new Set(ids);
    if (
      wanted.size !== ids.length ||
      existing.length !== ids.length ||
      existing.some((c) => !wanted.has(c.id))
    ) {
      throw conflict(GUIDE_MESSAGES.categoryOrderMismatch);
    }
    for (const [i, id] of ids.entries()) {
      await tx
        .update(premiumCategories)
        .set({ displayOrder: i + 1 })
        .where(eq(premiumCategories.id, id));
    }
    await recordAudit(tx, actor, {
      action: 'premium_category.reorder',
      entityType: 'premium_category',
      after: { ids },
    });
  });
  return listCategories(db);
}

export async function deleteCategory(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(premiumCategories)
      .where(eq(premiumCategories.id, id))
      .for('update');
    if (!before) throw notFound(GUIDE_MESSAGES.categoryNotFound);
    // The row lock above holds off an article being moved into it by the foreign key check's share lock.
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(premiumArticles)
      .where(eq(premiumArticles.categoryId, id));
    if (Number(n) > 0) throw conflict(GUIDE_MESSAGES.categoryInUse);
    await tx.delete(premiumCategories).where(eq(premiumCategories.id, id));
    await recordAudit(tx, actor, {
      action: 'premium_category.delete',
      entityType: 'premium_category',
      entityId: id,
      before,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Access requests

export async function listRequests(
  db: Db,
  status: AccessStatus | undefined,
): Promise<{ items: AdminAccessRequest[] }> {
  const approver = sql<
    string | null
  >`(select u2.email from "user" u2 where u2.id = ${premiumContentAccess.approvedBy})`;
  const rows = await db
    .select({
      request: premiumContentAccess,
      userName: sql<string | null>`coalesce(${profiles.fullName}, ${user.name})`,
      userEmail: user.email,
      approvedByEmail: approver,
    })
    .from(premiumContentAccess)
    .leftJoin(user, eq(user.id, premiumContentAccess.userId))
    .leftJoin(profiles, eq(profiles.id, premiumContentAccess.userId))
    .where(status ? eq(premiumContentAccess.paymentStatus, status) : undefined)
    .orderBy(desc(premiumContentAccess.purchasedAt), desc(premiumContentAccess.id))
    .limit(1000);
  return {
    items: rows.map((r) => ({
      ...toRequestView(r.request),
      userId: r.request.userId,
      userName: r.userName || null,
      userEmail: r.userEmail ?? null,
      approvedByEmail: r.approvedByEmail ?? null,
    })),
  };
}

/** Approves or rejects a pending request (409 when it was already reviewed). */
export async function reviewRequest(
  db: Db,
  actor: Actor,
  id: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string | null },
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(premiumContentAccess)
      .where(eq(premiumContentAccess.id, id))
      .for('update');
    if (!before) throw notFound(GUIDE_MESSAGES.requestNotFound);
    if (before.paymentStatus !== 'pending') throw conflict(GUIDE_MESSAGES.requestNotPending);
    const [row] = await tx
      .update(premiumContentAccess)
      .set(
        decision.status === 'approved'
          ? {
              paymentStatus: 'approved',
              approvedBy: actor.userId,
              approvedAt: new Date(),
              rejectionReason: null,
            }
          : {
              paymentStatus: 'rejected',
              rejectionReason: decision.reason,
              approvedBy: null,
              approvedAt: null,
            },
      )
      .where(eq(premiumContentAccess.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: decision.status === 'approved' ? 'premium_access.approve' : 'premium_access.reject',
      entityType: 'premium_content_access',
      entityId: id,
      before,
      after: row,
    });
    return toRequestView(row!);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Matric users

/** Users whose latest request is approved, with their last access and access count, and the totals. */
export async function listMatricUsers(db: Db): Promise<MatricUsers> {
  const latest = db
    .selectDistinctOn([premiumContentAccess.userId], {
      id: premiumContentAccess.id,
      userId: premiumContentAccess.userId,
      status: premiumContentAccess.paymentStatus,
      amount: premiumContentAccess.paymentAmount,
      approvedAt: premiumContentAccess.approvedAt,
    })
    .from(premiumContentAccess)
    .orderBy(
      premiumContentAccess.userId,
      desc(premiumContentAccess.purchasedAt),
      desc(premiumContentAccess.id),
    )
    .as('latest');
  const logs = db
    .select({
      userId: premiumAccessLogs.userId,
      last: max(premiumAccessLogs.accessedAt).as('last'),
      n: count().as('n'),
    })
    .from(premiumAccessLogs)
    .groupBy(premiumAccessLogs.userId)
    .as('logs');
  const rows = await db
    .select({
      userId: latest.userId,
      requestId: latest.id,
      amount: latest.amount,
      approvedAt: latest.approvedAt,
      name: sql<string | null>`coalesce(${profiles.fullName}, ${user.name})`,
      email: user.email,
      last: logs.last,
      n: logs.n,
    })
    .from(latest)
    .innerJoin(user, eq(user.id, latest.userId))
    .leftJoin(profiles, eq(profiles.id, latest.userId))
    .leftJoin(logs, eq(logs.userId, latest.userId))
    .where(eq(latest.status, 'approved'))
    .orderBy(desc(latest.approvedAt));
  const [revenue] = await db
    .select({ total: sql<string | null>`sum(${premiumContentAccess.paymentAmount})` })
    .from(premiumContentAccess)
    .where(eq(premiumContentAccess.paymentStatus, 'approved'));
  const items = rows.map((r) => ({
    userId: r.userId,
    requestId: r.requestId,
    name: r.name || null,
    email: r.email,
    paidAmount: Number(r.amount),
    approvedAt: r.approvedAt ? new Date(r.approvedAt).toISOString() : null,
    lastAccessAt: r.last ? new Date(r.last).toISOString() : null,
    accessCount: Number(r.n ?? 0),
  }));
  return {
    items,
    totals: {
      activeUsers: items.length,
      totalAccess: items.reduce((sum, i) => sum + i.accessCount, 0),
      totalRevenue: Number(revenue?.total ?? 0),
    },
  };
}

/** Revokes a user's access: their approved latest request becomes rejected (with the reason shown to them). */
export async function revokeAccess(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(premiumContentAccess)
      .where(eq(premiumContentAccess.userId, userId))
      .orderBy(desc(premiumContentAccess.purchasedAt), desc(premiumContentAccess.id))
      .limit(1)
      .for('update');
    if (!before || before.paymentStatus !== 'approved') throw notFound(GUIDE_MESSAGES.userNotApproved);
    const [row] = await tx
      .update(premiumContentAccess)
      .set({ paymentStatus: 'rejected', rejectionReason: GUIDE_MESSAGES.revokedReason })
      .where(and(eq(premiumContentAccess.id, before.id), eq(premiumContentAccess.paymentStatus, 'approved')))
      .returning();
    await recordAudit(tx, actor, {
      action: 'premium_access.revoke',
      entityType: 'premium_content_access',
      entityId: before.id,
      before,
      after: row,
    });
  });
}
