import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '../../../domain/constants.ts';
import type { ListingCard, ListingDetail, ProviderProfile, PublicPackage } from '../../../domain/listings.ts';
import {
  faqs,
  heroBanners,
  listingImages,
  listings,
  packages,
  reviews,
  serviceProviders,
} from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../../test/helpers.ts';
import { setDemoMode } from '../settings/service.ts';
import { queryRows } from '../../db/client.ts';
import { listingDailyStats } from '../../db/schema.ts';
import { pruneViewMarks, saDay } from './service.ts';
import { catalogueChanged } from './cache.ts';

/** The listing's views counted on the South African day of `now` (the process's clock). */
async function dailyViews(listingId: string, now = new Date()): Promise<number> {
  const [row] = await t.database.db
    .select({ views: listingDailyStats.views })
    .from(listingDailyStats)
    .where(and(eq(listingDailyStats.listingId, listingId), eq(listingDailyStats.day, saDay(now))));
  return row?.views ?? 0;
}

let t: TestApp;
let premium: Awaited<ReturnType<typeof createProvider>>;
let basic: Awaited<ReturnType<typeof createProvider>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let plainUser: Awaited<ReturnType<typeof signUp>>;
const ids: Record<string, string> = {};

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedReferenceData(db);
  premium = await createProvider(t, { packageType: 'premium', businessName: 'Glam Rides' });
  basic = await createProvider(t, { packageType: 'basic', businessName: 'Basic Snaps' });
  admin = await createAdmin(t);
  plainUser = await signUp(t);
  await db
    .update(serviceProviders)
    .set({ phone: '082 555 0100' })
    .where(eq(serviceProviders.id, premium.providerId));

  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  ids.oldPhoto = (
    await createListing(db, basic.providerId, {
      title: 'Old Photo',
      createdAt: day(1),
      categorySlug: 'photography',
    })
  ).id;
  ids.newPhoto = (
    await createListing(db, premium.providerId, {
      title: 'New Photo',
      createdAt: day(5),
      categorySlug: 'photography',
      images: 3,
    })
  ).id;
  ids.featuredCar = (
    await createListing(db, premium.providerId, {
      title: 'Featured Limo',
      createdAt: day(2),
      categorySlug: 'car-rentals',
      featured: true,
    })
  ).id;
  ids.pending = (
    await createListing(db, premium.providerId, {
      title: 'Pending Photo',
      status: 'pending',
      categorySlug: 'photography',
    })
  ).id;
  ids.rejected = (
    await createListing(db, premium.providerId, {
      title: 'Rejected Photo',
      status: 'rejected',
      categorySlug: 'photography',
    })
  ).id;
  ids.noImages = (
    await createListing(db, basic.providerId, {
      title: 'No Image Venue',
      createdAt: day(3),
      categorySlug: 'venues',
      images: 0,
      priceFrom: null,
      priceTo: null,
    })
  ).id;
  // Reviews: on an approved listing (counted) and on the pending one (not counted in the provider average).
  const reviewer = await signUp(t);
  const reviewer2 = await signUp(t);
  await db.insert(reviews).values([
    { listingId: ids.newPhoto, serviceProviderId: premium.providerId, userId: reviewer.userId, rating: 4 },
    {
      listingId: ids.featuredCar,
      serviceProviderId: premium.providerId,
      userId: reviewer2.userId,
      rating: 5,
    },
    { listingId: ids.featuredCar, serviceProviderId: premium.providerId, userId: reviewer.userId, rating: 4 },
    { listingId: ids.pending, serviceProviderId: premium.providerId, userId: reviewer2.userId, rating: 1 },
  ]);

  await db.insert(heroBanners).values([
    { imageUrl: '/uploads/hero-banners/b2-1600.webp', altText: 'Second', displayOrder: 2 },
    { imageUrl: '/uploads/hero-banners/b1-1600.webp', altText: 'First', displayOrder: 1 },
    { imageUrl: '/uploads/hero-banners/off-1600.webp', altText: 'Off', displayOrder: 0, isActive: false },
  ]);
  await db.insert(faqs).values([
    { question: 'Second?', answer: 'Yes.', displayOrder: 2 },
    { question: 'First?', answer: 'Yes.', displayOrder: 1 },
    { question: 'Hidden?', answer: 'No.', displayOrder: 0, isActive: false },
  ]);
  await db
    .insert(packages)
    .values({ packageType: 'retired', name: 'Retired', active: false, displayOrder: 0 });
});

afterAll(async () => {
  await t?.close();
});

