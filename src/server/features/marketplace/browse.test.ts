import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../../domain/geo.ts';
import type { BrowseResult, ListingCard } from '../../../domain/listings.ts';
import { queryRows } from '../../db/client.ts';
import { listings, packages, serviceProviders } from '../../db/schema.ts';
import { catalogueChanged, nextAnnouncementHeard } from './cache.ts';
import {
  browse as browseOn,
  firstPageStatements,
  setSelectiveReading,
  type TracedStatement,
} from './browse.ts';
import { browseQuerySchema } from '../../../domain/listings.ts';
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
  it('finds words of the title, description, city and category, stemmed, approved only', async () => {
    const r = await browse('?search=luxury');
    expect(r.status).toBe(200);
    // Title match first, then the description match.
    expect(titles(r.body)).toEqual(['LUXURY Limo Hire', 'Gowns']);
    expect(r.body.total).toBe(2);
    expect(r.body.totalExact).toBe(true);
    expect(titles((await browse('?search=lImO')).body)).toEqual(['LUXURY Limo Hire']);
    expect(titles((await browse('?search=gown')).body)).toEqual(['Gowns']); // stemmed
    expect(titles((await browse('?search=johannesburg&pageSize=60')).body)).toHaveLength(7); // city
    expect(titles((await browse('?search=photography&pageSize=60')).body)).toHaveLength(7); // category
  });

  it('does not break on punctuation and operators', async () => {
    expect(titles((await browse(`?search=${encodeURIComponent('50%')}`)).body)).toEqual(['Half price deal']);
    for (const q of ['%', '_', 'k\\s', '"unclosed', '-', 'a OR', "o'neil", '!!', '<script>']) {
      const r = await browse(`?search=${encodeURIComponent(q)}`);
      expect(r.status).toBe(200);
    }
    expect(titles((await browse(`?search=${encodeURIComponent('Snake_case')}`)).body)).toContain(
      'Snake_case venue',
    );
  });

  it('trims the search and ignores an empty one', async () => {
    expect(titles((await browse('?search=%20%20gowns%20')).body)).toEqual(['Gowns']);
    expect((await browse('?search=&province=&category=')).body.total).toBe(7);
  });
});

