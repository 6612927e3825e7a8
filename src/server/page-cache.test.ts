/**
 * A shared link under a spike (issue 26): public pages and the public JSON answers of browse and listing
 * detail come from the catalogue cache ready to send (one render or query per miss however many requests
 * wait, compressed once per entry, ETag and 304 right), every change the public could see clears them, and
 * a signed-in visitor never gets another visitor's answer.
 *
 * Pages are rendered by a small server bundle written here (in place of the Vite build) that reads through
 * the real loaders and counts its renders: the count is the test's seam.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from './app.ts';
import { listings, serviceProviders } from './db/schema.ts';
import {
  CATALOGUE_CACHE_TTL_MS,
  CATALOGUE_STALE_MS,
  cachedCatalogue,
  catalogueCacheStats,
  catalogueChanged,
  nextAnnouncementHeard,
} from './features/marketplace/cache.ts';
import { runPackageJob } from './features/packages/expiry.ts';
import { compressionCount } from './http-cache.ts';
import {
  categoryId,
  createAdmin,
  createListing,
  createProvider,
  seedReferenceData,
} from './test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from './test/helpers.ts';

const SHELL = `<!doctype html><html lang="en-ZA"><head><title>Matric Moments</title></head><body><div id="root"></div></body></html>`;

/** The server bundle: renders a listing's page and the home page from the loaders, counting its renders. */
const ENTRY = `
globalThis.__spikeRenders = 0;
const head = (title) => ({ status: 200, title, description: 'A page', canonical: null, image: '/og.png',
  imageAlt: 'Matric Moments', ogType: 'website', noindex: false, jsonLd: [] });
export async function render({ url, loaders }) {
  globalThis.__spikeRenders += 1;
  // A render takes a while (as a real one does): requests arriving meanwhile wait for it.
  await new Promise((r) => setTimeout(r, 50));
  const { pathname } = new URL(url);
  const m = /^\\/listing\\/([^/]+)$/.exec(pathname);
  if (m) {
    const [listing, reviews] = await Promise.all([loaders.listing(m[1]), loaders.reviews(m[1])]);
    if (!listing) return { status: 404, head: { ...head('Not found'), status: 404, noindex: true }, page: null };
    const html = '<h1>' + listing.title + '</h1><p>price ' + listing.priceFrom + '</p><p>rating ' +
      listing.rating + ' from ' + listing.reviewCount + '</p><p>package ' + listing.provider.packageLabel +
      '</p><ul>' + reviews.items.map((r) => '<li>' + r.comment + (r.response ? ' answered ' + r.response.body : '') + '</li>').join('') + '</ul>' +
      '<p>' + 'Matric farewell. '.repeat(100) + '</p>';
    return { status: 200, head: head(listing.title), page: { html, state: { id: listing.id } } };
  }
  if (pathname === '/') {
    const home = await loaders.homeListings();
    const html = '<ul>' + home.items.map((i) => '<li>' + i.title + '</li>').join('') + '</ul>' +
      '<p>' + 'Matric farewell. '.repeat(100) + '</p>';
    return { status: 200, head: head('Home'), page: { html, state: {} } };
  }
  return null;
}
`;

const renders = () => (globalThis as unknown as { __spikeRenders: number }).__spikeRenders;

let t: TestApp;
let dir: string;
let provider: Awaited<ReturnType<typeof createProvider>>;
let listingId: string;
let pendingId: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mm-spike-'));
  mkdirSync(path.join(dir, 'web'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'web', 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'server', 'entry-server.js'), ENTRY);
  t = await createTestApp({ webDir: path.join(dir, 'web') });
  await seedReferenceData(t.database.db);
  provider = await createProvider(t, { packageType: 'premium', businessName: 'Shutter Bugs' });
  listingId = (await createListing(t.database.db, provider.providerId, { title: 'Sunset Farewell Shoot' }))
    .id;
  pendingId = (
    await createListing(t.database.db, provider.providerId, { title: 'Hidden Pending', status: 'pending' })
  ).id;
}, 600_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});
/**
 * Clears the cache as a change does. On PostgreSQL this process also hears its own announcement (NOTIFY) a
 * moment later, which clears the cache again: waited for here, so that it cannot land in the middle of a
 * test that counts renders or compressions (announcements arrive in order: earlier ones are heard too).
 */
async function changed(): Promise<void> {
  const db = t.database.db;
  const heard = t.database.kind === 'postgres' ? nextAnnouncementHeard(db) : null;
  catalogueChanged(db);
  await heard;
}