describe('reference data', () => {
  it('lists active hero banners in display order', async () => {
    const res = await get('/api/hero-banners');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((b: { altText: string }) => b.altText)).toEqual(['First', 'Second']);
  });

  it('lists the eight categories in the spec order', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { name: string; slug: string; icon: string }[];
    expect(items.map((c) => c.name)).toEqual(CATEGORIES.map((c) => c.name));
    expect(items.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
  });

  it('lists active FAQs in display order', async () => {
    const res = await get('/api/faqs');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((f: { question: string }) => f.question)).toEqual(['First?', 'Second?']);
  });

  it('lists active packages in display order with every field', async () => {
    const res = await get('/api/packages');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as PublicPackage[];
    expect(items.map((p) => p.packageType)).toEqual(['basic', 'standard', 'premium']);
    const premiumPkg = items[2]!;
    expect(premiumPkg).toMatchObject({
      price: 999,
      maxListings: 5,
      maxImages: 10,
      canFeature: true,
      hasVerificationBadge: true,
      canReceiveReviews: true,
      active: true,
      period: '/month',
    });
    expect(Array.isArray(premiumPkg.features)).toBe(true);
  });
});

describe('home listings', () => {
  it('shows approved listings only, featured first then newest, with card fields', async () => {
    const res = await get('/api/listings/home');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as ListingCard[];
    expect(items.map((l) => l.title)).toEqual(['Featured Limo', 'New Photo', 'No Image Venue', 'Old Photo']);
    const limo = items[0]!;
    expect(limo).toMatchObject({
      featured: true,
      priceFrom: 2500,
      priceTo: 4800,
      city: 'Johannesburg',
      province: 'gauteng',
      category: { name: 'Car Rentals', slug: 'car-rentals', icon: 'car' },
      provider: { id: premium.providerId, businessName: 'Glam Rides', packageType: 'premium', logoUrl: null },
      primaryImageUrl: '/uploads/listing-images/test0-800.webp',
      distanceKm: null,
    });
    const venue = items.find((l) => l.title === 'No Image Venue')!;
    expect(venue.primaryImageUrl).toBeNull();
    expect(venue.priceFrom).toBeNull();
  });

  it('returns at most 18 listings', async () => {
    const t2 = await createTestApp();
    try {
      await seedReferenceData(t2.database.db);
      const p = await createProvider(t2);
      for (let i = 0; i < 20; i++)
        await createListing(t2.database.db, p.providerId, { title: `L${i}`, images: 0 });
      const res = await t2.app.inject({ method: 'GET', url: '/api/listings/home' });
      expect(res.json().items).toHaveLength(18);
    } finally {
      await t2.close();
    }
  });
});

describe('listing detail', () => {
  it('returns the listing with images primary first, category and provider', async () => {
    const db = t.database.db;
    // Make the primary image the last by display order: it must still come first.
    await db
      .update(listingImages)
      .set({ isPrimary: false })
      .where(eq(listingImages.listingId, ids.newPhoto!));
    const imgs = await db
      .select()
      .from(listingImages)
      .where(eq(listingImages.listingId, ids.newPhoto!))
      .orderBy(listingImages.displayOrder);
    await db.update(listingImages).set({ isPrimary: true }).where(eq(listingImages.id, imgs[2]!.id));
    catalogueChanged(db);

    const res = await get(`/api/listings/${ids.newPhoto}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ListingDetail;
    expect(body).toMatchObject({
      id: ids.newPhoto,
      title: 'New Photo',
      description: 'Three hours of coverage and 150 edited photos.',
      status: 'approved',
      category: { name: 'Photography', slug: 'photography', icon: 'camera' },
      provider: {
        id: premium.providerId,
        businessName: 'Glam Rides',
        phone: '082 555 0100',
        packageType: 'premium',
        packageLabel: 'Premium',
        isPremium: true,
        hasVerificationBadge: true,
        canReceiveReviews: true,
      },
    });
    expect(body.images.map((i) => i.displayOrder)).toEqual([2, 0, 1]);
    expect(body.images[0]!.isPrimary).toBe(true);

    // And the card of the same listing uses that primary image.
    const home = (await get('/api/listings/home')).json().items as ListingCard[];
    expect(home.find((l) => l.id === ids.newPhoto)!.primaryImageUrl).toBe(imgs[2]!.imageUrl);
  });

  it('labels a basic provider with its package name, never a price, and says it cannot receive reviews', async () => {
    const body = (await get(`/api/listings/${ids.oldPhoto}`)).json() as ListingDetail;
    expect(body.provider).toMatchObject({
      packageLabel: 'Basic',
      isPremium: false,
      hasVerificationBadge: false,
      canReceiveReviews: false,
    });
  });

  it('agrees with the reviews feature while demo mode is on (every provider counts as premium)', async () => {
    // As the admin's switch does (admin/demo-mode.ts): the catalogue cache is cleared with the change.
    await setDemoMode(t.database.db, true);
    catalogueChanged(t.database.db);
    try {
      const detail = (await get(`/api/listings/${ids.oldPhoto}`)).json() as ListingDetail;
      const reviews = (await get(`/api/listings/${ids.oldPhoto}/reviews`)).json();
      expect(detail.provider.canReceiveReviews).toBe(true);
      expect(reviews.canReceiveReviews).toBe(true);
    } finally {
      await setDemoMode(t.database.db, false);
      catalogueChanged(t.database.db);
    }
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = await get('/api/listings/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    for (const bad of ['not-a-uuid', '123', "1'%20or%201=1"]) {
      const res = await get(`/api/listings/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid id');
    }
  });

  it('hides pending and rejected listings from the public, other providers and users', async () => {
    for (const id of [ids.pending, ids.rejected]) {
      expect((await get(`/api/listings/${id}`)).statusCode).toBe(404);
      expect((await get(`/api/listings/${id}`, plainUser.cookie)).statusCode).toBe(404);
      expect((await get(`/api/listings/${id}`, basic.cookie)).statusCode).toBe(404);
      expect((await get(`/api/listings/${id}/related`)).statusCode).toBe(404);
    }
  });

  it('shows a pending or rejected listing to its owner and to admins', async () => {
    for (const id of [ids.pending, ids.rejected]) {
      const own = await get(`/api/listings/${id}`, premium.cookie);
      expect(own.statusCode).toBe(200);
      expect(own.json().status).toBe(id === ids.pending ? 'pending' : 'rejected');
      expect((await get(`/api/listings/${id}`, admin.cookie)).statusCode).toBe(200);
    }
  });
});

