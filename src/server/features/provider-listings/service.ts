/**
 * A provider's own listings: list, load for editing, create, edit and delete, with the listing's image set.
 * Only the owner (or an admin) may load or change a listing. The package rules are checked inside the
 * transaction that saves, with the provider row locked, so two creates at the limit cannot both pass.
 * Images arrive as uploads (POST /api/uploads) and are claimed here; removed images lose their files after
 * the transaction commits. An edit of an approved listing holds what could mislead for an admin
 * (held-changes.ts, docs/decisions/0041); creating a listing tells the admins.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { heldPartOf } from '../../../domain/held-changes.ts';
import { withDisplayOrder } from '../../../domain/images.ts';
import {
  LISTING_MESSAGES,
  PROVIDER_MESSAGES,
  type ListingForm,
  type OwnListing,
  type OwnListingCard,
} from '../../../domain/providers.ts';
import type { Actor } from '../../auth/policy.ts';
import { canActOnProviderResource } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { categories, listingChanges, listingImages, listings, serviceProviders } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { enqueueMailToAdmins } from '../../mail/outbox.ts';
import type { Storage } from '../../storage/storage.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import {
  assertImageAllowance,
  assertMayCreateListing,
  packageStatus,
  providerOfUser,
  type ProviderRow,
} from '../packages/service.ts';
import { claimUploads, deleteImageFiles } from '../uploads/service.ts';
import {
  heldChangesRow,
  heldImageUrls,
  listingChangesOf,
  liveImageUrls,
  replaceListingImages,
  saveHeldChanges,
} from './held-changes.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 403 for a provider role (or admin) without a provider record: the screen sends them to become-provider. */
export const profileMissing = () =>
  new AppError(403, 'PROVIDER_PROFILE_MISSING', PROVIDER_MESSAGES.profileMissing);

async function requireProvider(db: Db | Tx, actor: Actor, lock = false): Promise<ProviderRow> {
  const provider = await providerOfUser(db, actor.userId, { lock });
  if (!provider) throw profileMissing();
  return provider;
}

export async function listOwnListings(db: Db, actor: Actor): Promise<OwnListingCard[]> {
  const provider = await requireProvider(db, actor);
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      categoryName: categories.name,
      status: listings.status,
      rejectionReason: listings.rejectionReason,
      province: listings.province,
      city: listings.city,
      description: listings.description,
      priceFrom: listings.priceFrom,
      priceTo: listings.priceTo,
      views: listings.views,
      primaryImageUrl: listings.primaryImageUrl,
      createdAt: listings.createdAt,
      hasChanges: sql<boolean>`exists (select 1 from ${listingChanges} where ${listingChanges.listingId} = ${listings.id})`,
      changesRejectionReason: listings.changesRejectionReason,
    })
    .from(listings)
    .innerJoin(categories, eq(categories.id, listings.categoryId))
    .where(eq(listings.serviceProviderId, provider.id))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The listing row when the actor may change it: 404 when missing, 403 for another provider's listing. */
async function ownedListing(db: Db | Tx, actor: Actor, id: string, lock = false) {
  const query = db
    .select({
      id: listings.id,
      status: listings.status,
      serviceProviderId: listings.serviceProviderId,
      ownerUserId: serviceProviders.userId,
      packageType: serviceProviders.packageType,
      packageExpiresAt: serviceProviders.packageExpiresAt,
      paymentStatus: serviceProviders.paymentStatus,
    })
    .from(listings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
    .where(eq(listings.id, id));
  const [row] = lock ? await query.for('update', { of: listings }) : await query;
  if (!row) throw notFound(LISTING_MESSAGES.notFound);
  const mine = await providerOfUser(db, actor.userId);
  if (!canActOnProviderResource(actor, mine?.id ?? null, row.serviceProviderId)) throw forbidden();
  return row;
}

/** The listing as its owner edits it: with changes awaiting approval, the proposed version and both. */
export async function loadOwnListing(db: Db, actor: Actor, id: string): Promise<OwnListing> {
  await ownedListing(db, actor, id);
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  const images = await db
    .select({
      id: listingImages.id,
      url: listingImages.imageUrl,
      isPrimary: listingImages.isPrimary,
      displayOrder: listingImages.displayOrder,
    })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(asc(listingImages.displayOrder), asc(listingImages.createdAt));
  const held = await heldChangesRow(db, id);
  return {
    id: row!.id,
    title: held?.title ?? row!.title,
    categoryId: held?.categoryId ?? row!.categoryId,
    description: held?.description ?? row!.description,
    province: held?.province ?? row!.province,
    city: held?.city ?? row!.city,
    priceFrom: row!.priceFrom,
    priceTo: row!.priceTo,
    latitude: row!.latitude,
    longitude: row!.longitude,
    status: row!.status,
    images: held?.images
      ? withDisplayOrder(held.images).map((image) => ({ id: image.url, ...image }))
      : images,
    changes: await listingChangesOf(db, id),
    changesRejectionReason: row!.changesRejectionReason,
  };
}

async function assertCategory(tx: Tx, categoryId: string) {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!category)
    throw badRequest(LISTING_MESSAGES.categoryRequired, { categoryId: LISTING_MESSAGES.categoryRequired });
}

