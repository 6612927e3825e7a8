import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationPage } from '../../../domain/admin.ts';
import { auditLog, listings } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let user: Awaited<ReturnType<typeof signUp>>;
let provider: Awaited<ReturnType<typeof createProvider>>;
const ids: Record<string, string> = {};

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedReferenceData(db);
  admin = await createAdmin(t);
  user = await signUp(t);
  provider = await createProvider(t, { packageType: 'premium', businessName: 'Elite Arrivals' });
  const other = await createProvider(t, { packageType: 'basic', businessName: 'Glow Studio' });
  // A known data set: 6 pending, 2 approved, 1 rejected.
  const rows = [
    {
      key: 'limo',
      p: provider,
      title: 'Stretch Limo',
      city: 'Sandton',
      status: 'pending',
      cat: 'car-rentals',
      prov: 'gauteng',
      price: 3000,
      d: 1,
    },
    {
      key: 'rolls',
      p: provider,
      title: 'Rolls Royce Arrival',
      city: 'Pretoria',
      status: 'pending',
      cat: 'car-rentals',
      prov: 'gauteng',
      price: 9000,
      d: 2,
    },
    {
      key: 'bus',
      p: provider,
      title: 'Party Bus',
      city: 'Cape Town',
      status: 'pending',
      cat: 'car-rentals',
      prov: 'western_cape',
      price: null,
      d: 3,
    },
    {
      key: 'makeup',
      p: other,
      title: 'Bridal Makeup',
      city: 'Durban',
      status: 'pending',
      cat: 'makeup-hair',
      prov: 'kwazulu_natal',
      price: 800,
      d: 4,
    },
    {
      key: 'hair',
      p: other,
      title: 'Hair Styling',
      city: 'Umhlanga',
      status: 'pending',
      cat: 'makeup-hair',
      prov: 'kwazulu_natal',
      price: 500,
      d: 5,
    },
    {
      key: 'nails',
      p: other,
      title: 'Nail Art',
      city: 'Sandton',
      status: 'pending',
      cat: 'makeup-hair',
      prov: 'gauteng',
      price: 300,
      d: 6,
    },
    {
      key: 'venue',
      p: provider,
      title: 'Garden Venue',
      city: 'Stellenbosch',
      status: 'approved',
      cat: 'venues',
      prov: 'western_cape',
      price: 20000,
      d: 7,
    },
    {
      key: 'photo',
      p: other,
      title: 'Photo Booth',
      city: 'Johannesburg',
      status: 'approved',
      cat: 'photography',
      prov: 'gauteng',
      price: 1500,
      d: 8,
    },
    {
      key: 'dj',
      p: other,
      title: 'DJ Set',
      city: 'Bloemfontein',
      status: 'rejected',
      cat: 'entertainment',
      prov: 'free_state',
      price: 2000,
      d: 9,
    },
  ] as const;
  for (const r of rows) {
    const row = await createListing(db, r.p.providerId, {
      title: r.title,
      city: r.city,
      status: r.status,
      categorySlug: r.cat,
      province: r.prov,
      priceFrom: r.price,
      priceTo: null,
      createdAt: day(r.d),
      images: 2,
    });
    ids[r.key] = row.id;
  }
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const page = async (query = '') => {
  const res = await get(`/api/admin/listings${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ModerationPage;
};
const moderate = (payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/admin/listings/moderation', headers: { cookie }, payload });

const validPackage = {
  packageType: 'gold',
  name: 'Gold',
  price: 10,
  maxListings: 1,
  maxImages: 1,
  features: [],
  displayOrder: 4,
};

describe('access', () => {
  const routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; payload?: unknown }[] = [
    { method: 'GET', url: () => '/api/admin/listings' },
    { method: 'GET', url: () => `/api/admin/listings/${ids.limo}` },
    {
      method: 'POST',
      url: () => '/api/admin/listings/moderation',
      payload: () => ({ ids: [ids.limo], status: 'approved' }),
    },
    { method: 'GET', url: () => '/api/admin/users' },
    {
      method: 'PUT',
      url: () => `/api/admin/users/${user.userId}/package`,
      payload: { packageType: 'basic' },
    },
    { method: 'POST', url: () => `/api/admin/users/${user.userId}/package/extend`, payload: { months: 1 } },
    { method: 'PUT', url: () => `/api/admin/users/${user.userId}/role`, payload: { role: 'admin' } },
    { method: 'DELETE', url: () => `/api/admin/users/${user.userId}` },
    { method: 'GET', url: () => '/api/admin/packages' },
    { method: 'POST', url: () => '/api/admin/packages', payload: validPackage },
    {
      method: 'PUT',
      url: () => '/api/admin/packages/00000000-0000-4000-8000-000000000000',
      payload: validPackage,
    },
    { method: 'DELETE', url: () => '/api/admin/packages/00000000-0000-4000-8000-000000000000' },
    { method: 'PUT', url: () => '/api/admin/settings/demo-mode', payload: { demoMode: true } },
    { method: 'GET', url: () => '/api/admin/overview' },
    { method: 'GET', url: () => '/api/admin/audit' },
    { method: 'GET', url: () => '/api/admin/audit/facets' },
  ];

  it.each(routes.map((r, i) => [`${r.method} #${i + 1}`, r] as const))(
    '%s refuses anonymous (401), user and provider (403)',
    async (_name, route) => {
      const send = (cookie?: string) =>
        t.app.inject({
          method: route.method,
          url: route.url(),
          headers: cookie ? { cookie } : {},
          ...(route.payload !== undefined
            ? {
                payload:
                  typeof route.payload === 'function'
                    ? (route.payload as () => object)()
                    : (route.payload as object),
              }
            : {}),
        });
      expect((await send()).statusCode).toBe(401);
      expect((await send(user.cookie)).statusCode).toBe(403);
      expect((await send(provider.cookie)).statusCode).toBe(403);
    },
  );

  it('changed nothing while refusing', async () => {
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, ids.limo!));
    expect(row!.status).toBe('pending');
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });
});

