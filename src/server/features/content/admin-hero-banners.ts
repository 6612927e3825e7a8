/**
 * Hero banners for admins (/admin/cms): list, add last from an upload of the hero-banners bucket, toggle
 * or describe, move and delete (the image files go after the commit). Ordered by the rules of
 * ordered-list.ts; every change has its audit row.
 */
import { asc, eq } from 'drizzle-orm';
import { CONTENT_MESSAGES, type AdminBanner, type MoveDirection } from '../../../domain/content.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { heroBanners } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { claimUploads, deleteImageFiles } from '../uploads/service.ts';
import { deleteEntry, lockList, moveEntry, nextOrder, type OrderedList } from './ordered-list.ts';

const BANNER_LIST: OrderedList = {
  name: 'hero_banner',
  table: heroBanners,
  messages: {
    first: CONTENT_MESSAGES.bannerFirst,
    last: CONTENT_MESSAGES.bannerLast,
    notFound: CONTENT_MESSAGES.bannerNotFound,
  },
};

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
