/**
 * Site content administration (/admin/cms, /admin/social-links): page_content sections, the site logo,
 * hero banners, FAQs and social links. Every change is one transaction with its audit row; ordered lists
 * (FAQs, banners, social links) are renumbered 1..n by the change that moves or removes an entry, under a
 * per-list transaction lock so two admins never interleave half an order. Image files that a change drops
 * are deleted after it has committed.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  BANK_DETAIL_KEYS,
  CONTENT_MESSAGES,
  CONTENT_SECTION_SCHEMAS,
  pageKeyOf,
  type AdminBanner,
  type AdminContent,
  type AdminFaq,
  type AdminSocialLink,
  type ContentSection,
  type MoveDirection,
} from '../../../domain/content.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { faqs, heroBanners, pageContent, socialLinks } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { claimUploads, deleteImageFiles } from '../uploads/service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// ---------------------------------------------------------------------------------------------------------
// Sections and logo

export async function loadAdminContent(db: Db): Promise<AdminContent> {
  const rows = await db
    .select({ page: pageContent.pageKey, section: pageContent.sectionKey, value: pageContent.contentValue })
    .from(pageContent);
  const value = (page: string, section: string) =>
    rows.find((r) => r.page === page && r.section === section)?.value ?? '';
  const section = (name: ContentSection) =>
    Object.fromEntries(
      Object.keys(CONTENT_SECTION_SCHEMAS[name].shape).map((field) => [
        field,
        value(pageKeyOf(name, field), field),
      ]),
    );
  const logo = value('site', 'logo');
  return {
    hero: section('hero') as AdminContent['hero'],
    about: section('about') as AdminContent['about'],
    contact: section('contact') as AdminContent['contact'],
    footer: section('footer') as AdminContent['footer'],
    logo: logo || null,
  };
}

/** Writes every field of one section (validated by its schema) as text rows, in one transaction. */
export async function saveSection(
  db: Db,
  actor: Actor,
  section: ContentSection,
  values: Record<string, string>,
): Promise<AdminContent> {
  await db.transaction(async (tx) => {
    const pageKeys = section === 'contact' ? ['contact', 'payment'] : [section];
    const before = await tx
      .select({ page: pageContent.pageKey, section: pageContent.sectionKey, value: pageContent.contentValue })
      .from(pageContent)
      .where(sql`${pageContent.pageKey} in ${pageKeys}`)
      .for('update');
    for (const [field, contentValue] of Object.entries(values)) {
      await tx
        .insert(pageContent)
        .values({ pageKey: pageKeyOf(section, field), sectionKey: field, contentType: 'text', contentValue })
        .onConflictDoUpdate({
          target: [pageContent.pageKey, pageContent.sectionKey, pageContent.contentType],
          set: { contentValue, updatedAt: sql`now()` },
        });
    }
    await recordAudit(tx, actor, {
      action: 'content.update',
      entityType: 'page_content',
      entityId: section,
      before: Object.fromEntries(
        before
          .filter((r) => r.page === section || (BANK_DETAIL_KEYS as readonly string[]).includes(r.section))
          .map((r) => [r.section, r.value]),
      ),
      after: values,
    });
  });
  return loadAdminContent(db);
}

const isLogoRow = and(eq(pageContent.pageKey, 'site'), eq(pageContent.sectionKey, 'logo'));

/** Sets the site logo to an upload of the site-assets bucket; the previous logo's files are deleted. */
export async function setSiteLogo(db: Db, storage: Storage, actor: Actor, imageUrl: string): Promise<string> {
  const previous = await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ value: pageContent.contentValue })
      .from(pageContent)
      .where(isLogoRow)
      .for('update');
    if (old?.value === imageUrl) return null;
    await claimUploads(tx, actor, 'site-assets', [imageUrl]);
    await tx.delete(pageContent).where(isLogoRow);
    await tx
      .insert(pageContent)
      .values({ pageKey: 'site', sectionKey: 'logo', contentType: 'image', contentValue: imageUrl });
    await recordAudit(tx, actor, {
      action: 'site_logo.update',
      entityType: 'page_content',
      entityId: 'site.logo',
      before: old ? { imageUrl: old.value } : undefined,
      after: { imageUrl },
    });
    return old?.value || null;
  });
  if (previous) await deleteImageFiles(db, storage, [previous]);
  return imageUrl;
}

