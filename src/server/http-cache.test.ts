/** Public caching with validators for anonymous visitors; private answers for everyone signed in. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueChanged, setCatalogueCacheEnabled } from './features/marketplace/cache.ts';
import { etagOf, markShared, sharedAnswerSerializer, weakEtag } from './http-cache.ts';
import { createListing, createProvider, seedReferenceData } from './test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from './test/helpers.ts';

let t: TestApp;
let approvedId: string;
let pendingId: string;
let owner: Awaited<ReturnType<typeof createProvider>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  owner = await createProvider(t);
  approvedId = (await createListing(t.database.db, owner.providerId)).id;
  pendingId = (await createListing(t.database.db, owner.providerId, { status: 'pending' })).id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('anonymous catalogue answers', () => {
  it.each([
    '/api/listings',
    '/api/listings?category=photography',
    '/api/listings/home',
    '/api/categories',
    '/api/packages',
    '/api/faqs',
    '/api/hero-banners',
  ])('%s is public for a few seconds, with an ETag and 304 on a repeat', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=5/);
    // Cached catalogue answers also say they vary by Accept-Encoding (their compressed copy is kept).
    expect(String(first.headers.vary)).toMatch(/^Cookie(, Accept-Encoding)?$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('an approved listing’s detail is public; a changed answer gets a new ETag', async () => {
    const first = await get(`/api/listings/${approvedId}`);
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    await t.database.db.execute(
      // Another ETag once the answer changes (here: a view counted).
      sql`update listings set views = views + 1 where id = ${approvedId}`,
    );
    // The public answer is cached for a few seconds (a view count may lag that long): once it is made
    // again, it has another ETag.
    catalogueChanged(t.database.db);
    const second = await get(`/api/listings/${approvedId}`, { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });
});

describe('compression', () => {
  it('sends API answers compressed by Accept-Encoding, the same body and validator as uncompressed', async () => {
    for (let i = 0; i < 12; i++) await createListing(t.database.db, owner.providerId);
    const url = '/api/listings?pageSize=48&sort=newest';
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(2048);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await get(url, { 'accept-encoding': `${encoding}` });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(packed.rawPayload).toString('utf8')).toBe(plain.body);
      expect(packed.headers.etag).toBe(plain.headers.etag);
      const again = await get(url, {
        'accept-encoding': encoding,
        'if-none-match': String(plain.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('leaves small answers as they are', async () => {
    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('signed-in and private answers', () => {
  it('stay private, no-store for a signed-in visitor', async () => {
    const { cookie } = await signUp(t);
    for (const url of ['/api/listings', `/api/listings/${approvedId}`, '/api/listings/home']) {
      const res = await get(url, { cookie });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('an owner’s pending listing is never public', async () => {
    const res = await get(`/api/listings/${pendingId}`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('site content', () => {
  it('is revalidated on every use (no-cache) with an ETag, so a change shows at once', async () => {
    const first = await get('/api/content');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/content', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('shared answers (the catalogue cache’s values)', () => {
  /** A serializer compiler that counts its work, as the app's zod one would do it. */
  function countingCompiler() {
    const counter = { calls: 0 };
    const compiler = () => (data: unknown) => {
      counter.calls += 1;
      if ((data as { bad?: boolean }).bad) throw new Error('does not match the response schema');
      return JSON.stringify(data);
    };
    return { counter, serialize: sharedAnswerSerializer(compiler)({ schema: {}, method: 'GET', url: '/x' }) };
  }

  it('serialises a shared value once and knows its ETag; other values every time', () => {
    const { counter, serialize } = countingCompiler();
    const shared = markShared({ items: [{ id: 'a', title: 'Vintage Rolls-Royce' }] });
    const body = serialize(shared);
    expect(serialize(shared)).toBe(body);
    expect(counter.calls).toBe(1);
    expect(body).toBe(JSON.stringify(shared));
    expect(etagOf(body)).toBe(weakEtag(body));

    const plain = { items: [] };
    serialize(plain);
    serialize(plain);
    expect(counter.calls).toBe(3);
    expect(etagOf(JSON.stringify(plain))).toBe(weakEtag(JSON.stringify(plain)));
  });

  it('a shared value that fails its schema fails every time (nothing kept)', () => {
    const { counter, serialize } = countingCompiler();
    const bad = markShared({ bad: true });
    expect(() => serialize(bad)).toThrow('does not match');
    expect(() => serialize(bad)).toThrow('does not match');
    expect(counter.calls).toBe(2);
  });

  it('a cached browse page is sent exactly as the uncached one, and a change gives a new body', async () => {
    const url = '/api/listings?category=photography';
    catalogueChanged(t.database.db);
    const cached = await get(url);
    const again = await get(url);
    expect(again.body).toBe(cached.body);
    expect(again.headers.etag).toBe(cached.headers.etag);

    setCatalogueCacheEnabled(false);
    try {
      const uncached = await get(url);
      expect(uncached.body).toBe(cached.body);
      expect(uncached.headers.etag).toBe(cached.headers.etag);
    } finally {
      setCatalogueCacheEnabled(true);
    }

    const added = await createListing(t.database.db, owner.providerId, { title: 'Golden Hour Portraits' });
    catalogueChanged(t.database.db);
    const changed = await get(url, { 'if-none-match': String(cached.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(cached.headers.etag);
    expect(changed.body).toContain(added.id);
  });
});
