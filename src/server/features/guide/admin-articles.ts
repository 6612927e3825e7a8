/**
 * Matric Guide articles for admins: every article with drafts, create and edit (HTML sanitised on save,
 * slug from the title unless given, unique; a featured image from the site-assets uploads), delete (the
 * image files go after the commit). Every change writes its audit row in its transaction.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { slugify } from '../../../domain/format.ts';
import { GUIDE_LIMITS, GUIDE_MESSAGES, type AdminArticle, type ArticleForm } from '../../../domain/guide.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { premiumArticles, premiumCategories } from '../../db/schema.ts';
import { AppError, badRequest, isUniqueViolation, notFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { hideImages } from '../uploads/files.ts';
import { claimUploads, deleteImageFiles } from '../uploads/service.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

/** The bucket article images are uploaded into (admins only). */
const ARTICLE_IMAGE_BUCKET = 'site-assets' as const;

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
      // Back to draft: its image stops being public before this commits (features/uploads/files.ts).
      if (before.isPublished && !row!.isPublished && row!.featuredImageUrl) {
        await hideImages(storage, [row!.featuredImageUrl]);
      }
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