/** Removes the site logo (the header and footer fall back to the brand text) and its files. */
export async function removeSiteLogo(db: Db, storage: Storage, actor: Actor): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const rows = await tx.delete(pageContent).where(isLogoRow).returning({ value: pageContent.contentValue });
    if (rows.length === 0) return [];
    await recordAudit(tx, actor, {
      action: 'site_logo.delete',
      entityType: 'page_content',
      entityId: 'site.logo',
      before: { imageUrl: rows[0]!.value },
    });
    return rows.map((r) => r.value).filter(Boolean);
  });
  await deleteImageFiles(db, storage, removed);
}

// ---------------------------------------------------------------------------------------------------------
// Ordered lists: FAQs, hero banners, social links share the ordering rules (display_order 1..n).

interface OrderedList {
  /** Name for the transaction lock and the audit entity. */
  name: 'faq' | 'hero_banner' | 'social_link';
  table: typeof faqs | typeof heroBanners | typeof socialLinks;
  messages: { first: string; last: string; notFound: string };
}

const FAQ_LIST: OrderedList = {
  name: 'faq',
  table: faqs,
  messages: {
    first: CONTENT_MESSAGES.faqFirst,
    last: CONTENT_MESSAGES.faqLast,
    notFound: CONTENT_MESSAGES.faqNotFound,
  },
};
const BANNER_LIST: OrderedList = {
  name: 'hero_banner',
  table: heroBanners,
  messages: {
    first: CONTENT_MESSAGES.bannerFirst,
    last: CONTENT_MESSAGES.bannerLast,
    notFound: CONTENT_MESSAGES.bannerNotFound,
  },
};
const SOCIAL_LIST: OrderedList = {
  name: 'social_link',
  table: socialLinks,
  messages: {
    first: CONTENT_MESSAGES.socialFirst,
    last: CONTENT_MESSAGES.socialLast,
    notFound: CONTENT_MESSAGES.socialNotFound,
  },
};

/** The three tables share id, display_order and created_at; typed as one of them for the query builder. */
const columns = (list: OrderedList) => list.table as typeof faqs;

/** Serialises changes to one list's order (and max+1 inserts) between concurrent transactions. */
async function lockList(tx: Tx, list: OrderedList): Promise<void> {
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

async function nextOrder(tx: Tx, list: OrderedList): Promise<number> {
  const t = columns(list);
  const [row] = await tx.select({ max: sql<number>`coalesce(max(${t.displayOrder}), 0)::int` }).from(t);
  return (row?.max ?? 0) + 1;
}

/** Swaps an entry with its neighbour and renumbers the list from 1 (the first cannot go up, the last down). */
async function moveEntry(
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
async function deleteEntry<T>(db: Db, actor: Actor, list: OrderedList, id: string): Promise<T> {
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

// ---------------------------------------------------------------------------------------------------------
// FAQs

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

// ---------------------------------------------------------------------------------------------------------
// Hero banners

const bannerColumns = {
  id: heroBanners.id,
  imageUrl: heroBanners.imageUrl,
  altText: heroBanners.altText,
  isActive: heroBanners.isActive,
  displayOrder: heroBanners.displayOrder,
};

export async function listBanners(db: Db): Promise<AdminBanner[]> {
  return db
    .select(bannerColumns)
    .from(heroBanners)
    .orderBy(asc(heroBanners.displayOrder), asc(heroBanners.createdAt), asc(heroBanners.id));
}

/** A new banner from an upload of the hero-banners bucket: display_order max+1 and active. */
export async function createBanner(
  db: Db,
  actor: Actor,
  input: { imageUrl: string; altText?: string | undefined },
): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    await lockList(tx, BANNER_LIST);
    await claimUploads(tx, actor, 'hero-banners', [input.imageUrl]);
    const [row] = await tx
      .insert(heroBanners)
      .values({
        imageUrl: input.imageUrl,
        altText: input.altText || null,
        isActive: true,
        displayOrder: await nextOrder(tx, BANNER_LIST),
      })
      .returning(bannerColumns);
    await recordAudit(tx, actor, {
      action: 'hero_banner.create',
      entityType: 'hero_banner',
      entityId: row!.id,
      after: row,
    });
    return row!;
  });
}

