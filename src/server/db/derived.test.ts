/**
 * The listing columns the database derives itself (migrations/0003): rank, primary image URL, search
 * document and sphere point stay right whatever changes them, in the same transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from './client.ts';
import { listingImages, listings, packages, serviceProviders } from './schema.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { createListing, createProvider, seedReferenceData } from '../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
});
afterAll(() => t.close());

async function rankOf(id: string): Promise<number> {
  const [row] = await t.database.db.select({ rank: listings.rank }).from(listings).where(eq(listings.id, id));
  return row!.rank;
}

describe('listing rank', () => {
  it('is 2 × featured + the package’s priority placement, and follows every change', async () => {
    const db = t.database.db;
    const { providerId } = await createProvider(t, { packageType: 'basic' });
    const listing = await createListing(db, providerId, { images: 0 });
    expect(await rankOf(listing.id)).toBe(0);

    await db.update(listings).set({ featured: true }).where(eq(listings.id, listing.id));
    expect(await rankOf(listing.id)).toBe(2);

    // The provider moves to a package with priority placement.
    await db
      .update(serviceProviders)
      .set({ packageType: 'standard' })
      .where(eq(serviceProviders.id, providerId));
    expect(await rankOf(listing.id)).toBe(3);

    // The package loses its priority placement, then gets it back.
    await db
      .update(packages)
      .set({ hasPriorityPlacement: false })
      .where(eq(packages.packageType, 'standard'));
    expect(await rankOf(listing.id)).toBe(2);
    await db.update(packages).set({ hasPriorityPlacement: true }).where(eq(packages.packageType, 'standard'));
    expect(await rankOf(listing.id)).toBe(3);

    await db.update(listings).set({ featured: false }).where(eq(listings.id, listing.id));
    expect(await rankOf(listing.id)).toBe(1);
  });

  it('rolls back with the transaction that changed it', async () => {
    const db = t.database.db;
    const { providerId } = await createProvider(t, { packageType: 'basic' });
    const listing = await createListing(db, providerId, { images: 0 });
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(serviceProviders)
          .set({ packageType: 'premium' })
          .where(eq(serviceProviders.id, providerId));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await rankOf(listing.id)).toBe(0);
  });
});

describe('primary image URL', () => {
  it('follows inserts, primary changes, reorders and deletes', async () => {
    const db = t.database.db;
    const { providerId } = await createProvider(t);
    const listing = await createListing(db, providerId, { images: 0 });
    const url = async () =>
      (await db.select({ u: listings.primaryImageUrl }).from(listings).where(eq(listings.id, listing.id)))[0]!
        .u;
    expect(await url()).toBeNull();
    const [a] = await db
      .insert(listingImages)
      .values({ listingId: listing.id, imageUrl: '/uploads/a-800.webp', isPrimary: false, displayOrder: 1 })
      .returning();
    expect(await url()).toBe('/uploads/a-800.webp');
    const [b] = await db
      .insert(listingImages)
      .values({ listingId: listing.id, imageUrl: '/uploads/b-800.webp', isPrimary: false, displayOrder: 0 })
      .returning();
    expect(await url()).toBe('/uploads/b-800.webp');
    await db.update(listingImages).set({ isPrimary: true }).where(eq(listingImages.id, a!.id));
    expect(await url()).toBe('/uploads/a-800.webp');
    await db.delete(listingImages).where(eq(listingImages.id, a!.id));
    expect(await url()).toBe('/uploads/b-800.webp');
    await db.delete(listingImages).where(eq(listingImages.id, b!.id));
    expect(await url()).toBeNull();
  });
});

describe('search document and sphere point', () => {
  it('index title, category, city and description, and follow edits', async () => {
    const db = t.database.db;
    const { providerId } = await createProvider(t);
    const listing = await createListing(db, providerId, {
      title: 'Stretch Limousines',
      description: 'Umshado and bruilof transport in style.',
      city: 'Stellenbosch',
      categorySlug: 'car-rentals',
      latitude: -33.93,
      longitude: 18.86,
    });
    const matches = async (q: string) =>
      (
        await queryRows<{ ok: boolean }>(
          db,
          sql`select search_vector @@ websearch_to_tsquery('english', ${q}) as ok from listings where id = ${listing.id}`,
        )
      )[0]!.ok;
    expect(await matches('limousine')).toBe(true); // stemmed
    expect(await matches('car rentals')).toBe(true); // category name
    expect(await matches('stellenbosch')).toBe(true); // city
    expect(await matches('bruilof')).toBe(true); // Afrikaans, kept as a plain token
    expect(await matches('umshado')).toBe(true); // isiZulu
    expect(await matches('photography')).toBe(false);

    await db.update(listings).set({ title: 'Vintage Bentley' }).where(eq(listings.id, listing.id));
    expect(await matches('bentley')).toBe(true);
    expect(await matches('limousine')).toBe(false);

    const [geo] = await queryRows<{ g: string | null }>(
      db,
      sql`select geo::text as g from listings where id = ${listing.id}`,
    );
    expect(geo!.g).toMatch(/^\(/);
    await db.update(listings).set({ latitude: null, longitude: null }).where(eq(listings.id, listing.id));
    const [none] = await queryRows<{ g: string | null }>(
      db,
      sql`select geo::text as g from listings where id = ${listing.id}`,
    );
    expect(none!.g).toBeNull();
  });
});