describe('related listings', () => {
  it('returns approved listings of the same category, excluding itself', async () => {
    const res = await get(`/api/listings/${ids.newPhoto}/related`);
    expect(res.statusCode).toBe(200);
    const titles = (res.json().items as ListingCard[]).map((l) => l.title);
    expect(titles).toEqual(['Old Photo']);
  });

  it('returns at most 6', async () => {
    const db = t.database.db;
    const extra: string[] = [];
    for (let i = 0; i < 8; i++) {
      extra.push(
        (await createListing(db, basic.providerId, { title: `Decor ${i}`, categorySlug: 'decor', images: 0 }))
          .id,
      );
    }
    const res = await get(`/api/listings/${extra[0]}/related`);
    const items = res.json().items as ListingCard[];
    expect(items).toHaveLength(6);
    expect(items.map((l) => l.id)).not.toContain(extra[0]);
    await db.delete(listings).where(eq(listings.categoryId, items[0]!.category.id));
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await get('/api/listings/nope/related')).statusCode).toBe(400);
    expect((await get('/api/listings/00000000-0000-4000-8000-000000000000/related')).statusCode).toBe(404);
  });
});

describe('view counter', () => {
  // Counts are kept per South African day: the process's clock stands still in these tests, so a run
  // that crosses midnight cannot split one count over two days (decision 0038).
  const STILL = new Date('2026-11-27T10:00:00.000Z');
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: STILL });
  });
  afterEach(() => {
    vi.setSystemTime(STILL);
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('counts a view on the South African day it happens: 23:59:59 and a second later are two days', async () => {
    const view = (visitor: string) =>
      t.app.inject({ method: 'POST', url: `/api/listings/${ids.oldPhoto}/view`, remoteAddress: visitor });
    const lastSecond = new Date('2026-11-27T21:59:59.000Z'); // 23:59:59 on 27 November in South Africa
    const nextDay = new Date('2026-11-27T22:00:00.000Z'); // 00:00:00 on 28 November
    vi.setSystemTime(lastSecond);
    expect((await view('10.40.0.1')).statusCode).toBe(204);
    vi.setSystemTime(nextDay);
    expect((await view('10.40.0.2')).statusCode).toBe(204);
    expect(await dailyViews(ids.oldPhoto!, lastSecond)).toBe(1);
    expect(await dailyViews(ids.oldPhoto!, nextDay)).toBe(1);
    const days = await t.database.db
      .select({ day: listingDailyStats.day })
      .from(listingDailyStats)
      .where(eq(listingDailyStats.listingId, ids.oldPhoto!))
      .orderBy(listingDailyStats.day);
    expect(days.map((d) => d.day)).toEqual(['2026-11-27', '2026-11-28']);
  });

  it('adds exactly one per visitor under 200 concurrent requests, to the listing, its provider and today', async () => {
    const db = t.database.db;
    const before = (await db.select().from(listings).where(eq(listings.id, ids.featuredCar!)))[0]!.views;
    const providerBefore = (
      await db.select().from(serviceProviders).where(eq(serviceProviders.id, premium.providerId))
    )[0]!.totalViews;
    const dailyBefore = await dailyViews(ids.featuredCar!);
    // 200 different visitors (addresses) at once, each viewing twice.
    const view = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/listings/${ids.featuredCar}/view`,
        remoteAddress: `10.20.${Math.floor(i / 250)}.${i % 250}`,
      });
    const results = await Promise.all(Array.from({ length: 400 }, (_, i) => view(i % 200)));
    expect(results.every((r) => r.statusCode === 204)).toBe(true);
    const after = (await db.select().from(listings).where(eq(listings.id, ids.featuredCar!)))[0]!.views;
    const providerAfter = (
      await db.select().from(serviceProviders).where(eq(serviceProviders.id, premium.providerId))
    )[0]!.totalViews;
    expect(after - before).toBe(200);
    expect(providerAfter - providerBefore).toBe(200);
    expect((await dailyViews(ids.featuredCar!)) - dailyBefore).toBe(200);
    expect((await get(`/api/listings/${ids.featuredCar}`)).json().views).toBe(after);
  });

  it('counts one view per visitor and listing every 30 minutes, storing no personal data', async () => {
    const db = t.database.db;
    const views = async () =>
      (await db.select().from(listings).where(eq(listings.id, ids.featuredCar!)))[0]!.views;
    const start = await views();
    const burst = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/listings/${ids.featuredCar}/view`,
          remoteAddress: '10.30.0.1',
          headers: { 'user-agent': 'Inflater/1.0' },
        }),
      ),
    );
    expect(burst.every((r) => r.statusCode === 204)).toBe(true);
    expect((await views()) - start).toBe(1);
    // Another browser on the same address is another visitor.
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/${ids.featuredCar}/view`,
      remoteAddress: '10.30.0.1',
      headers: { 'user-agent': 'Other/2.0' },
    });
    expect((await views()) - start).toBe(2);
    // The mark holds an opaque key: neither the address nor the browser.
    const marks = await queryRows<{ visitor_key: string }>(
      db,
      sql`select visitor_key from listing_view_marks`,
    );
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) {
      expect(m.visitor_key).not.toContain('10.30.0.1');
      expect(m.visitor_key).not.toContain('Inflater');
      expect(m.visitor_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    // Half an hour later the same visitor counts again.
    await db.execute(
      sql`update listing_view_marks set counted_at = now() - interval '31 minutes' where listing_id = ${ids.featuredCar!}`,
    );
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/${ids.featuredCar}/view`,
      remoteAddress: '10.30.0.1',
      headers: { 'user-agent': 'Inflater/1.0' },
    });
    expect((await views()) - start).toBe(3);
    // Old marks are pruned.
    await db.execute(sql`update listing_view_marks set counted_at = now() - interval '2 hours'`);
    await pruneViewMarks(db);
    expect(await queryRows(db, sql`select 1 from listing_view_marks`)).toHaveLength(0);
  });

  it('does not count views of pending or unknown listings and refuses malformed ids', async () => {
    const db = t.database.db;
    const res = await t.app.inject({ method: 'POST', url: `/api/listings/${ids.pending}/view` });
    expect(res.statusCode).toBe(404);
    expect((await db.select().from(listings).where(eq(listings.id, ids.pending!)))[0]!.views).toBe(0);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/listings/00000000-0000-4000-8000-000000000000/view' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/listings/xyz/view' })).statusCode).toBe(400);
  });
});