export async function updateBanner(
  db: Db,
  actor: Actor,
  id: string,
  input: { isActive?: boolean | undefined; altText?: string | undefined },
): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(bannerColumns)
      .from(heroBanners)
      .where(eq(heroBanners.id, id))
      .for('update');
    if (!before) throw notFound(CONTENT_MESSAGES.bannerNotFound);
    const [row] = await tx
      .update(heroBanners)
      .set({
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        ...(input.altText !== undefined && { altText: input.altText || null }),
      })
      .where(eq(heroBanners.id, id))
      .returning(bannerColumns);
    await recordAudit(tx, actor, {
      action: 'hero_banner.update',
      entityType: 'hero_banner',
      entityId: id,
      before,
      after: row,
    });
    return row!;
  });
}

export const moveBanner = (db: Db, actor: Actor, id: string, direction: MoveDirection) =>
  moveEntry(db, actor, BANNER_LIST, id, direction);

/** Deletes a banner, renumbers the rest, then deletes its image files. */
export async function deleteBanner(db: Db, storage: Storage, actor: Actor, id: string): Promise<void> {
  const row = await deleteEntry<{ imageUrl: string }>(db, actor, BANNER_LIST, id);
  await deleteImageFiles(db, storage, [row.imageUrl]);
}

// ---------------------------------------------------------------------------------------------------------
// Social links

const socialColumns = {
  id: socialLinks.id,
  platform: socialLinks.platform,
  url: socialLinks.url,
  icon: socialLinks.icon,
  isActive: socialLinks.isActive,
  displayOrder: socialLinks.displayOrder,
};

export async function listSocialLinks(db: Db): Promise<AdminSocialLink[]> {
  return db
    .select(socialColumns)
    .from(socialLinks)
    .orderBy(asc(socialLinks.displayOrder), asc(socialLinks.createdAt), asc(socialLinks.id));
}

export async function createSocialLink(
  db: Db,
  actor: Actor,
  input: { platform: string; url: string; icon: string | null; isActive?: boolean | undefined },
): Promise<AdminSocialLink> {
  return db.transaction(async (tx) => {
    await lockList(tx, SOCIAL_LIST);
    const [row] = await tx
      .insert(socialLinks)
      .values({
        platform: input.platform,
        url: input.url,
        icon: input.icon,
        isActive: input.isActive ?? true,
        displayOrder: await nextOrder(tx, SOCIAL_LIST),
      })
      .returning(socialColumns);
    await recordAudit(tx, actor, {
      action: 'social_link.create',
      entityType: 'social_link',
      entityId: row!.id,
      after: row,
    });
    return row!;
  });
}

export async function updateSocialLink(
  db: Db,
  actor: Actor,
  id: string,
  input: {
    platform?: string | undefined;
    url?: string | undefined;
    icon?: string | null | undefined;
    isActive?: boolean | undefined;
  },
): Promise<AdminSocialLink> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(socialColumns)
      .from(socialLinks)
      .where(eq(socialLinks.id, id))
      .for('update');
    if (!before) throw notFound(CONTENT_MESSAGES.socialNotFound);
    const [row] = await tx
      .update(socialLinks)
      .set({
        ...(input.platform !== undefined && { platform: input.platform }),
        ...(input.url !== undefined && { url: input.url }),
        ...(input.icon !== undefined && { icon: input.icon }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
      })
      .where(eq(socialLinks.id, id))
      .returning(socialColumns);
    await recordAudit(tx, actor, {
      action: 'social_link.update',
      entityType: 'social_link',
      entityId: id,
      before,
      after: row,
    });
    return row!;
  });
}

export const moveSocialLink = (db: Db, actor: Actor, id: string, direction: MoveDirection) =>
  moveEntry(db, actor, SOCIAL_LIST, id, direction);

export async function deleteSocialLink(db: Db, actor: Actor, id: string): Promise<void> {
  await deleteEntry(db, actor, SOCIAL_LIST, id);
}
