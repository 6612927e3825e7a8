/**
 * FAQs for admins (/admin/cms, FAQ tab): list, add last, edit or toggle, the tab's Save of every entry at
 * once, move and delete. Ordered by the rules of ordered-list.ts; every change has its audit row.
 */
import { asc, eq } from 'drizzle-orm';
import { CONTENT_MESSAGES, type AdminFaq, type MoveDirection } from '../../../domain/content.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { faqs } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { deleteEntry, lockList, moveEntry, nextOrder, type OrderedList, type Tx } from './ordered-list.ts';

const FAQ_LIST: OrderedList = {
  name: 'faq',
  table: faqs,
  messages: {
    first: CONTENT_MESSAGES.faqFirst,
    last: CONTENT_MESSAGES.faqLast,
    notFound: CONTENT_MESSAGES.faqNotFound,
  },
};

const faqColumns = {
  id: faqs.id,
  question: faqs.question,
  answer: faqs.answer,
  isActive: faqs.isActive,
  displayOrder: faqs.displayOrder,
};

export async function listFaqs(db: Db | Tx): Promise<AdminFaq[]> {
  return db.select(faqColumns).from(faqs).orderBy(asc(faqs.displayOrder), asc(faqs.createdAt), asc(faqs.id));
}

/** A new FAQ: display_order max+1, active unless said otherwise. */
export async function createFaq(
  db: Db,
  actor: Actor,
  input: { question: string; answer: string; isActive?: boolean | undefined },
): Promise<AdminFaq> {
  return db.transaction(async (tx) => {
    await lockList(tx, FAQ_LIST);
    const [row] = await tx
      .insert(faqs)
      .values({
        question: input.question,
        answer: input.answer,
        isActive: input.isActive ?? true,
        displayOrder: await nextOrder(tx, FAQ_LIST),
      })
      .returning(faqColumns);
    await recordAudit(tx, actor, { action: 'faq.create', entityType: 'faq', entityId: row!.id, after: row });
    return row!;
  });
}

export async function updateFaq(
  db: Db,
  actor: Actor,
  id: string,
  input: { question?: string | undefined; answer?: string | undefined; isActive?: boolean | undefined },
): Promise<AdminFaq> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(faqColumns).from(faqs).where(eq(faqs.id, id)).for('update');
    if (!before) throw notFound(CONTENT_MESSAGES.faqNotFound);
    const [row] = await tx
      .update(faqs)
      .set({
        ...(input.question !== undefined && { question: input.question }),
        ...(input.answer !== undefined && { answer: input.answer }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
      })
      .where(eq(faqs.id, id))
      .returning(faqColumns);
    await recordAudit(tx, actor, {
      action: 'faq.update',
      entityType: 'faq',
      entityId: id,
      before,
      after: row,
    });
    return row!;
  });
}

/**
 * The FAQ tab's Save: entries with a blank question or answer (after trimming) are skipped; the others are
 * updated (with id) or created at the end (max+1, in the order given), all in one transaction.
 */
export async function saveFaqs(
  db: Db,
  actor: Actor,
  items: readonly { id?: string | undefined; question: string; answer: string; isActive: boolean }[],
): Promise<{ items: AdminFaq[]; saved: number; skipped: number }> {
  const complete = items.filter((item) => item.question.trim() !== '' && item.answer.trim() !== '');
  await db.transaction(async (tx) => {
    await lockList(tx, FAQ_LIST);
    const before = await listFaqs(tx);
    let order = await nextOrder(tx, FAQ_LIST);
    for (const item of complete) {
      const values = { question: item.question, answer: item.answer, isActive: item.isActive };
      if (item.id) {
        const updated = await tx
          .update(faqs)
          .set(values)
          .where(eq(faqs.id, item.id))
          .returning({ id: faqs.id });
        if (updated.length === 0) throw notFound(CONTENT_MESSAGES.faqNotFound);
      } else {
        await tx.insert(faqs).values({ ...values, displayOrder: order });
        order += 1;
      }
    }
    await recordAudit(tx, actor, {
      action: 'faq.save',
      entityType: 'faq',
      before,
      after: await listFaqs(tx),
    });
  });
  return { items: await listFaqs(db), saved: complete.length, skipped: items.length - complete.length };
}

export const moveFaq = (db: Db, actor: Actor, id: string, direction: MoveDirection) =>
  moveEntry(db, actor, FAQ_LIST, id, direction);

export async function deleteFaq(db: Db, actor: Actor, id: string): Promise<void> {
  await deleteEntry(db, actor, FAQ_LIST, id);
}
