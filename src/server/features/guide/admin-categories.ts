/**
 * Premium categories of the Matric Guide for admins: list with article counts, add last, rename (names are
 * unique), reorder all at once, delete (refused while articles use it). Every change writes its audit row
 * in its transaction.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { GUIDE_MESSAGES, type AdminCategory } from '../../../domain/guide.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { premiumArticles, premiumCategories } from '../../db/schema.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';

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
    // Locked in id order: concurrent reorders queue up instead of locking in scan order and deadlocking.
    const existing = await tx
      .select({ id: premiumCategories.id })
      .from(premiumCategories)
      .orderBy(asc(premiumCategories.id))
      .for('update');
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
