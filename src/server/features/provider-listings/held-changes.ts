/**
 * Changes to an approved listing that wait for an admin (issue 28 item 3, docs/decisions/0041): saving them
 * from the provider's edit, reading them beside the approved values (the provider's edit screen and the
 * admin's detail), and applying or dropping them when an admin decides. The public reads only `listings` and
 * `listing_images`, so it sees the approved version until `applyListingChanges` copies the changes there.
 * Every function here runs inside the caller's transaction, which holds the listing row locked (FOR UPDATE):
 * the provider's edit and the admin's decision on one listing never interleave.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { HELD_FIELD_LABELS, type HeldPart, type ListingChanges } from '../../../domain/held-changes.ts';
import { provinceLabel } from '../../../domain/format.ts';
import { withDisplayOrder } from '../../../domain/images.ts';
import type { Db } from '../../db/client.ts';
import { categories, listingChanges, listingImages, listings } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;
type ImageInput = { url: string; isPrimary: boolean };

export type HeldRow = typeof listingChanges.$inferSelect;

export async function heldChangesRow(tx: Runner, listingId: string): Promise<HeldRow | null> {
  const [row] = await tx.select().from(listingChanges).where(eq(listingChanges.listingId, listingId));
  return row ?? null;
}

/**
 * The pictures held changes hold, of one listing or of every listing of a provider: deleting those
 * listings (the rows cascade) must delete these files too.
 */
export async function heldImageUrls(
  tx: Runner,
  of: { listingId: string } | { providerId: string },
): Promise<string[]> {
  const rows = await tx
    .select({ images: listingChanges.images })
    .from(listingChanges)
    .innerJoin(listings, eq(listings.id, listingChanges.listingId))
    .where(
      'listingId' in of
        ? eq(listingChanges.listingId, of.listingId)
        : eq(listings.serviceProviderId, of.providerId),
    );
  return rows.flatMap((r) => (r.images ?? []).map((i) => i.url));
}

/** The listing's live image URLs in display order. */
export async function liveImageUrls(tx: Runner, listingId: string): Promise<string[]> {
  const rows = await tx
    .select({ url: listingImages.imageUrl })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(asc(listingImages.displayOrder), asc(listingImages.createdAt));
  return rows.map((r) => r.url);
}

/**
 * Stores the held part of an edit (a new revision, replacing earlier held changes) or, with `held` null,
 * drops earlier held changes. Answers whether the listing had no held changes before (a new submission).
 */
export async function saveHeldChanges(
  tx: Tx,
  listingId: string,
  held: HeldPart | null,
  images: readonly ImageInput[],
): Promise<{ created: boolean }> {
  const [previous] = await tx
    .delete(listingChanges)
    .where(eq(listingChanges.listingId, listingId))
    .returning({ listingId: listingChanges.listingId });
  if (!held) return { created: false };
  await tx.insert(listingChanges).values({
    listingId,
    title: held.title ?? null,
    categoryId: held.categoryId ?? null,
    description: held.description ?? null,
    province: held.province ?? null,
    city: held.city ?? null,
    images: held.images ? images.map((i) => ({ url: i.url, isPrimary: i.isPrimary })) : null,
  });
  return { created: !previous };
}

/** Replaces the listing's image rows with this set (display order 0..n-1, one primary). */
export async function replaceListingImages(tx: Tx, listingId: string, images: readonly ImageInput[]) {
  await tx.delete(listingImages).where(eq(listingImages.listingId, listingId));
  const rows = withDisplayOrder([...images]);
  if (rows.length === 0) return;
  await tx.insert(listingImages).values(
    rows.map((image) => ({
      listingId,
      imageUrl: image.url,
      isPrimary: image.isPrimary,
      displayOrder: image.displayOrder,
    })),
  );
}

/**
 * Copies held changes into the listing (its triggers update the search documents, title words and primary
 * image) and deletes them. Answers the fields before and after (for the audit row) and the image URLs the
 * listing no longer shows (their files go after the commit).
 */
export async function applyListingChanges(
  tx: Tx,
  listingId: string,
  held: HeldRow,
): Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; droppedUrls: string[] }> {
  const [live] = await tx
    .select({
      title: listings.title,
      categoryId: listings.categoryId,
      description: listings.description,
      province: listings.province,
      city: listings.city,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const set: Partial<typeof listings.$inferInsert> = {};
  for (const field of ['title', 'categoryId', 'description', 'province', 'city'] as const) {
    const value = held[field];
    if (value === null || value === live![field]) continue;
    before[field] = live![field];
    after[field] = value;
    Object.assign(set, { [field]: value });
  }
  let droppedUrls: string[] = [];
  if (held.images) {
    const urls = await liveImageUrls(tx, listingId);
    const next = held.images.map((i) => i.url);
    before.images = urls;
    after.images = next;
    droppedUrls = urls.filter((u) => !next.includes(u));
    await replaceListingImages(tx, listingId, held.images);
  }
  await tx
    .update(listings)
    .set({ ...set, changesRejectionReason: null, updatedAt: new Date() })
    .where(eq(listings.id, listingId));
  await tx.delete(listingChanges).where(eq(listingChanges.listingId, listingId));
  return { before, after, droppedUrls };
}

/** The held changes beside the approved values, as both screens show them; null when there are none. */
export async function listingChangesOf(db: Runner, listingId: string): Promise<ListingChanges | null> {
  const held = await heldChangesRow(db, listingId);
  if (!held) return null;
  const [live] = await db
    .select({
      title: listings.title,
      categoryId: listings.categoryId,
      description: listings.description,
      province: listings.province,
      city: listings.city,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  const categoryIds = [live!.categoryId, ...(held.categoryId ? [held.categoryId] : [])];
  const names = new Map(
    (
      await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, categoryIds))
    ).map((c) => [c.id, c.name]),
  );
  const shown = (field: 'title' | 'categoryId' | 'description' | 'province' | 'city', value: string) =>
    field === 'categoryId'
      ? (names.get(value) ?? value)
      : field === 'province'
        ? provinceLabel(value)
        : value;
  const fields: ListingChanges['fields'] = [];
  for (const field of ['title', 'categoryId', 'description', 'province', 'city'] as const) {
    const value = held[field];
    if (value === null) continue;
    fields.push({
      field,
      label: HELD_FIELD_LABELS[field],
      before: shown(field, live![field]),
      after: shown(field, value),
    });
  }
  return {
    revision: held.revision,
    submittedAt: held.submittedAt.toISOString(),
    fields,
    images: held.images
      ? { before: await liveImageUrls(db, listingId), after: held.images.map((i) => i.url) }
      : null,
  };
}
