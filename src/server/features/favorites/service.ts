/**
 * Favourites: one row per user and listing; only approved listings can be added; only the owner reads or
 * removes them. A favourite whose listing was deleted (listing_id set null) is listed with a null listing
 * (the page shows 'Deleted Listing'); a listing that is no longer approved is shown the same way, since
 * nobody but its owner and admins may see it.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FavoriteItem } from '../../../domain/engagement.ts';
import { canActOnUserResource, type Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { favorites, listings } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { approvedCardsById } from '../marketplace/service.ts';

export const LISTING_NOT_FOUND = 'Listing not found';
export const FAVORITE_NOT_FOUND = 'Favorite not found';

export async function favoriteIds(db: Db, actor: Actor): Promise<string[]> {
  const rows = await db
    .select({ listingId: favorites.listingId })
    .from(favorites)
    .where(and(eq(favorites.userId, actor.userId), isNotNull(favorites.listingId)))
    // The same order as listFavorites, ties included.
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  return rows.map((r) => r.listingId!);
}

/** The caller's favourites, newest first. */
export async function listFavorites(db: Db, actor: Actor): Promise<FavoriteItem[]> {
  const rows = await db
    .select({ id: favorites.id, listingId: favorites.listingId, createdAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.userId, actor.userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  const cards = await approvedCardsById(
    db,
    rows.flatMap((r) => (r.listingId ? [r.listingId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    listing: (r.listingId && cards.get(r.listingId)) || null,
  }));
}

/** Adds an approved listing to the caller's favourites. Adding twice is harmless (one row). */
export async function addFavorite(db: Db, actor: Actor, listingId: string): Promise<{ listingId: string }> {
  const [listing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.status, 'approved')));
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  await db.insert(favorites).values({ userId: actor.userId, listingId }).onConflictDoNothing();
  return { listingId };
}

/** Removes the caller's favourite of a listing (the heart). Not favourited is not an error. */
export async function removeFavoriteByListing(db: Db, actor: Actor, listingId: string): Promise<void> {
  await db
    .delete(favorites)
    .where(and(eq(favorites.userId, actor.userId), eq(favorites.listingId, listingId)));
}

/**
 * Removes one favourite by id (the favourites page). Somebody else's favourite answers 404 and stays.
 * Admins may remove any (as everywhere, an admin may act on anyone's data: auth/policy.ts).
 */
export async function removeFavorite(db: Db, actor: Actor, id: string): Promise<void> {
  const [row] = await db.select({ userId: favorites.userId }).from(favorites).where(eq(favorites.id, id));
  if (!row || !canActOnUserResource(actor, row.userId)) throw notFound(FAVORITE_NOT_FOUND);
  await db.delete(favorites).where(eq(favorites.id, id));
}
