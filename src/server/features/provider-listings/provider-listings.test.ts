/**
 * /api/provider/listings: who may list, load, create, edit and delete; the package rules (listing limit,
 * expiry, pending payment, image allowance, admins, demo mode) with their messages; two creates racing for
 * the last slot; the image-set rules and the files of removed images.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES, PACKAGE_MESSAGES, PROVIDER_MESSAGES } from '../../../domain/providers.ts';
import { grantRole } from '../../auth/roles.ts';
import { listingImages, listings, serviceProviders } from '../../db/schema.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import {
  categoryId,
  createAdmin,
  createListing,
  createProvider,
  seedReferenceData,
} from '../../test/fixtures.ts';
import { createTestApp, isStored, signUp, uploadImage, type TestApp } from '../../test/helpers.ts';
import { setDemoMode } from '../settings/service.ts';

let t: TestApp;
let png: Buffer;
let category: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  png = await drawDemoImage({ width: 200, height: 120, seed: 5, label: 'p' });
  category = await categoryId(t.database.db, 'photography');
});
afterAll(() => t.close());

const variantFiles = (url: string) =>
  [400, 800, 1600].map((w) =>
    path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', '').replace('-800.webp', `-${w}.webp`)),
  );

const upload = (cookie: string) => uploadImage(t, cookie, 'listing-images', png);

function form(images: { url: string; isPrimary: boolean }[], over: Record<string, unknown> = {}) {
  return {
    title: 'Matric Dance Photos',
    categoryId: category,
    description: 'Portraits and candid shots on the night.',
    province: 'western_cape',
    city: 'Cape Town',
    priceFrom: '1500',
    priceTo: '',
    latitude: '',
    longitude: '',
    images,
    ...over,
  };
}

const create = (cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/provider/listings',
    headers: { cookie },
    payload: payload as object,
  });
const put = (cookie: string, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/provider/listings/${id}`,
    headers: { cookie },
    payload: payload as object,
  });

async function createWithImages(cookie: string, n = 1) {
  const urls = [];
  for (let i = 0; i < n; i++) urls.push(await upload(cookie));
  const res = await create(cookie, form(urls.map((url, i) => ({ url, isPrimary: i === 0 }))));
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, urls };
}

async function imagesOf(id: string) {
  return t.database.db
    .select()
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(listingImages.displayOrder);
}

describe('access', () => {
  it('refuses anonymous callers (401) and plain users (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/provider/listings' })).statusCode).toBe(401);
    const user = await signUp(t);
    const res = await create(
      user.cookie,
      form([{ url: '/uploads/listing-images/x-800.webp', isPrimary: true }]),
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/provider/listings', headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('a provider role without a provider record is sent to complete the profile', async () => {
    const account = await signUp(t);
    await grantRole(t.database.db, account.userId, 'service_provider');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/provider/listings',
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'PROVIDER_PROFILE_MISSING',
      message: PROVIDER_MESSAGES.profileMissing,
    });
  });

  it("another provider's listing cannot be loaded, edited or deleted; an admin may", async () => {
    const owner = await createProvider(t);
    const other = await createProvider(t);
    const { id, urls } = await createWithImages(owner.cookie);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/provider/listings/${id}`,
        headers: { cookie: other.cookie },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await put(other.cookie, id, form([{ url: urls[0]!, isPrimary: true }]))).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/provider/listings/00000000-0000-4000-8000-000000000000',
      headers: { cookie: owner.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/provider/listings/nope',
      headers: { cookie: owner.cookie },
    });
    expect(bad.statusCode).toBe(400);

    const admin = await createAdmin(t);
    const loaded = await t.app.inject({
      method: 'GET',
      url: `/api/provider/listings/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(loaded.statusCode).toBe(200);
    expect(
      (await put(admin.cookie, id, form([{ url: urls[0]!, isPrimary: true }], { title: 'By admin' })))
        .statusCode,
    ).toBe(204);
  });

  it("a provider cannot attach another account's upload", async () => {
    const a = await createProvider(t);
    const b = await createProvider(t);
    const foreign = await upload(b.cookie);
    const res = await create(a.cookie, form([{ url: foreign, isPrimary: true }]));
    expect(res.statusCode).toBe(400);
  });
});

describe('create and edit', () => {
  it('creates a pending listing, saves empty optional values as null and lists it as its own', async () => {
    const p = await createProvider(t);
    const { id } = await createWithImages(p.cookie, 2);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({
      status: 'pending',
      priceFrom: 1500,
      priceTo: null,
      latitude: null,
      longitude: null,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/provider/listings',
      headers: { cookie: p.cookie },
    });
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).toMatchObject({ id, status: 'pending', categoryName: 'Photography' });
    expect(list.json().items[0].primaryImageUrl).toBeTruthy();
  });

  it('editing keeps the status', async () => {
    const p = await createProvider(t);
    const { id, urls } = await createWithImages(p.cookie);
    await t.database.db.update(listings).set({ status: 'approved' }).where(eq(listings.id, id));
    const res = await put(
      p.cookie,
      id,
      form([{ url: urls[0]!, isPrimary: true }], {
        title: 'New title',
        latitude: '-33.9',
        longitude: '18.4',
      }),
    );
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, id));
    // The coordinates go live; the title waits for an admin (held-changes.test.ts, decision 0041).
    expect(row).toMatchObject({
      status: 'approved',
      title: 'Matric Dance Photos',
      latitude: -33.9,
      longitude: 18.4,
    });
  });

  it.each([
    [{ title: '' }, 'title', LISTING_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(101) }, 'title', LISTING_MESSAGES.titleMax],
    [{ description: '  ' }, 'description', LISTING_MESSAGES.descriptionRequired],
    [{ description: 'x'.repeat(2001) }, 'description', LISTING_MESSAGES.descriptionMax],
    [{ city: '' }, 'city', LISTING_MESSAGES.cityRequired],
    [{ city: 'x'.repeat(101) }, 'city', LISTING_MESSAGES.cityMax],
    [{ province: '' }, 'province', LISTING_MESSAGES.provinceRequired],
    [{ categoryId: '' }, 'categoryId', LISTING_MESSAGES.categoryRequired],
    [{ priceFrom: 'abc' }, 'priceFrom', LISTING_MESSAGES.priceNumber],
    [{ priceFrom: '-0.01' }, 'priceFrom', LISTING_MESSAGES.priceMin],
    [{ priceFrom: '10000000.01' }, 'priceFrom', LISTING_MESSAGES.priceMax],
    [{ priceFrom: '500', priceTo: '499.99' }, 'priceTo', LISTING_MESSAGES.priceRange],
    [{ latitude: '90.1', longitude: '0' }, 'latitude', LISTING_MESSAGES.latitude],
    [{ latitude: '0', longitude: '-180.1' }, 'longitude', LISTING_MESSAGES.longitude],
    [{ latitude: '-30' }, 'longitude', LISTING_MESSAGES.coordinatesTogether],
    [{ images: [] }, 'images', LISTING_MESSAGES.imagesRequired],
  ])('refuses bad input #%# with the message under its field', async (over, field, message) => {
    const p = await createProvider(t);
    const url = await upload(p.cookie);
    const res = await create(p.cookie, form([{ url, isPrimary: true }], over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('accepts each value at its boundary', async () => {
    const p = await createProvider(t, { packageType: 'premium' });
    const url = await upload(p.cookie);
    const res = await create(
      p.cookie,
      form([{ url, isPrimary: true }], {
        title: 'x'.repeat(100),
        description: 'y'.repeat(2000),
        city: 'z'.repeat(100),
        priceFrom: '0',
        priceTo: '0',
        latitude: '-90',
        longitude: '180',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('package rules', () => {
  it('basic allows one listing (rejected ones do not count) and says so at the limit', async () => {
    const p = await createProvider(t, { packageType: 'basic' });
    await createListing(t.database.db, p.providerId, { status: 'rejected' });
    await createWithImages(p.cookie);
    const url = await upload(p.cookie);
    const res = await create(p.cookie, form([{ url, isPrimary: true }]));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'LISTING_LIMIT_REACHED',
      message: PACKAGE_MESSAGES.limitReached,
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/provider/package',
      headers: { cookie: p.cookie },
    });
    expect(status.json()).toMatchObject({
      packageType: 'basic',
      maxListings: 1,
      maxImages: 3,
      listingCount: 1,
      active: true,
      source: 'package',
    });
  });

  it('refuses an expired package and a pending payment', async () => {
    const p = await createProvider(t);
    await t.database.db
      .update(serviceProviders)
      .set({ packageExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(serviceProviders.id, p.providerId));
    const url = await upload(p.cookie);
    const expired = await create(p.cookie, form([{ url, isPrimary: true }]));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe(PACKAGE_MESSAGES.expired);

    const paid = await signUp(t, { packageType: 'standard' });
    const url2 = await upload(paid.cookie);
    const pending = await create(paid.cookie, form([{ url: url2, isPrimary: true }]));
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.message).toBe(PACKAGE_MESSAGES.paymentPending);
  });

  it('-1 means unlimited listings', async () => {
    const p = await createProvider(t, { packageType: 'standard' });
    const { packages } = await import('../../db/schema.ts');
    await t.database.db.update(packages).set({ maxListings: -1 }).where(eq(packages.packageType, 'standard'));
    try {
      for (let i = 0; i < 3; i++) await createWithImages(p.cookie);
    } finally {
      await t.database.db
        .update(packages)
        .set({ maxListings: 2 })
        .where(eq(packages.packageType, 'standard'));
    }
  });

  it('refuses more images than the allowance with the spec text, at create and at edit', async () => {
    const p = await createProvider(t, { packageType: 'basic' });
    const urls = [];
    for (let i = 0; i < 4; i++) urls.push(await upload(p.cookie));
    const over = await create(p.cookie, form(urls.map((url, i) => ({ url, isPrimary: i === 0 }))));
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toMatchObject({
      code: 'TOO_MANY_IMAGES',
      message: 'Too many images',
      fields: { images: 'You can only upload 3 more image(s). Your package allows 3 images per listing.' },
    });
    const ok = await create(p.cookie, form(urls.slice(0, 3).map((url, i) => ({ url, isPrimary: i === 0 }))));
    expect(ok.statusCode).toBe(201);
    const id = ok.json().id;
    const grow = await put(p.cookie, id, form(urls.map((url, i) => ({ url, isPrimary: i === 0 }))));
    expect(grow.statusCode).toBe(403);
    expect(grow.json().error.fields.images).toBe(
      'You can only upload 0 more image(s). Your package allows 3 images per listing.',
    );
    expect(await imagesOf(id)).toHaveLength(3);
  });

  it('admins count as premium (5 listings, 10 images)', async () => {
    const admin = await createAdmin(t);
    const [row] = await t.database.db
      .insert(serviceProviders)
      .values({
        userId: admin.userId,
        businessName: 'Admin Biz',
        packageType: 'basic',
        paymentStatus: 'pending',
      })
      .returning();
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/provider/package',
      headers: { cookie: admin.cookie },
    });
    expect(status.json()).toMatchObject({ source: 'admin', active: true, maxListings: 5, maxImages: 10 });
    for (let i = 0; i < 5; i++) await createListing(t.database.db, row!.id, { status: 'pending' });
    const url = await upload(admin.cookie);
    const res = await create(admin.cookie, form([{ url, isPrimary: true }]));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(PACKAGE_MESSAGES.limitReached);
  });

  it('demo mode lifts the limits (unlimited listings, premium images) even for an expired basic package', async () => {
    const p = await createProvider(t, { packageType: 'basic' });
    await t.database.db
      .update(serviceProviders)
      .set({ packageExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(serviceProviders.id, p.providerId));
    await setDemoMode(t.database.db, true);
    try {
      await createWithImages(p.cookie, 5);
      await createWithImages(p.cookie, 1);
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/provider/package',
        headers: { cookie: p.cookie },
      });
      expect(status.json()).toMatchObject({ source: 'demo', maxListings: -1, maxImages: 10, demoMode: true });
    } finally {
      await setDemoMode(t.database.db, false);
    }
  });

  it('two creates racing for the last slot: exactly one succeeds', async () => {
    const p = await createProvider(t, { packageType: 'standard' });
    await createWithImages(p.cookie);
    const a = await upload(p.cookie);
    const b = await upload(p.cookie);
    const results = await Promise.all([
      create(p.cookie, form([{ url: a, isPrimary: true }])),
      create(p.cookie, form([{ url: b, isPrimary: true }])),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 403]);
    expect(results.find((r) => r.statusCode === 403)!.json().error.message).toBe(
      PACKAGE_MESSAGES.limitReached,
    );
    const count = await t.database.db
      .select()
      .from(listings)
      .where(eq(listings.serviceProviderId, p.providerId));
    expect(count).toHaveLength(2);
  });
});

describe('image rules', () => {
  it('the first image is primary; reorder renumbers; set-primary keeps one; removing the primary promotes the next', async () => {
    const p = await createProvider(t);
    const urls = [await upload(p.cookie), await upload(p.cookie), await upload(p.cookie)];
    const res = await create(p.cookie, form(urls.map((url) => ({ url, isPrimary: false }))));
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    let images = await imagesOf(id);
    expect(images.map((i) => [i.imageUrl, i.isPrimary, i.displayOrder])).toEqual([
      [urls[0], true, 0],
      [urls[1], false, 1],
      [urls[2], false, 2],
    ]);

    // Reorder (third first) and make the second primary.
    const order = [urls[2]!, urls[0]!, urls[1]!];
    expect(
      (await put(p.cookie, id, form(order.map((url) => ({ url, isPrimary: url === urls[1] }))))).statusCode,
    ).toBe(204);
    images = await imagesOf(id);
    expect(images.map((i) => [i.imageUrl, i.isPrimary, i.displayOrder])).toEqual([
      [urls[2], false, 0],
      [urls[0], false, 1],
      [urls[1], true, 2],
    ]);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, id));
    expect(row!.primaryImageUrl).toBe(urls[1]);

    // Remove the primary: the first remaining becomes primary and its files are deleted.
    const rest = [urls[2]!, urls[0]!];
    expect((await put(p.cookie, id, form(rest.map((url) => ({ url, isPrimary: false }))))).statusCode).toBe(
      204,
    );
    images = await imagesOf(id);
    expect(images.map((i) => [i.imageUrl, i.isPrimary, i.displayOrder])).toEqual([
      [urls[2], true, 0],
      [urls[0], false, 1],
    ]);
    for (const file of variantFiles(urls[1]!)) expect(isStored(file)).toBe(false);
    for (const file of variantFiles(urls[0]!)) expect(isStored(file)).toBe(true);
  });

  it('a refused save leaves the listing as it was', async () => {
    const p = await createProvider(t);
    const { id, urls } = await createWithImages(p.cookie, 2);
    const res = await put(
      p.cookie,
      id,
      form([{ url: '/uploads/listing-images/nope-800.webp', isPrimary: true }]),
    );
    expect(res.statusCode).toBe(400);
    expect((await imagesOf(id)).map((i) => i.imageUrl)).toEqual(urls);
    for (const file of variantFiles(urls[0]!)) expect(isStored(file)).toBe(true);
  });

  it('deleting a listing removes it, its images and their files', async () => {
    const p = await createProvider(t);
    const { id, urls } = await createWithImages(p.cookie, 2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/listings/${id}`,
      headers: { cookie: p.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await imagesOf(id)).toHaveLength(0);
    expect(await t.database.db.select().from(listings).where(eq(listings.id, id))).toHaveLength(0);
    for (const url of urls) for (const file of variantFiles(url)) expect(isStored(file)).toBe(false);
  });
});