beforeEach(changed);

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const listingPage = async (cookie?: string) =>
  (await get(`/listing/${listingId}`, cookie ? { cookie } : {})).body;
const listingJson = async () =>
  (await get(`/api/listings/${listingId}`)).json() as {
    title: string;
    priceFrom: number;
    rating: number;
    reviewCount: number;
    provider: { packageLabel: string };
  };
const browseTitles = async (query: string) =>
  ((await get(`/api/listings?${query}`)).json() as { items: { id: string; title: string; rating: number }[] })
    .items;

describe('a miss is rendered or read once, however many requests wait for it', () => {
  it('renders a page once for 20 concurrent requests, and all of them get it', async () => {
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`/listing/${listingId}`)));
    expect(renders() - before).toBe(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.body).toContain('<h1>Sunset Farewell Shoot</h1>');
    // Served from memory until something changes: no second render.
    await get(`/listing/${listingId}`);
    expect(renders() - before).toBe(1);
  });

  it('reads a listing and a filtered or searched browse page once for 20 concurrent requests', async () => {
    const stats = catalogueCacheStats(t.database.db);
    for (const url of [
      `/api/listings/${listingId}`,
      '/api/listings?search=sunset&province=gauteng',
      '/api/listings?lat=-26.2&lng=28.04&category=photography',
      '/api/listings?minPrice=1000&maxPrice=3000&sort=price_asc',
    ]) {
      const misses = stats.misses;
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(url)));
      expect(stats.misses - misses, url).toBe(1);
      for (const res of answers) expect(res.body).toBe(answers[0]!.body);
      expect(answers[0]!.statusCode).toBe(200);
      expect(answers[0]!.body).toContain('Sunset Farewell Shoot');
    }
  });
});

describe('compressed bytes made once per entry, with the right headers, and 304s', () => {
  it('sends a page in Brotli or gzip, compressing each once, the same ETag for both, 304 on a match', async () => {
    const plain = await get('/');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const packings = compressionCount();
    const br = await get('/', { 'accept-encoding': 'br, gzip' });
    const brAgain = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    const gzAgain = await get('/', { 'accept-encoding': 'gzip' });
    expect(compressionCount() - packings).toBe(2);
    for (const [res, encoding] of [
      [br, 'br'],
      [brAgain, 'br'],
      [gz, 'gzip'],
      [gzAgain, 'gzip'],
    ] as const) {
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(etag);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.toString('utf8')).toBe(plain.body);
    }
    expect(plain.body).toContain('<li>Sunset Farewell Shoot</li>');

    const notModified = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-encoding']).toBeUndefined();

    // After a change the page is a new one: a new ETag, and the old one no longer matches.
    await t.database.db
      .update(listings)
      .set({ title: 'Sunrise Farewell Shoot' })
      .where(eq(listings.id, listingId));
    await changed();
    const after = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(brotliDecompressSync(after.rawPayload).toString('utf8')).toContain('Sunrise Farewell Shoot');
    await t.database.db
      .update(listings)
      .set({ title: 'Sunset Farewell Shoot' })
      .where(eq(listings.id, listingId));
  });

  it('sends a cached JSON answer compressed once, with Vary, its ETag and a 304', async () => {
    // Enough cards for an answer above the compression threshold.
    for (const n of [1, 2, 3, 4])
      await createListing(t.database.db, provider.providerId, {
        title: `Table Decor Set ${n}`,
        categorySlug: 'decor',
      });
    await changed();
    const url = '/api/listings?category=decor';
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(1024);
    const etag = String(plain.headers.etag);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packings = compressionCount();
    const first = await get(url, { 'accept-encoding': 'br' });
    const second = await get(url, { 'accept-encoding': 'br' });
    expect(compressionCount() - packings).toBe(1);
    for (const res of [first, second]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toMatch(/^public/);
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const notModified = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });
});