describe('ranked search', () => {
  let t3: TestApp;
  const search = async (q: string, extra = '') =>
    (
      await t3.app.inject({ method: 'GET', url: `/api/listings?search=${encodeURIComponent(q)}${extra}` })
    ).json() as BrowseResult;

  beforeAll(async () => {
    t3 = await createTestApp();
    const db = t3.database.db;
    await seedReferenceData(db);
    const basic = await createProvider(t3, { packageType: 'basic' });
    const premium = await createProvider(t3, { packageType: 'premium' });
    // Each its own creation time: saved one after the other they could share a millisecond (PGlite's
    // clock has no finer steps), and 'newest' would then be decided by the random ids (decision 0038).
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const base = { images: 0 } as const;
    await createListing(db, basic.providerId, {
      ...base,
      title: 'Stretch Limousine Hire',
      description: 'Arrive together.',
      categorySlug: 'car-rentals',
      city: 'Durban',
      province: 'kwazulu_natal',
      createdAt: day(1),
    });
    await createListing(db, premium.providerId, {
      ...base,
      title: 'Farewell Transport',
      description: 'Our limousine fleet and vintage cars.',
      categorySlug: 'car-rentals',
      featured: true,
      createdAt: day(2),
    });
    await createListing(db, basic.providerId, {
      ...base,
      createdAt: day(3),
      title: 'Umshado Decor',
      description: 'Bruilof en matriekafskeid versiering.',
      categorySlug: 'decor',
      city: 'Bloemfontein',
      province: 'free_state',
    });
  });
  afterAll(() => t3?.close());

  it('ranks a title match above a description match, even a featured one', async () => {
    const r = await search('limousine');
    expect(titles(r)).toEqual(['Stretch Limousine Hire', 'Farewell Transport']);
  });

  it('finds a misspelt title', async () => {
    expect(titles(await search('limosine'))).toContain('Stretch Limousine Hire');
    expect(titles(await search('limosine'))[0]).toBe('Stretch Limousine Hire');
  });

  it('corrects each misspelt word of a search against the words of titles, and pages through the corrections', async () => {
    // A title word is correctable as soon as its listing is saved (trigger into title_words).
    const db = t3.database.db;
    const provider = await createProvider(t3, { packageType: 'basic' });
    for (let i = 0; i < 5; i++) {
      await createListing(db, provider.providerId, {
        images: 0,
        title: `Chevrolet Bel Air ${i + 1}`,
        description: 'A classic car.',
        categorySlug: 'car-rentals',
      });
    }
    catalogueChanged(db);
    expect(titles(await search('stretch limosine'))).toEqual(['Stretch Limousine Hire']);
    const first = await search('chevrolett', '&pageSize=2');
    expect(first.total).toBe(5);
    expect(first.totalExact).toBe(true);
    const seen = [...titles(first)];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await search('chevrolett', `&pageSize=2&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...titles(next));
      cursor = next.nextCursor;
    }
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5].map((i) => `Chevrolet Bel Air ${i}`));
    // Nothing spelled like it: no results, and no corrected tier.
    expect((await search('qqqxzv')).items).toEqual([]);
  });

  it('refuses a cursor whose corrected words were tampered with', async () => {
    const first = await search('chevrolett', '&pageSize=1');
    const c = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString()) as Record<string, unknown>;
    expect(c.f).toEqual([expect.arrayContaining(['chevrolet'])]);
    for (const f of [true, [[]], [['x']], [['a'.repeat(41)]], [[1]], 'chevrolet']) {
      const forged = Buffer.from(JSON.stringify({ ...c, f })).toString('base64url');
      const res = await t3.app.inject({
        method: 'GET',
        url: `/api/listings?search=chevrolett&pageSize=1&cursor=${forged}`,
      });
      expect(res.statusCode, JSON.stringify(f)).toBe(400);
    }
  });

  it('keeps Afrikaans and isiZulu words searchable', async () => {
    expect(titles(await search('bruilof'))).toEqual(['Umshado Decor']);
    expect(titles(await search('umshado'))).toEqual(['Umshado Decor']);
  });

  it('searches city and category words, with filters', async () => {
    expect(titles(await search('durban'))).toEqual(['Stretch Limousine Hire']);
    expect(titles(await search('decor', '&province=free_state'))).toEqual(['Umshado Decor']);
    expect(titles(await search('limousine', '&province=gauteng'))).toEqual(['Farewell Transport']);
  });

  it('combines with an explicit order', async () => {
    expect(titles(await search('limousine', '&sort=newest'))).toEqual([
      'Farewell Transport',
      'Stretch Limousine Hire',
    ]);
  });
});

describe('filters, orders and keyset pages', () => {
  let t2: TestApp;
  let basic: Awaited<ReturnType<typeof createProvider>>;
  beforeAll(async () => {
    t2 = await createTestApp();
    const db = t2.database.db;
    await seedReferenceData(db);
    basic = await createProvider(t2, { packageType: 'basic' });
    const standard = await createProvider(t2, { packageType: 'standard' });
    const premium = await createProvider(t2, { packageType: 'premium' });
    const owners = [basic, standard, premium];
    for (let i = 0; i < 30; i++) {
      await createListing(db, owners[i % 3]!.providerId, {
        title: `Car ${String(i).padStart(2, '0')}`,
        categorySlug: i < 25 ? 'car-rentals' : 'venues',
        province: i % 2 === 0 ? 'gauteng' : 'western_cape',
        priceFrom: i % 7 === 3 ? null : 1000 + ((i * 37) % 11) * 250,
        priceTo: null,
        featured: i % 10 === 4,
        rating: (i * 13) % 6 === 0 ? 0 : Math.min(5, 3 + ((i * 7) % 5) * 0.5),
        reviewCount: (i * 13) % 6 === 0 ? 0 : (i % 4) + 1,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i % 20)), // ties on purpose
        images: 0,
      });
    }
    await createListing(db, basic.providerId, {
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

  /** Every page of a query, following nextCursor. */
  async function walk(query: string, between?: (page: number) => Promise<void>) {
    const seen: ListingCard[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const sep = query ? '&' : '?';
      const r = await browse2(`${query}${cursor ? `${sep}cursor=${cursor}` : ''}`);
      seen.push(...r.items);
      if (!r.nextCursor) return seen;
      expect(r.items.length).toBeGreaterThan(0);
      cursor = r.nextCursor;
      await between?.(page);
    }
    throw new Error('too many pages');
  }

  async function approvedRows(where = sql`true`) {
    return queryRows<{
      id: string;
      rank: number;
      created_at: string;
      price_from: string | null;
      rating: string;
      review_count: number;
    }>(
      t2.database.db,
      sql`select id, rank, created_at::text, price_from, rating, review_count from listings
          where status = 'approved' and ${where}`,
    );
  }

  it('counts on the first page, then pages by cursor with no repeats', async () => {
    const first = await browse2('');
    expect(first).toMatchObject({ total: 30, totalExact: true, sort: 'recommended' });
    expect(first.items).toHaveLength(24);
    expect(first.nextCursor).toBeTruthy();
    const second = await browse2(`?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(6);
    expect(second.total).toBeNull();
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((l) => l.id);
    expect(new Set(all).size).toBe(30);
    const small = await walk('?pageSize=7');
    expect(small).toHaveLength(30);
  });

  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const orders: Record<string, (a: Record<string, unknown>, b: Record<string, unknown>) => number> = {
    recommended: (a, b) =>
      cmp(Number(b.rank), Number(a.rank)) ||
      cmp(String(b.created_at), String(a.created_at)) ||
      cmp(String(b.id), String(a.id)),
    newest: (a, b) => cmp(String(b.created_at), String(a.created_at)) || cmp(String(b.id), String(a.id)),
    price_asc: (a, b) =>
      cmp(
        a.price_from == null ? Infinity : Number(a.price_from),
        b.price_from == null ? Infinity : Number(b.price_from),
      ) || cmp(String(a.id), String(b.id)),
    price_desc: (a, b) =>
      cmp(
        b.price_from == null ? -Infinity : Number(b.price_from),
        a.price_from == null ? -Infinity : Number(a.price_from),
      ) || cmp(String(b.id), String(a.id)),
    rating: (a, b) =>
      cmp(Number(b.rating), Number(a.rating)) ||
      cmp(Number(b.review_count), Number(a.review_count)) ||
      cmp(String(b.id), String(a.id)),
  };

  it.each(Object.keys(orders))('walks every approved listing once in the %s order', async (sort) => {
    for (const filter of [
      '',
      '&category=car-rentals',
      '&province=western_cape',
      '&minPrice=1500&maxPrice=2500',
    ]) {
      const query = `?sort=${sort}&pageSize=4${filter}`;
      const got = (await walk(query)).map((l) => l.id);
      let where = sql`true`;
      if (filter.includes('category'))
        where = sql`category_id = (select id from categories where slug = 'car-rentals')`;
      if (filter.includes('province')) where = sql`province = 'western_cape'`;
      if (filter.includes('minPrice')) where = sql`price_from between 1500 and 2500`;
      const expected = (await approvedRows(where)).sort(orders[sort]!).map((r) => r.id);
      expect(got).toEqual(expected);
    }
  });

  it.each([{ walkBudget: 1, fewMatches: -1 }, { walkBudget: 3, fewMatches: -1 }, { fewMatches: -1 }])(
    'pages the same whether the filter is read through its own index from the start or after walks (%j)',
    async (reading) => {
      const queries = [
        '?pageSize=4&minPrice=1500&maxPrice=2500',
        '?sort=price_asc&pageSize=3&minPrice=1250',
        '?sort=price_desc&pageSize=3&maxPrice=2000',
        '?sort=rating&pageSize=5&maxPrice=2000&province=gauteng',
        '?sort=newest&pageSize=4&minPrice=1000&category=car-rentals',
        '?pageSize=4&search=car',
        '?pageSize=2&search=venue',
        '?sort=newest&pageSize=4&search=car',
        '?sort=price_asc&pageSize=4&search=car&maxPrice=2500',
        '?pageSize=4&lat=-26.2&lng=28.04&minPrice=1500',
      ];
      for (const query of queries) {
        catalogueChanged(t2.database.db);
        const expected = (await walk(query)).map((l) => l.id);
        expect(expected.length, query).toBeGreaterThan(0);
        catalogueChanged(t2.database.db);
        setSelectiveReading(reading);
        try {
          expect(
            (await walk(query)).map((l) => l.id),
            query,
          ).toEqual(expected);
        } finally {
          setSelectiveReading();
        }
      }
    },
  );

  it('stays exact while listings are added and moderated between pages', async () => {
    const db = t2.database.db;
    const before = new Set((await approvedRows()).map((r) => r.id));
    const added: string[] = [];
    const rejected: string[] = [];
    const seen = await walk('?pageSize=5', async (page) => {
      // A new listing (newest: lands before the cursor in this order), a moderation, an approval.
      added.push((await createListing(db, basic.providerId, { title: `New ${page}`, images: 0 })).id);
      const [victim] = await queryRows<{ id: string }>(
        db,
        sql`select id from listings where status = 'approved' and title like 'Car %' order by rank, created_at, id limit 1`,
      );
      await db.execute(sql`update listings set status = 'rejected' where id = ${victim!.id}`);
      rejected.push(victim!.id);
      catalogueChanged(db);
    });
    const ids = seen.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length); // nothing twice
    // Every listing approved from start to end was seen exactly once.
    for (const id of before) if (!rejected.includes(id)) expect(ids).toContain(id);
    // What was shown respects the order.
    const rows = await queryRows<{ id: string; rank: number; created_at: string }>(
      db,
      sql`select id, rank, created_at::text from listings where id in ${ids}`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const shown = ids.map((id) => byId.get(id)!);
    for (let i = 1; i < shown.length; i++)
      expect(orders.recommended!(shown[i - 1]!, shown[i]!)).toBeLessThan(0);
    await db.execute(sql`update listings set status = 'approved' where id in ${rejected}`);
    await db.execute(sql`delete from listings where id in ${added}`);
    catalogueChanged(db);
  });

  it('filters by category slug, province and price', async () => {
    const cars = await browse2('?category=car-rentals&pageSize=60');
    expect(cars.total).toBe(25);
    expect(cars.items.every((l) => l.category.slug === 'car-rentals')).toBe(true);
    const gautengVenues = await browse2('?category=venues&province=gauteng&sort=newest');
    expect(gautengVenues.items.every((l) => l.province === 'gauteng' && l.category.slug === 'venues')).toBe(
      true,
    );
    expect(gautengVenues.items).toHaveLength(2);
    expect((await browse2('?category=decor')).total).toBe(0);
    const priced = await browse2('?minPrice=2000&maxPrice=2500&pageSize=60');
    expect(priced.items.length).toBeGreaterThan(0);
    expect(
      priced.items.every((l) => l.priceFrom !== null && l.priceFrom >= 2000 && l.priceFrom <= 2500),
    ).toBe(true);
  });

  it('orders featured first, then the package’s priority placement, then newest; and follows package changes', async () => {
    const db = t2.database.db;
    const std = await createProvider(t2, { packageType: 'standard' });
    const prem = await createProvider(t2, { packageType: 'premium' });
    await createListing(db, std.providerId, {
      title: 'Priority old',
      categorySlug: 'decor',
      createdAt: new Date(Date.UTC(2020, 0, 1)),
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
    catalogueChanged(db);
    expect(titles(await browse2('?category=decor'))).toEqual([
      'Featured oldest',
      'Priority old',
      'Priority older',
      'Basic newest',
    ]);
    // The standard package loses priority placement: its listings fall back to newest.
    await db
      .update(packages)
      .set({ hasPriorityPlacement: false })
      .where(eq(packages.packageType, 'standard'));
    catalogueChanged(db);
    expect(titles(await browse2('?category=decor'))).toEqual([
      'Featured oldest',
      'Basic newest',
      'Priority old',
      'Priority older',
    ]);
    await db.update(packages).set({ hasPriorityPlacement: true }).where(eq(packages.packageType, 'standard'));
    // The basic provider moves to premium: priority placement.
    await db
      .update(serviceProviders)
      .set({ packageType: 'premium' })
      .where(eq(serviceProviders.id, p.providerId));
    catalogueChanged(db);
    expect(titles(await browse2('?category=decor'))).toEqual([
      'Featured oldest',
      'Basic newest',
      'Priority old',
      'Priority older',
    ]);
  });

  it('serves the first page of a common query from the cache until the catalogue changes', async () => {
    const db = t2.database.db;
    if (t2.database.kind === 'postgres') {
      // This process also hears its own announcements, a moment later: an earlier test's change heard
      // after the first page was cached would clear it. Announcements arrive in order, so once this one is
      // heard none is still on its way.
      const heard = nextAnnouncementHeard(db);
      catalogueChanged(db);
      await heard;
    }
    const first = await browse2('?category=venues');
    const listing = await createListing(db, basic.providerId, {
      title: 'Fresh venue',
      categorySlug: 'venues',
      images: 0,
    });
    expect(titles(await browse2('?category=venues'))).toEqual(titles(first)); // cached
    catalogueChanged(db);
    expect(titles(await browse2('?category=venues'))).toContain('Fresh venue');
    await db.delete(listings).where(eq(listings.id, listing.id));
    catalogueChanged(db);
  });

  it('refuses a cursor from another query or a forged one', async () => {
    const first = await browse2('?pageSize=5');
    const other = await t2.app.inject({
      method: 'GET',
      url: `/api/listings?sort=newest&cursor=${first.nextCursor}`,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe('Invalid cursor');
    for (const bad of [
      'abc',
      Buffer.from('{"g":9}').toString('base64url'),
      Buffer.from('null').toString('base64url'),
    ]) {
      const res = await t2.app.inject({ method: 'GET', url: `/api/listings?cursor=${bad}` });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('plans', () => {
  const QUERIES: Record<string, string>[] = [
    {},
    { category: 'photography' },
    { province: 'gauteng' },
    { category: 'venues', province: 'gauteng' },
    { sort: 'newest' },
    { sort: 'price_asc' },
    { sort: 'price_desc' },
    { sort: 'rating' },
    { minPrice: '1000', maxPrice: '3000' },
    { minPrice: '1000', sort: 'price_asc' },
    { search: 'luxury' },
    { search: 'luxury', sort: 'newest' },
    { search: 'arrive' },
    { lat: '-26.2', lng: '28.04' },
    { lat: '-26.2', lng: '28.04', category: 'photography' },
    { lat: '-26.2', lng: '28.04', maxPrice: '3000' },
  ];

  /** The plan of a traced statement, under its settings, with whole-table scans priced out. */
  async function planOf(statement: TracedStatement, opts: { generic?: boolean } = {}): Promise<string> {
    const db = t.database.db;
    const dialect = new PgDialect();
    const literal = (v: unknown) =>
      typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    return db.transaction(async (tx) => {
      for (const setting of statement.settings) await tx.execute(sql.raw(setting));
      // Tiny test tables would be scanned whole; forbid that to see whether an index can do the work.
      await tx.execute(sql`set local enable_seqscan = off`);
      if (statement.kind === 'rows') await tx.execute(sql`set local enable_sort = off`);
      let rows: { 'QUERY PLAN': string }[];
      if (opts.generic) {
        // A generic plan does not know the values (a parameter LIMIT would be taken as 10% of the rows).
        const { sql: text, params } = dialect.sqlToQuery(statement.sql);
        await tx.execute(sql.raw(`prepare mm_generic_test as ${text}`));
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        const args = params.length ? `(${params.map(literal).join(', ')})` : '';
        rows = await queryRows(tx as never, sql.raw(`explain execute mm_generic_test${args}`));
        await tx.execute(sql`deallocate mm_generic_test`);
      } else {
        rows = await queryRows(tx as never, sql`explain ${statement.sql}`);
      }
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  /** What each kind of statement must do, whatever the catalogue's size. */
  function expectBounded(statement: TracedStatement, plan: string, label: string) {
    switch (statement.kind) {
      case 'rows':
        // The order's index, stopping after the page: no sort.
        expect(plan, label).not.toMatch(/(^|->\s+)(Incremental )?Sort\s+\(/m);
        expect(plan, label).toMatch(/Index/);
        break;
      case 'walk':
        // A bounded run of the order's index, never the whole table.
        expect(plan, label).toMatch(/Index (Only )?Scan (Backward )?using listings_/);
        expect(plan, label).not.toMatch(/Seq Scan on listings/);
        break;
      case 'sparse':
        if (statement.settings.length === 0) {
          // A price range alone: the planner picks the price index (its matches, index-only when the
          // visibility map allows) or a walk of the order that stops after the page; never the table.
          expect(plan, label).toMatch(/listings_browse\w*_idx/);
          expect(plan, label).not.toMatch(/Seq Scan on listings/);
          break;
        }
        // The filter's own matches, read by bitmap, then a sort of those matches only.
        expect(plan, label).toMatch(/Bitmap Heap Scan on listings l/);
        expect(plan, label).not.toMatch(/Index (Only )?Scan (Backward )?using listings_(?!pkey)/);
        break;
      default:
        break;
    }
  }

  it.each([
    [{}, ['sparse']],
    [{ fewMatches: -1 }, ['sparse', 'walk']],
    [{ walkBudget: 1, fewMatches: -1 }, ['sparse', 'walk']],
  ] as const)(
    'every statement is an index walk that stops after a page or a bounded run, or reads a filter’s own matches (%j)',
    async (config, expected) => {
      setSelectiveReading(config);
      const kinds = new Set<string>();
      try {
        for (const raw of QUERIES) {
          for (const statement of await firstPageStatements(t.database.db, browseQuerySchema.parse(raw))) {
            kinds.add(statement.kind);
            expectBounded(statement, await planOf(statement), `${JSON.stringify(raw)} ${statement.kind}`);
          }
        }
      } finally {
        setSelectiveReading();
      }
      // The ways of reading selective segments this configuration leads to were all planned.
      expect([...kinds].filter((k) => k === 'walk' || k === 'sparse').sort()).toEqual(expected);
    },
  );

  it('prepared statements keep their plan for every value: the plan made once is still bounded', async () => {
    for (const raw of QUERIES) {
      for (const statement of await firstPageStatements(t.database.db, browseQuerySchema.parse(raw))) {
        if (!statement.prepared) continue;
        const { sql: text } = new PgDialect().sqlToQuery(statement.sql);
        expect(text, JSON.stringify(raw)).not.toMatch(/limit \$\d/i);
        const plan = await planOf(statement, { generic: true });
        expectBounded(statement, plan, `${JSON.stringify(raw)} ${statement.kind} (generic)`);
      }
    }
  });

  it('what is prepared: plain browse, walks; planned for their values: counts of a search or a price range, reads through a filter’s index', async () => {
    const kindsOf = async (raw: Record<string, string>) =>
      (await firstPageStatements(t.database.db, browseQuerySchema.parse(raw))).map(
        (s) => `${s.kind}${s.prepared ? '' : ' (planned)'}`,
      );
    expect(await kindsOf({})).toEqual(['count', 'rows']);
    expect(await kindsOf({ province: 'gauteng', sort: 'rating' })).toEqual(['count', 'rows']);
    expect(await kindsOf({ lat: '-26.2', lng: '28.04' })).toEqual(['count', 'rows', 'rows']);
    // Few matches (the count is exact): read through the filter's index from the start.
    expect(await kindsOf({ minPrice: '1000' })).toEqual(['count (planned)', 'sparse (planned)']);
    // Two matches: the words are also looked up for corrections (none differ from the search's own).
    const searched = ['count (planned)', 'corrections (planned)'];
    expect(await kindsOf({ search: 'luxury' })).toEqual([
      ...searched,
      'sparse (planned)',
      'sparse (planned)',
    ]);
    try {
      // Many matches: a bounded walk first, then (when it is cut short) the filter's index.
      setSelectiveReading({ fewMatches: -1 });
      // A price range alone is one statement planned for its range (the planner picks the index).
      expect(await kindsOf({ minPrice: '1000' })).toEqual(['count (planned)', 'sparse (planned)']);
      expect(await kindsOf({ search: 'luxury' })).toEqual([...searched, 'walk', 'walk']);
      setSelectiveReading({ walkBudget: 1, fewMatches: -1 });
      expect(await kindsOf({ search: 'luxury' })).toEqual([
        ...searched,
        'walk',
        'sparse (planned)',
        'walk',
        'sparse (planned)',
      ]);
    } finally {
      setSelectiveReading();
    }
  });

  it('prepared statements stay prepared on the connection (PostgreSQL: named; PGlite: PREPARE)', async () => {
    const db = t.database.db;
    const dialect = new PgDialect();
    const plain = [{}, { province: 'gauteng' }, { search: 'luxury' }].map((raw) =>
      browseQuerySchema.parse(raw),
    );
    const expected: string[] = [];
    const planned: string[] = [];
    for (const q of plain) {
      for (const s of await firstPageStatements(db, q)) {
        (s.prepared ? expected : planned).push(dialect.sqlToQuery(s.sql).sql);
      }
    }
    const seen = await db.transaction(async (tx) => {
      for (const q of plain) await browseOn(tx as never, q);
      const rows = await queryRows<{ statement: string }>(
        tx as never,
        sql`select statement from pg_prepared_statements where name like 'mm\_%'`,
      );
      return rows.map((r) => r.statement);
    });
    // PGlite prepares them in SQL (its session shows `prepare <name> as <text>`), outside transactions.
    const texts = seen.map((text) => text.replace(/^prepare mm_\w+ as /, ''));
    for (const text of expected) expect(texts).toContain(text);
    for (const text of planned) expect(texts).not.toContain(text);
  });
});

describe('counts', () => {
  it('stops counting above 1,000 and says so', async () => {
    const t4 = await createTestApp();
    try {
      const db = t4.database.db;
      await seedReferenceData(db);
      const p = await createProvider(t4, { packageType: 'basic' });
      const catId = (
        await queryRows<{ id: string }>(db, sql`select id from categories where slug = 'venues'`)
      )[0]!.id;
      await db.execute(sql`insert into listings (service_provider_id, category_id, title, description, province, city, status)
        select ${p.providerId}, ${catId}, 'Hall ' || g, 'A hall.', 'gauteng', 'Pretoria', 'approved'
        from generate_series(1, 1005) g`);
      const r = (await t4.app.inject({ method: 'GET', url: '/api/listings' })).json() as BrowseResult;
      expect(r.total).toBe(1000);
      expect(r.totalExact).toBe(false);
      const search = (
        await t4.app.inject({ method: 'GET', url: '/api/listings?search=hall' })
      ).json() as BrowseResult;
      expect(search).toMatchObject({ total: 1000, totalExact: false });
    } finally {
      await t4.close();
    }
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

  it('pages nearest first in non-decreasing distance, listings without coordinates last', async () => {
    const all: ListingCard[] = [];
    let cursor: string | null = null;
    do {
      const r = await browse(`?lat=-26.2&lng=28.04&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.sort).toBe('distance');
      all.push(...r.body.items);
      cursor = r.body.nextCursor;
    } while (cursor);
    const withCoords = all.filter((l) => l.distanceKm !== null);
    for (let i = 1; i < withCoords.length; i++)
      expect(withCoords[i]!.distanceKm!).toBeGreaterThanOrEqual(withCoords[i - 1]!.distanceKm! - 1e-9);
    const firstNull = all.findIndex((l) => l.distanceKm === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(all.slice(firstNull).every((l) => l.distanceKm === null)).toBe(true);
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
  });

  it('pages through equally distant listings in id order, each exactly once', async () => {
    const t5 = await createTestApp();
    try {
      const db = t5.database.db;
      await seedReferenceData(db);
      const p = await createProvider(t5, { packageType: 'basic' });
      const ids: string[] = [];
      // Seven at the same spot, four at the same distance in four directions, two farther.
      const spots: [number, number][] = [
        ...Array.from({ length: 7 }, (): [number, number] => [0.5, 0.5]),
        [0, 1],
        [0, -1],
        [1, 0],
        [-1, 0],
        [0, 3],
        [3, 0],
      ];
      for (const [lat, lng] of spots)
        ids.push((await createListing(db, p.providerId, { latitude: lat, longitude: lng, images: 0 })).id);
      const seen: ListingCard[] = [];
      let cursor: string | null = null;
      do {
        const r = (
          await t5.app.inject({
            method: 'GET',
            url: `/api/listings?lat=0&lng=0&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
          })
        ).json() as BrowseResult;
        seen.push(...r.items);
        cursor = r.nextCursor;
      } while (cursor);
      expect(seen.map((l) => l.id).sort()).toEqual([...ids].sort());
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1]!, seen[i]!];
        expect(a.distanceKm! < b.distanceKm! + 1e-9).toBe(true);
        if (Math.abs(a.distanceKm! - b.distanceKm!) < 1e-9) expect(a.id < b.id).toBe(true);
      }
    } finally {
      await t5.close();
    }
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
    ['?pageSize=1.5', 'Page size must be a whole number'],
    ['?sort=cheapest', 'Unknown sort order'],
    ['?sort=distance', 'Turn on your location to sort by distance'],
    ['?minPrice=-1', 'Minimum price must be at least R0'],
    ['?maxPrice=abc', 'Maximum price must be a number'],
    ['?minPrice=500&maxPrice=100', 'Maximum price must be at least the minimum price'],
    ['?cursor=not%20base64', 'Invalid cursor'],
    [`?search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
    ['?province=gauteng&province=limpopo', 'Unknown province'],
  ];
  it.each(cases)('%s answers 400: %s', async (query, message) => {
    const r = await browse(query);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('accepts the edges of the coordinate and price ranges', async () => {
    expect((await browse('?lat=-90&lng=180')).status).toBe(200);
    expect((await browse('?lat=90&lng=-180')).status).toBe(200);
    expect((await browse('?minPrice=0&maxPrice=10000000')).status).toBe(200);
    expect((await browse('?minPrice=100&maxPrice=100')).status).toBe(200);
  });
});
