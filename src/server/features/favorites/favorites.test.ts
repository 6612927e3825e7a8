import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, listings } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let provider: Awaited<ReturnType<typeof createProvider>>;
let userA: Awaited<ReturnType<typeof signUp>>;
let userB: Awaited<ReturnType<typeof signUp>>;
let first: { id: string };
let second: { id: string };
let pending: { id: string };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const add = (cookie: string | undefined, listingId: string) =>
  call('POST', '/api/favorites', cookie, { listingId });
const rowsOf = (userId: string, listingId: string) =>
  t.database.db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  provider = await createProvider(t, { businessName: 'Elite Arrivals' });
  first = await createListing(t.database.db, provider.providerId, {
    title: 'First',
    categorySlug: 'car-rentals',
    priceFrom: 1500,
  });
  second = await createListing(t.database.db, provider.providerId, {
    title: 'Second',
    priceFrom: null,
    priceTo: null,
  });
  pending = await createListing(t.database.db, provider.providerId, { title: 'Pending', status: 'pending' });
  userA = await signUp(t);
  userB = await signUp(t);
});
afterAll(() => t.close());

describe('favourites', () => {
  it('refuses signed-out callers on every route', async () => {
    expect((await call('GET', '/api/favorites/ids')).statusCode).toBe(401);
    expect((await call('GET', '/api/favorites')).statusCode).toBe(401);
    expect((await add(undefined, first.id)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/favorites/listing/${first.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/favorites/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      401,
    );
  });

  it('adds an approved listing; adding twice keeps one row', async () => {
    expect((await add(userA.cookie, first.id)).statusCode).toBe(201);
    expect((await add(userA.cookie, first.id)).statusCode).toBe(201);
    expect(await rowsOf(userA.userId, first.id)).toHaveLength(1);
  });

  it('keeps one row when the same favourite is added concurrently', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => add(userB.cookie, second.id)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(await rowsOf(userB.userId, second.id)).toHaveLength(1);
  });

  it('refuses listings that are not approved or do not exist (404)', async () => {
    const res = await add(userA.cookie, pending.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Listing not found');
    expect((await add(userA.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await add(userA.cookie, 'nope')).statusCode).toBe(400);
    expect(await rowsOf(userA.userId, pending.id)).toHaveLength(0);
  });

  it('lists only the caller’s favourites, newest first, with listing cards', async () => {
    // The first was saved earlier (a minute back, so the order never rests on the clock's resolution).
    await t.database.db
      .update(favorites)
      .set({ createdAt: sql`created_at - interval '1 minute'` })
      .where(and(eq(favorites.userId, userA.userId), eq(favorites.listingId, first.id)));
    await add(userA.cookie, second.id);
    const ids = (await call('GET', '/api/favorites/ids', userA.cookie)).json().ids;
    expect(ids).toEqual([second.id, first.id]);
    const items = (await call('GET', '/api/favorites', userA.cookie)).json().items;
    expect(items.map((i: { listing: { id: string } }) => i.listing.id)).toEqual([second.id, first.id]);
    expect(items[1].listing).toMatchObject({
      id: first.id,
      title: 'First',
      priceFrom: 1500,
      category: { name: 'Car Rentals', slug: 'car-rentals' },
      provider: { id: provider.providerId, businessName: 'Elite Arrivals', packageType: 'premium' },
      primaryImageUrl: '/uploads/listing-images/test0-800.webp',
    });
    expect(items[0].listing.priceFrom).toBeNull();
    expect((await call('GET', '/api/favorites/ids', userB.cookie)).json().ids).toEqual([second.id]);
  });

  it('removes by listing (the heart); removing what is not saved is harmless', async () => {
    expect((await call('DELETE', `/api/favorites/listing/${second.id}`, userA.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/favorites/listing/${second.id}`, userA.cookie)).statusCode).toBe(204);
    expect(await rowsOf(userA.userId, second.id)).toHaveLength(0);
    // user B's favourite of the same listing stays
    expect(await rowsOf(userB.userId, second.id)).toHaveLength(1);
  });

  it('removes by id only for its owner: another user gets 404 and the row stays', async () => {
    const [row] = await rowsOf(userB.userId, second.id);
    const res = await call('DELETE', `/api/favorites/${row!.id}`, userA.cookie);
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(userB.userId, second.id)).toHaveLength(1);
    expect((await call('DELETE', `/api/favorites/${row!.id}`, userB.cookie)).statusCode).toBe(204);
    expect(await rowsOf(userB.userId, second.id)).toHaveLength(0);
    expect((await call('DELETE', `/api/favorites/${row!.id}`, userB.cookie)).statusCode).toBe(404);
  });

  it('lets an admin remove any favourite', async () => {
    const admin = await createAdmin(t);
    await add(userB.cookie, first.id);
    const [row] = await rowsOf(userB.userId, first.id);
    expect((await call('DELETE', `/api/favorites/${row!.id}`, admin.cookie)).statusCode).toBe(204);
  });

  it('keeps a favourite whose listing was deleted, with a null listing', async () => {
    const doomed = await createListing(t.database.db, provider.providerId, { title: 'Doomed' });
    await add(userB.cookie, doomed.id);
    await t.database.db.delete(listings).where(eq(listings.id, doomed.id));
    const items = (await call('GET', '/api/favorites', userB.cookie)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0].listing).toBeNull();
    expect((await call('GET', '/api/favorites/ids', userB.cookie)).json().ids).toEqual([]);
    // it can still be removed by id
    expect((await call('DELETE', `/api/favorites/${items[0].id}`, userB.cookie)).statusCode).toBe(204);
  });

  it('hides a listing that is no longer approved (null listing)', async () => {
    const later = await createListing(t.database.db, provider.providerId, { title: 'Later rejected' });
    await add(userB.cookie, later.id);
    await t.database.db.update(listings).set({ status: 'rejected' }).where(eq(listings.id, later.id));
    const items = (await call('GET', '/api/favorites', userB.cookie)).json().items;
    expect(items[0].listing).toBeNull();
  });
});