describe('moderation list', () => {
  it('opens on the pending tab, newest first, with per-tab counts and stat cards', async () => {
    const p = await page();
    expect(p.items.map((r) => r.title)).toEqual([
      'Nail Art',
      'Hair Styling',
      'Bridal Makeup',
      'Party Bus',
      'Rolls Royce Arrival',
      'Stretch Limo',
    ]);
    expect(p.total).toBe(6);
    expect(p.counts).toEqual({ pending: 6, approved: 2, rejected: 1, all: 9, changes: 0 });
    expect(p.stats).toEqual(p.counts);
    expect(p.items[0]).toMatchObject({
      businessName: 'Glow Studio',
      category: { slug: 'makeup-hair', name: 'Makeup & Hair' },
      province: 'gauteng',
      city: 'Sandton',
      priceFrom: 300,
      status: 'pending',
    });
    expect(p.items[0]!.primaryImageUrl).toMatch(/test0-800\.webp$/);
  });

  it('filters by tab, search (title, city, business name), category and province; stats stay global', async () => {
    expect((await page('?status=approved')).items.map((r) => r.title)).toEqual([
      'Photo Booth',
      'Garden Venue',
    ]);
    expect((await page('?status=rejected')).items.map((r) => r.title)).toEqual(['DJ Set']);
    expect((await page('?status=all')).total).toBe(9);

    const bySandton = await page('?status=all&search=sandton');
    expect(bySandton.items.map((r) => r.title).sort()).toEqual(['Nail Art', 'Stretch Limo']);
    expect(bySandton.counts).toEqual({ pending: 2, approved: 0, rejected: 0, all: 2, changes: 0 });
    expect(bySandton.stats).toEqual({ pending: 6, approved: 2, rejected: 1, all: 9, changes: 0 });

    const byBusiness = await page('?status=all&search=ELITE');
    expect(byBusiness.total).toBe(4);
    expect((await page('?search=limo')).items.map((r) => r.title)).toEqual(['Stretch Limo']);
    // LIKE wildcards in the search match themselves.
    expect((await page('?status=all&search=%25')).total).toBe(0);

    const cat = await page('?status=all&category=makeup-hair');
    expect(cat.total).toBe(3);
    const both = await page('?category=makeup-hair&province=kwazulu_natal');
    expect(both.items.map((r) => r.title)).toEqual(['Hair Styling', 'Bridal Makeup']);
    expect(both.counts.all).toBe(2);
  });

  it('sorts by title, business name, price from (no price last) and created at', async () => {
    expect((await page('?sort=title&dir=asc')).items.map((r) => r.title)).toEqual([
      'Bridal Makeup',
      'Hair Styling',
      'Nail Art',
      'Party Bus',
      'Rolls Royce Arrival',
      'Stretch Limo',
    ]);
    const byBusiness = await page('?sort=business_name&dir=asc');
    expect(byBusiness.items.map((r) => r.businessName)).toEqual([
      'Elite Arrivals',
      'Elite Arrivals',
      'Elite Arrivals',
      'Glow Studio',
      'Glow Studio',
      'Glow Studio',
    ]);
    expect((await page('?sort=price_from&dir=asc')).items.map((r) => r.priceFrom)).toEqual([
      300,
      500,
      800,
      3000,
      9000,
      null,
    ]);
    expect((await page('?sort=price_from&dir=desc')).items.map((r) => r.priceFrom)).toEqual([
      9000,
      3000,
      800,
      500,
      300,
      null,
    ]);
    expect((await page('?sort=created_at&dir=asc')).items[0]!.title).toBe('Stretch Limo');
  });

  it('pages with the allowed page sizes and refuses others', async () => {
    const many = await createProvider(t, { businessName: 'Bulk Co' });
    for (let i = 0; i < 30; i++) {
      await createListing(t.database.db, many.providerId, {
        title: `Bulk ${String(i).padStart(2, '0')}`,
        status: 'rejected',
        images: 0,
      });
    }
    const first = await page('?status=rejected&pageSize=25&sort=title&dir=asc');
    expect(first.items).toHaveLength(25);
    expect(first.total).toBe(31);
    const second = await page('?status=rejected&pageSize=25&page=2&sort=title&dir=asc');
    expect(second.items.map((r) => r.title)).toEqual([
      'Bulk 25',
      'Bulk 26',
      'Bulk 27',
      'Bulk 28',
      'Bulk 29',
      'DJ Set',
    ]);
    expect((await page('?status=rejected')).items).toHaveLength(31);
    for (const bad of [
      '?pageSize=10',
      '?pageSize=500',
      '?sort=views',
      '?status=archived',
      '?page=0',
      '?province=mars',
    ]) {
      expect((await get(`/api/admin/listings${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('shows a listing of any status with its images and provider; unknown ids 404', async () => {
    const res = await get(`/api/admin/listings/${ids.dj}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      title: 'DJ Set',
      status: 'rejected',
      description: expect.any(String),
      provider: { businessName: 'Glow Studio', packageType: 'basic', email: expect.stringContaining('@') },
    });
    expect(detail.images).toHaveLength(2);
    expect(detail.images[0].isPrimary).toBe(true);
    expect((await get('/api/admin/listings/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/listings/nope')).statusCode).toBe(400);
  });
});

describe('approve and reject', () => {
  it('approves one listing, makes it public and writes one audit row', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/listings/${ids.limo}` })).statusCode).toBe(404);
    const res = await moderate({ ids: [ids.limo], status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, status: 'approved' });
    expect((await t.app.inject({ method: 'GET', url: `/api/listings/${ids.limo}` })).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ids.limo!));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'listing.approve',
      entityType: 'listing',
      actorUserId: admin.userId,
      before: { status: 'pending', rejectionReason: null },
      after: { status: 'approved', rejectionReason: null },
    });
  });

  it('rejects several at once with a reason, in one transaction', async () => {
    const res = await moderate({
      ids: [ids.rolls, ids.bus],
      status: 'rejected',
      reason: '  Photos are blurry  ',
    });
    expect(res.json()).toEqual({ updated: 2, status: 'rejected' });
    const rows = await t.database.db
      .select({ status: listings.status, reason: listings.rejectionReason })
      .from(listings)
      .where(inArray(listings.id, [ids.rolls!, ids.bus!]));
    expect(rows).toEqual([
      { status: 'rejected', reason: 'Photos are blurry' },
      { status: 'rejected', reason: 'Photos are blurry' },
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'listing.reject'));
    expect(audit).toHaveLength(2);
  });

  it('approving clears an earlier rejection reason', async () => {
    await moderate({ ids: [ids.bus], status: 'approved' });
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, ids.bus!));
    expect(row).toMatchObject({ status: 'approved', rejectionReason: null });
  });

  it('changes nothing when one id of the batch does not exist', async () => {
    const before = await t.database.db.select().from(auditLog);
    const res = await moderate({
      ids: [ids.makeup, '00000000-0000-4000-8000-000000000000'],
      status: 'approved',
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, ids.makeup!));
    expect(row!.status).toBe('pending');
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before.length);
  });

  it('refuses bad bodies with 400', async () => {
    expect((await moderate({ ids: [], status: 'approved' })).statusCode).toBe(400);
    expect((await moderate({ ids: [ids.makeup], status: 'pending' })).statusCode).toBe(400);
    expect((await moderate({ ids: ['x'], status: 'approved' })).statusCode).toBe(400);
    const long = await moderate({ ids: [ids.makeup], status: 'rejected', reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Reason must be at most 500 characters');
  });

  it('the overview counts what is still pending', async () => {
    const res = await get('/api/admin/overview');
    expect(res.json()).toEqual({ pendingListings: 3, openReports: 0 });
  });
});

describe('repeated moderation records only real changes', () => {
  const auditOf = (id: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);

  it('ten parallel approvals of one listing: all answer 200, exactly one audit row', async () => {
    const listing = await createListing(t.database.db, provider.providerId, { status: 'pending' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => moderate({ ids: [listing.id], status: 'approved' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const audit = await auditOf(listing.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'listing.approve',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
  });

  it('a batch audits only the listings it changed; a new rejection reason is a change', async () => {
    const done = await createListing(t.database.db, provider.providerId, { status: 'approved' });
    const waiting = await createListing(t.database.db, provider.providerId, { status: 'pending' });
    const res = await moderate({ ids: [done.id, waiting.id], status: 'approved' });
    expect(res.json()).toEqual({ updated: 2, status: 'approved' });
    expect(await auditOf(done.id)).toHaveLength(0);
    expect(await auditOf(waiting.id)).toHaveLength(1);

    await moderate({ ids: [waiting.id], status: 'rejected', reason: 'Blurry' });
    await moderate({ ids: [waiting.id], status: 'rejected', reason: 'Blurry' });
    await moderate({ ids: [waiting.id], status: 'rejected', reason: 'Blurry and dark' });
    const audit = await auditOf(waiting.id);
    expect(audit.map((a) => (a.after as { rejectionReason: string | null }).rejectionReason)).toEqual([
      null,
      'Blurry',
      'Blurry and dark',
    ]);
  });
});