describe('every change the public could see clears the cached pages and answers', () => {
  it('a review (submitted, edited, deleted) shows on the page, the listing answer and browse at once', async () => {
    const reviewer = await signUp(t, { fullName: 'Reviewer Person' });
    expect(await listingPage()).toContain('rating 0 from 0');
    expect((await listingJson()).reviewCount).toBe(0);
    expect((await browseTitles('category=photography'))[0]!.rating).toBe(0);

    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listingId}/reviews`,
      headers: { cookie: reviewer.cookie },
      payload: { rating: 4, comment: 'Beautiful photos, on time.' },
    });
    expect(submitted.statusCode).toBe(201);
    const reviewId = (submitted.json() as { review: { id: string } }).review.id;
    const page = await listingPage();
    expect(page).toContain('rating 4 from 1');
    expect(page).toContain('Beautiful photos, on time.');
    expect(await listingJson()).toMatchObject({ rating: 4, reviewCount: 1 });
    expect((await browseTitles('category=photography'))[0]!.rating).toBe(4);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/reviews/${reviewId}`,
      headers: { cookie: reviewer.cookie },
      payload: { rating: 2, comment: 'Late by an hour.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await listingPage()).toContain('rating 2 from 1');
    expect(await listingPage()).toContain('Late by an hour.');
    expect((await listingJson()).rating).toBe(2);

    // The provider's response under it, published, edited and removed, shows at once too.
    const respond = (body: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/reviews/${reviewId}/response`,
        headers: { cookie: provider.cookie },
        payload: { body },
      });
    expect((await respond('Sorry, the N1 was closed.')).statusCode).toBe(201);
    expect(await listingPage()).toContain('answered Sorry, the N1 was closed.');
    expect((await respond('We now add a buffer.')).statusCode).toBe(200);
    expect(await listingPage()).toContain('answered We now add a buffer.');
    const unanswered = await t.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${reviewId}/response`,
      headers: { cookie: provider.cookie },
    });
    expect(unanswered.statusCode).toBe(200);
    expect(await listingPage()).not.toContain('answered');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${reviewId}`,
      headers: { cookie: reviewer.cookie },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await listingPage()).toContain('rating 0 from 0');
    expect(await listingPage()).not.toContain('Late by an hour.');
    expect((await listingJson()).reviewCount).toBe(0);
  });

  it('a price edit goes live at once; a held title shows only once the admin approves it', async () => {
    const admin = await createAdmin(t);
    await listingPage();
    await listingJson();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/provider/listings/${listingId}`,
      headers: { cookie: provider.cookie },
      payload: {
        title: 'Golden Hour Farewell Shoot',
        categoryId: await categoryId(t.database.db, 'photography'),
        description: 'Three hours of coverage and 150 edited photos.',
        province: 'gauteng',
        city: 'Johannesburg',
        priceFrom: 2750,
        priceTo: 4800,
        latitude: null,
        longitude: null,
        images: [{ url: '/uploads/listing-images/test0-800.webp', isPrimary: true }],
      },
    });
    expect(edit.statusCode).toBe(204);
    expect(await listingPage()).toContain('price 2750');
    expect(await listingPage()).toContain('Sunset Farewell Shoot');
    expect((await listingJson()).priceFrom).toBe(2750);

    const detail = (await get(`/api/admin/listings/${listingId}`, { cookie: admin.cookie })).json() as {
      changes: { revision: string } | null;
    };
    const decision = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${listingId}/changes`,
      headers: { cookie: admin.cookie },
      payload: { revision: detail.changes!.revision, status: 'approved' },
    });
    expect(decision.statusCode).toBe(200);
    expect(await listingPage()).toContain('<h1>Golden Hour Farewell Shoot</h1>');
    expect((await listingJson()).title).toBe('Golden Hour Farewell Shoot');
    expect((await browseTitles('search=golden')).map((i) => i.title)).toEqual(['Golden Hour Farewell Shoot']);
    expect((await get('/')).body).toContain('<li>Golden Hour Farewell Shoot</li>');
  });

  it('a package that lapses shows on the page and the listing answer once the package job has run', async () => {
    // The package ends in a minute; the page and the answer are cached with Premium.
    await t.database.db
      .update(serviceProviders)
      .set({ packageExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(serviceProviders.id, provider.providerId));
    await changed();
    expect(await listingPage()).toContain('package Premium');
    expect((await listingJson()).provider.packageLabel).toBe('Premium');

    // Two minutes later (the wall clock only: the cache's lifetime is monotonic, so only the job clears it).
    const later = new Date(Date.now() + 120_000);
    vi.useFakeTimers({ toFake: ['Date'], now: later });
    try {
      expect(await listingPage()).toContain('package Premium');
      await runPackageJob(t.database.db, later);
      expect(await listingPage()).toContain('package Basic');
      expect((await listingJson()).provider.packageLabel).toBe('Basic');
    } finally {
      vi.useRealTimers();
      await t.database.db
        .update(serviceProviders)
        .set({ packageExpiresAt: new Date(Date.now() + 365 * 86_400_000) })
        .where(eq(serviceProviders.id, provider.providerId));
      await changed();
    }
  });

  it('a listing the admin rejects leaves its page, its answer and browse', async () => {
    const admin = await createAdmin(t);
    const other = await createListing(t.database.db, provider.providerId, { title: 'Vintage Limo Ride' });
    await changed();
    expect((await get(`/listing/${other.id}`)).statusCode).toBe(200);
    expect((await get(`/api/listings/${other.id}`)).statusCode).toBe(200);
    expect((await browseTitles('search=vintage')).map((i) => i.title)).toEqual(['Vintage Limo Ride']);
    const reject = await t.app.inject({
      method: 'POST',
      url: '/api/admin/listings/moderation',
      headers: { cookie: admin.cookie },
      payload: { ids: [other.id], status: 'rejected', reason: 'Photos are not of the service.' },
    });
    expect(reject.statusCode).toBe(200);
    expect((await get(`/listing/${other.id}`)).statusCode).toBe(404);
    expect((await get(`/api/listings/${other.id}`)).statusCode).toBe(404);
    expect(await browseTitles('search=vintage')).toEqual([]);
  });
});

describe('a lapsed entry is served while one refresh runs', () => {
  it('serves the old value at once past its lifetime, refreshes it once, waits when too old or changed', async () => {
    const db = t.database.db;
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const start = performance.now();
    const clock = vi.spyOn(performance, 'now');
    try {
      clock.mockReturnValue(start);
      expect(await cachedCatalogue(db, 'stale-test', load)).toEqual({ n: 1 });
      clock.mockReturnValue(start + CATALOGUE_CACHE_TTL_MS + 1);
      const stale = await Promise.all([1, 2, 3].map(() => cachedCatalogue(db, 'stale-test', load)));
      expect(stale).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
      expect(loads).toBe(2);
      await vi.waitFor(async () => expect(await cachedCatalogue(db, 'stale-test', load)).toEqual({ n: 2 }));
      expect(loads).toBe(2);

      // Longer past its lifetime than a stale entry may be served: the next value is waited for.
      let now = start + 2 * CATALOGUE_CACHE_TTL_MS + CATALOGUE_STALE_MS + 10;
      clock.mockReturnValue(now);
      expect(await cachedCatalogue(db, 'stale-test', load)).toEqual({ n: 3 });

      // After a change nothing stale is served, even within the stale window.
      now += CATALOGUE_CACHE_TTL_MS + 1;
      clock.mockReturnValue(now);
      catalogueChanged(db);
      expect(await cachedCatalogue(db, 'stale-test', load)).toEqual({ n: 4 });
    } finally {
      clock.mockRestore();
    }
  });
});

describe('keep-alive', () => {
  it('keeps idle connections open longer than the reverse proxy keeps its own (Caddy: 2 minutes)', () => {
    expect(t.app.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(120_000);
  });
});

describe('no visitor gets another visitor’s answer', () => {
  it('serves a signed-in visitor the anonymous page, with nothing of any account in it', async () => {
    const visitor = await signUp(t, { fullName: 'Naledi Visitor' });
    const favourite = await t.app.inject({
      method: 'POST',
      url: '/api/favorites',
      headers: { cookie: visitor.cookie },
      payload: { listingId },
    });
    expect(favourite.statusCode).toBe(201);
    const signedIn = await listingPage(visitor.cookie);
    const anonymous = await listingPage();
    expect(signedIn).toBe(anonymous);
    for (const html of [signedIn, anonymous]) {
      expect(html).not.toContain('Naledi');
      expect(html).not.toContain(visitor.email);
    }
  });

  it('answers the owner’s pending listing to the owner only, and keeps signed-in answers private', async () => {
    const owner = await get(`/api/listings/${pendingId}`, { cookie: provider.cookie });
    expect(owner.statusCode).toBe(200);
    expect((owner.json() as { title: string }).title).toBe('Hidden Pending');
    expect(owner.headers['cache-control']).toMatch(/private|no-store/);
    const stranger = await signUp(t);
    expect((await get(`/api/listings/${pendingId}`)).statusCode).toBe(404);
    expect((await get(`/api/listings/${pendingId}`, { cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await get(`/listing/${pendingId}`, { cookie: provider.cookie })).statusCode).toBe(404);
    // The owner again, after the public's 404 was cached: still theirs.
    expect((await get(`/api/listings/${pendingId}`, { cookie: provider.cookie })).statusCode).toBe(200);

    const signedIn = await get(`/api/listings/${listingId}`, { cookie: stranger.cookie });
    expect(signedIn.headers['cache-control']).toMatch(/private|no-store/);
    expect(String(signedIn.headers.vary)).toMatch(/cookie/i);
  });
});
