import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../../domain/geo.ts';
import type { BrowseResult } from '../../../domain/listings.ts';
import { createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let premiumId: string;
let standardId: string;
let basicId: string;

const browse = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/listings${query}` });
  return {
    status: res.statusCode,
    body: res.json() as BrowseResult & { error?: { code: string; message: string } },
  };
};
const titles = (r: BrowseResult) => r.items.map((l) => l.title);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedReferenceData(db);
  premiumId = (await createProvider(t, { packageType: 'premium', businessName: 'Premium Co' })).providerId;
  standardId = (await createProvider(t, { packageType: 'standard', businessName: 'Standard Co' })).providerId;
  basicId = (await createProvider(t, { packageType: 'basic', businessName: 'Basic Co' })).providerId;
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const base = { images: 0, latitude: null, longitude: null } as const;

  // Search fixtures (category photography)
  await createListing(db, basicId, {
    ...base,
    title: 'LUXURY Limo Hire',
    description: 'Arrive in style.',
    createdAt: day(1),
  });
  await createListing(db, basicId, {
    ...base,
    title: 'Gowns',
    description: 'Designer gowns, luxury fabrics.',
    createdAt: day(2),
  });
  await createListing(db, basicId, {
    ...base,
    title: 'Half price deal',
    description: 'Now 50% off all suits.',
    createdAt: day(3),
  });
  await createListing(db, basicId, {
    ...base,
    title: 'Big deal',
    description: 'Save 500 rand today.',
    createdAt: day(4),
  });
  await createListing(db, basicId, {
    ...base,
    title: 'Snake_case venue',
    description: 'Tables for 10.',
    createdAt: day(5),
  });
  await createListing(db, basicId, {
    ...base,
    title: 'Snakeycase venue',
    description: 'Tables for 12.',
    createdAt: day(6),
  });
  await createListing(db, basicId, {
    ...base,
    title: 'Back\\slash decor',
    description: 'Odd name.',
    createdAt: day(7),
  });
  await createListing(db, basicId, {
    ...base,
    title: 'Luxury pending',
    status: 'pending',
    createdAt: day(8),
  });
  await createListing(db, basicId, {
    ...base,
    title: 'Luxury rejected',
    status: 'rejected',
    createdAt: day(9),
  });
});

afterAll(async () => {
  await t?.close();
});

describe('search', () => {
  it('matches title or description case-insensitively, approved only', async () => {
    const r = await browse('?search=luxury');
    expect(r.status).toBe(200);
    expect(titles(r.body).sort()).toEqual(['Gowns', 'LUXURY Limo Hire']);
    expect(r.body.total).toBe(2);
    expect(titles((await browse('?search=lImO')).body)).toEqual(['LUXURY Limo Hire']);
  });

  it('treats % and _ and \\ literally', async () => {
    expect(titles((await browse(`?search=${encodeURIComponent('50%')}`)).body)).toEqual(['Half price deal']);
    expect(titles((await browse(`?search=${encodeURIComponent('%')}`)).body)).toEqual(['Half price deal']);
    expect(titles((await browse(`?search=${encodeURIComponent('Snake_case')}`)).body)).toEqual([
      'Snake_case venue',
    ]);
    expect(titles((await browse(`?search=${encodeURIComponent('_')}`)).body)).toEqual(['Snake_case venue']);
    expect(titles((await browse(`?search=${encodeURIComponent('k\\s')}`)).body)).toEqual([
      'Back\\slash decor',
    ]);
  });

  it('trims the search and ignores an empty one', async () => {
    expect(titles((await browse('?search=%20%20gowns%20')).body)).toEqual(['Gowns']);
    expect((await browse('?search=&province=&category=')).body.total).toBe(7);
  });
});

describe('filters, ordering and pagination', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp();
    await seedReferenceData(t2.database.db);
    const p = await createProvider(t2, { packageType: 'basic' });
    for (let i = 0; i < 30; i++) {
      await createListing(t2.database.db, p.providerId, {
        title: `Car ${String(i).padStart(2, '0')}`,
        categorySlug: i < 25 ? 'car-rentals' : 'venues',
        province: i % 2 === 0 ? 'gauteng' : 'western_cape',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        images: 0,
      });
    }
    await createListing(t2.database.db, p.providerId, {
      title: 'Hidden',
      status: 'pending',
      categorySlug: 'car-rentals',
    });
  });
  afterAll(async () => {
    await t2?.close();
  });
  const browse2 = async (query: string) =>
    (await t2.app.inject({ method: 'GET', url: `/api/listings${query}` })).json() as BrowseResult;

  it('paginates on the server with totals', async () => {
    const first = await browse2('');
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 24 });
    expect(first.items).toHaveLength(24);
    const second = await browse2('?page=2');
    expect(second.items).toHaveLength(6);
    expect(second.total).toBe(30);
    const all = [...first.items, ...second.items].map((l) => l.id);
    expect(new Set(all).size).toBe(30);
    expect((await browse2('?page=3')).items).toHaveLength(0);
    const small = await browse2('?pageSize=10&page=3');
    expect(small.items).toHaveLength(10);
    expect(small.items[0]!.title).toBe('Car 09');
    expect((await browse2(`?pageSize=60`)).items).toHaveLength(30);
  });

  it('filters by category slug and province', async () => {
    const cars = await browse2('?category=car-rentals&pageSize=60');
    expect(cars.total).toBe(25);
    expect(cars.items.every((l) => l.category.slug === 'car-rentals')).toBe(true);
    const gautengVenues = await browse2('?category=venues&province=gauteng');
    expect(titles(gautengVenues)).toEqual(['Car 28', 'Car 26']);
    expect((await browse2('?category=decor')).total).toBe(0);
  });

  it('orders featured first, then the package’s priority placement, then newest', async () => {
    const db = t2.database.db;
    const std = await createProvider(t2, { packageType: 'standard' });
    const prem = await createProvider(t2, { packageType: 'premium' });
    const old = new Date(Date.UTC(2020, 0, 1));
    await createListing(db, std.providerId, {
      title: 'Priority old',
      categorySlug: 'decor',
      createdAt: old,
      images: 0,
    });
    await createListing(db, std.providerId, {
      title: 'Priority older',
      categorySlug: 'decor',
      createdAt: new Date(Date.UTC(2019, 0, 1)),
      images: 0,
    });
    await createListing(db, prem.providerId, {
      title: 'Featured oldest',
      categorySlug: 'decor',
      featured: true,
      createdAt: new Date(Date.UTC(2018, 0, 1)),
      images: 0,
    });
    const p = await createProvider(t2, { packageType: 'basic' });
    await createListing(db, p.providerId, { title: 'Basic newest', categorySlug: 'decor', images: 0 });
    expect(titles(await browse2('?category=decor'))).toEqual([
      'Featured oldest',
      'Priority old',
      'Priority older',
      'Basic newest',
    ]);
  });
});

describe('distance', () => {
  it('orders nearest first with distances in km, listings without coordinates last', async () => {
    const db = t.database.db;
    const mk = (title: string, latitude: number | null, longitude: number | null) =>
      createListing(db, premiumId, { title, latitude, longitude, categorySlug: 'entertainment', images: 0 });
    await mk('No coords', null, null);
    await mk('Two degrees', 0, -2);
    await mk('One degree', 0, 1);
    await mk('Half degree', 0, 0.5);
    await createListing(db, standardId, {
      title: 'No coords featured',
      featured: true,
      categorySlug: 'entertainment',
      images: 0,
    });
    const r = await browse('?category=entertainment&lat=0&lng=0');
    expect(r.status).toBe(200);
    expect(titles(r.body)).toEqual([
      'Half degree',
      'One degree',
      'Two degrees',
      'No coords featured',
      'No coords',
    ]);
    const km = r.body.items.map((l) => l.distanceKm);
    // One degree of longitude on the equator: 6371 × π / 180 km.
    expect(km[0]).toBeCloseTo(55.6, 1);
    expect(km[1]).toBeCloseTo(111.2, 1);
    expect(km[2]).toBeCloseTo(222.4, 1);
    expect(km[3]).toBeNull();
    expect(km[4]).toBeNull();
  });

  it('matches the great-circle formula on South African coordinates', async () => {
    const db = t.database.db;
    const places = [
      { title: 'Cape Town', lat: -33.9249, lng: 18.4241 },
      { title: 'Durban', lat: -29.8587, lng: 31.0218 },
      { title: 'Pretoria', lat: -25.7479, lng: 28.2293 },
      { title: 'Polokwane', lat: -23.9045, lng: 29.4689 },
    ];
    for (const p of places) {
      await createListing(db, premiumId, {
        title: p.title,
        latitude: p.lat,
        longitude: p.lng,
        categorySlug: 'catering',
        images: 0,
      });
    }
    const me = { lat: -26.2041, lng: 28.0473 }; // Johannesburg
    const r = await browse(`?category=catering&lat=${me.lat}&lng=${me.lng}`);
    expect(titles(r.body)).toEqual(['Pretoria', 'Polokwane', 'Durban', 'Cape Town']);
    for (const item of r.body.items) {
      const p = places.find((x) => x.title === item.title)!;
      expect(Math.abs(item.distanceKm! - distanceKm(me.lat, me.lng, p.lat, p.lng))).toBeLessThan(0.05);
    }
    // Johannesburg to Cape Town is about 1,262 km.
    expect(r.body.items.at(-1)!.distanceKm).toBeGreaterThan(1255);
    expect(r.body.items.at(-1)!.distanceKm).toBeLessThan(1270);
  });

  it('leaves distanceKm null without a location', async () => {
    const r = await browse('?category=catering');
    expect(r.body.items.every((l) => l.distanceKm === null)).toBe(true);
  });
});

describe('bad parameters', () => {
  const cases: [string, string][] = [
    ['?province=mars', 'Unknown province'],
    ['?category=spaceships', 'Unknown category'],
    ['?lat=91&lng=0', 'Latitude must be between -90 and 90'],
    ['?lat=-90.5&lng=0', 'Latitude must be between -90 and 90'],
    ['?lat=0&lng=181', 'Longitude must be between -180 and 180'],
    ['?lat=10', 'Latitude and longitude must be given together'],
    ['?lng=10', 'Latitude and longitude must be given together'],
    ['?lat=abc&lng=1', 'Latitude must be a number'],
    ['?pageSize=10000', 'Page size must be between 1 and 60'],
    ['?pageSize=0', 'Page size must be between 1 and 60'],
    ['?page=0', 'Page must be at least 1'],
    ['?page=-3', 'Page must be at least 1'],
    ['?page=1.5', 'Page must be a whole number'],
    ['?page=abc', 'Page must be a whole number'],
    ['?page=99999999', 'Page must be at most 10000'],
    [`?search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
    ['?province=gauteng&province=limpopo', 'Unknown province'],
  ];
  it.each(cases)('%s answers 400: %s', async (query, message) => {
    const r = await browse(query);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('accepts the largest page number and the edges of the coordinate ranges', async () => {
    expect((await browse('?page=10000')).status).toBe(200);
    expect((await browse('?lat=-90&lng=180')).status).toBe(200);
    expect((await browse('?lat=90&lng=-180')).status).toBe(200);
  });
});
