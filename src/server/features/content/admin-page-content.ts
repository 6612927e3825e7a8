/**
 * The page_content rows admins edit from /admin/cms: the sections (hero, about, contact with the Matric
 * Guide's bank details, footer), each saved whole in one transaction with its audit row, and the site logo
 * (an upload of the site-assets bucket; the files of a logo it replaces are deleted after the commit).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  BANK_DETAIL_KEYS,
  CONTENT_SECTION_SCHEMAS,
  pageKeyOf,
  type AdminContent,
  type ContentSection,
} from '../../../domain/content.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { pageContent } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { claimUploads, deleteImageFiles } from '../uploads/service.ts';

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
