/**
 * The ordered lists of site content (FAQs, hero banners, social links) share one rule set: display_order
 * runs 1..n; moving swaps an entry with its neighbour and renumbers from 1 (the first cannot move up, the
 * last cannot move down); a new entry goes last (max+1); deleting renumbers the rest. Every change to one
 * list's order runs under a per-list transaction lock, so two admins never interleave half an order
 * (decision 0017).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { MoveDirection } from '../../../domain/content.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import type { faqs, heroBanners, socialLinks } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';

/** A transaction handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OrderedList {
  /** Name for the transaction lock and the audit entity. */
  name: 'faq' | 'hero_banner' | 'social_link';
  table: typeof faqs | typeof heroBanners | typeof socialLinks;
  messages: { first: string; last: string; notFound: string };
}

/** The three tables share id, display_order and created_at; typed as one of them for the query builder. */
const columns = (list: OrderedList) => list.table as typeof faqs;

/** Serialises changes to one list's order (and max+1 inserts) between concurrent transactions. */
export async function lockList(tx: Tx, list: OrderedList): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content-order:${list.name}`}))`);
}

async function orderedIds(tx: Tx, list: OrderedList): Promise<string[]> {
  const t = columns(list);
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .orderBy(asc(t.displayOrder), asc(t.createdAt), asc(t.id));
  return rows.map((r) => r.id);
}

/** Writes display_order 1..n in the given order (only rows whose number changes). */
async function renumber(tx: Tx, list: OrderedList, ids: readonly string[]): Promise<void> {
  const t = columns(list);
  for (const [i, id] of ids.entries()) {
    await tx
      .update(t)
      .set({ displayOrder: i + 1 })
      .where(and(eq(t.id, id), ne(t.displayOrder, i + 1)));
  }
}

export async function nextOrder(tx: Tx, list: OrderedList): Promise<number> {
  const t = columns(list);
  const [row] = await tx.select({ max: sql<number>`coalesce(max(${t.displayOrder}), 0)::int` }).from(t);
  return (row?.max ?? 0) + 1;
}

/** Swaps an entry with its neighbour and renumbers the list from 1 (the first cannot go up, the last down). */
export async function moveEntry(
  db: Db,
  actor: Actor,
  list: OrderedList,
  id: string,
  direction: MoveDirection,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockList(tx, list);
    const ids = await orderedIds(tx, list);
    const index = ids.indexOf(id);
    if (index < 0) throw notFound(list.messages.notFound);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (target < 0) throw conflict(list.messages.first);
    if (target >= ids.length) throw conflict(list.messages.last);
    const next = [...ids];
    [next[index], next[target]] = [next[target]!, next[index]!];
    await renumber(tx, list, next);
    await recordAudit(tx, actor, {
      action: `${list.name}.reorder`,
      entityType: list.name,
      entityId: id,
      before: { order: ids },
      after: { order: next, direction },
    });
  });
}

/** Deletes an entry and renumbers the rest from 1; returns the deleted row. */
export async function deleteEntry<T>(db: Db, actor: Actor, list: OrderedList, id: string): Promise<T> {
  return db.transaction(async (tx) => {
    await lockList(tx, list);
    const t = columns(list);
    const [row] = await tx.delete(t).where(eq(t.id, id)).returning();
    if (!row) throw notFound(list.messages.notFound);
    await renumber(tx, list, await orderedIds(tx, list));
    await recordAudit(tx, actor, {
      action: `${list.name}.delete`,
      entityType: list.name,
      entityId: id,
      before: row,
    });
    return row as T;
  });
}