describe('provider profile', () => {
  it('shows the provider, its approved listings and the average rating over them', async () => {
    const res = await get(`/api/providers/${premium.providerId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProviderProfile;
    expect(body.provider).toMatchObject({
      id: premium.providerId,
      businessName: 'Glam Rides',
      packageType: 'premium',
      packageLabel: 'Premium',
      isPremium: true,
      hasVerificationBadge: true,
    });
    expect(body.listings.map((l) => l.title)).toEqual(['Featured Limo', 'New Photo']);
    // Reviews 4, 5, 4 on approved listings; the 1 on the pending listing does not count.
    expect(body.reviewCount).toBe(3);
    expect(body.averageRating).toBeCloseTo(13 / 3, 2);
  });

  it('gives null as the average without reviews', async () => {
    const body = (await get(`/api/providers/${basic.providerId}`)).json() as ProviderProfile;
    expect(body.averageRating).toBeNull();
    expect(body.reviewCount).toBe(0);
    expect(body.provider.packageLabel).toBe('Basic');
    expect(body.listings.every((l) => l.provider.id === basic.providerId)).toBe(true);
  });

  it('answers 404 for unknown providers and 400 for malformed ids', async () => {
    expect((await get('/api/providers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/providers/abc')).statusCode).toBe(400);
  });
});