function fields(input: ListingForm) {
  return {
    title: input.title,
    categoryId: input.categoryId,
    description: input.description,
    province: input.province,
    city: input.city,
    priceFrom: input.priceFrom,
    priceTo: input.priceTo,
    latitude: input.latitude,
    longitude: input.longitude,
  };
}

async function insertImages(tx: Tx, listingId: string, images: ListingForm['images']) {
  const rows = withDisplayOrder(images);
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

function distinctUrls(images: ListingForm['images']) {
  const urls = images.map((i) => i.url);
  if (new Set(urls).size !== urls.length) {
    throw badRequest('The same image was added twice', { images: 'The same image was added twice' });
  }
  return urls;
}

/** Creates a pending listing with its images, within the package's limits (the provider row is locked). */
export async function createOwnListing(db: Db, actor: Actor, input: ListingForm): Promise<{ id: string }> {
  const urls = distinctUrls(input.images);
  const created = await db.transaction(async (tx) => {
    const provider = await requireProvider(tx, actor, true);
    const status = await packageStatus(tx, actor, provider);
    assertMayCreateListing(status);
    assertImageAllowance(status, 0, urls.length);
    await assertCategory(tx, input.categoryId);
    await claimUploads(tx, actor, 'listing-images', urls);
    const [row] = await tx
      .insert(listings)
      .values({ ...fields(input), serviceProviderId: provider.id, status: 'pending' })
      .returning({ id: listings.id });
    await insertImages(tx, row!.id, input.images);
    await tellAdmins(tx, row!.id, input.title, provider.id, input.categoryId, false);
    return row!;
  });
  catalogueChanged(db);
  return created;
}

/** admin_listing_pending to every admin who wants it, in the caller's transaction. */
async function tellAdmins(
  tx: Tx,
  listingId: string,
  title: string,
  providerId: string,
  categoryId: string,
  changes: boolean,
) {
  const [category] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, categoryId));
  const [provider] = await tx
    .select({ businessName: serviceProviders.businessName })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId));
  await enqueueMailToAdmins(tx, {
    kind: 'admin_listing_pending',
    payload: {
      listingId,
      listingTitle: title,
      providerName: provider!.businessName,
      categoryName: category?.name ?? null,
      changes,
    },
  });
}

/**
 * Saves an edit; the status stays as it is. A listing that is not approved takes the whole edit at once
 * (nobody but its owner and admins sees it). An approved listing takes at once what cannot mislead (price,
 * coordinates, and an image set that only reorders, re-picks the primary or removes approved pictures); the
 * rest is held for an admin, replacing earlier held changes, and the admins hear of a new submission.
 */
export async function updateOwnListing(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
  input: ListingForm,
): Promise<void> {
  const urls = distinctUrls(input.images);
  const removed = await db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, id, true);
    const before = await liveImageUrls(tx, id);
    const previous = await heldChangesRow(tx, id);
    const heldBefore = previous?.images?.map((i) => i.url) ?? [];
    const known = new Set([...before, ...heldBefore]);
    const added = urls.filter((u) => !known.has(u));
    if (urls.some((u) => !before.includes(u))) {
      const status = await packageStatus(tx, actor, {
        id: listing.serviceProviderId,
        packageType: listing.packageType,
        packageExpiresAt: listing.packageExpiresAt,
        paymentStatus: listing.paymentStatus,
      });
      assertImageAllowance(status, before.length, urls.length);
    }
    await assertCategory(tx, input.categoryId);
    await claimUploads(tx, actor, 'listing-images', added);
    const [live] = await tx.select().from(listings).where(eq(listings.id, id));
    const held =
      listing.status === 'approved'
        ? heldPartOf({ ...live!, imageUrls: before }, { ...input, imageUrls: urls })
        : null;
    const { created } = await saveHeldChanges(tx, id, held, input.images);
    const { title, categoryId, description, province, city, ...immediate } = fields(input);
    await tx
      .update(listings)
      .set({
        ...immediate,
        ...(listing.status === 'approved' ? {} : { title, categoryId, description, province, city }),
        changesRejectionReason: null,
        updatedAt: new Date(),
      })
      .where(eq(listings.id, id));
    if (!held?.images) await replaceListingImages(tx, id, input.images);
    if (created) await tellAdmins(tx, id, live!.title, listing.serviceProviderId, input.categoryId, true);
    // Files no version of the listing holds any more.
    const kept = new Set(held?.images ? [...before, ...urls] : urls);
    return [...known].filter((u) => !kept.has(u));
  });
  await deleteImageFiles(db, storage, removed);
  catalogueChanged(db);
}

/**
 * Deletes the listing (its images, held changes, favourites' links and stats go with it) and then its image
 * files, held pictures included.
 */
export async function deleteOwnListing(db: Db, storage: Storage, actor: Actor, id: string): Promise<void> {
  const urls = await db.transaction(async (tx) => {
    await ownedListing(tx, actor, id, true);
    const images = await tx
      .select({ url: listingImages.imageUrl })
      .from(listingImages)
      .where(eq(listingImages.listingId, id));
    const held = await heldImageUrls(tx, { listingId: id });
    await tx.delete(listings).where(eq(listings.id, id));
    return [...new Set([...images.map((i) => i.url), ...held])];
  });
  await deleteImageFiles(db, storage, urls);
  catalogueChanged(db);
}
