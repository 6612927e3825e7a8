/**
 * Server rendering through the real server bundle: built once here with Vite into a temporary folder next
 * to a minimal web shell, then fetched with inject (no browser).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SSR_STATE_ELEMENT_ID } from '../domain/constants.ts';
import { listingImages } from './db/schema.ts';
import { catalogueChanged } from './features/marketplace/cache.ts';
import { createListing, createProvider, seedReferenceData } from './test/fixtures.ts';
import { createTestApp, TEST_SSR_TIME_LIMIT_MS, type TestApp } from './test/helpers.ts';
import { buildApp } from './app.ts';
import { loadPageRenderer } from './ssr.ts';

const EVIL = '</script><script>alert(1)</script>';
const SHELL = `<!doctype html><html lang="en-ZA"><head><title>Matric Moments</title></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let dir: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mm-ssr-'));
  mkdirSync(path.join(dir, 'web'));
  writeFileSync(path.join(dir, 'web', 'index.html'), SHELL);
  // Built as `npm run build` builds it: a production build (Vitest runs with NODE_ENV=test).
  vi.stubEnv('NODE_ENV', 'production');
  try {
    await build({
      configFile: path.resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { ssr: 'entry-server.tsx', outDir: path.join(dir, 'server'), sourcemap: false },
    });
  } finally {
    vi.unstubAllEnvs();
  }
  t = await createTestApp({ webDir: path.join(dir, 'web') });
  const db = t.database.db;
  await seedReferenceData(db);
  const provider = await createProvider(t, { businessName: 'Shutter Bugs' });
  const listing = await createListing(db, provider.providerId, {
    title: 'Sunset Farewell Shoot',
    priceFrom: 3500,
    city: 'Durban',
    province: 'kwazulu_natal',
    images: 0,
  });
  await db.insert(listingImages).values({
    listingId: listing.id,
    imageUrl: '/uploads/listing-images/abc-800.webp',
    isPrimary: true,
  });
  ids.listing = listing.id;
  ids.provider = provider.providerId;
  ids.evil = (await createListing(db, provider.providerId, { title: EVIL, description: EVIL })).id;
  ids.pending = (
    await createListing(db, provider.providerId, { title: 'Hidden Pending', status: 'pending' })
  ).id;
  catalogueChanged(db);
  // The first render also compiles React's server code: done here, outside the tests. (The test app's time
  // limit is generous, so a loaded machine does not turn a page into the plain shell either.)
  await t.app.inject({ method: 'GET', url: '/about' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function root(html: string): string {
  const start = html.indexOf('<div id="root">');
  return html.slice(start, html.indexOf(`<script type="application/json" id="${SSR_STATE_ELEMENT_ID}"`));
}

describe('server-rendered public pages', () => {
  it('a listing arrives with its title, price and images in the markup and its data for hydration', async () => {
    const res = await get(`/listing/${ids.listing}`);
    expect(res.statusCode).toBe(200);
    const body = root(res.body);
    expect(body).toContain('<h1');
    expect(body).toContain('Sunset Farewell Shoot');
    expect(body).toContain('R3\u00a0500');
    expect(body).toContain('/uploads/listing-images/abc-800.webp');
    expect(body).toContain('Shutter Bugs');
    const state = /<script type="application\/json" id="mm-ssr-state">([^<]*)<\/script>/.exec(res.body);
    const queries = (JSON.parse(state![1]!) as { queries: { queryKey: unknown[] }[] }).queries;
    expect(queries.map((q) => q.queryKey)).toContainEqual(['listing', ids.listing]);
    expect(res.body).toContain('application/ld+json');
  });

  it('renders the home page, the FAQ, a provider and a landing page with their content', async () => {
    expect(root((await get('/')).body)).toContain('Sunset Farewell Shoot');
    expect(root((await get('/faq')).body)).toContain('Frequently Asked Questions');
    expect(root((await get(`/provider/${ids.provider}`)).body)).toContain('Shutter Bugs');
    expect(root((await get('/services/photography/kwazulu-natal')).body)).toContain('Sunset Farewell Shoot');
  });

  it('keeps a listing titled with a script tag inert in the markup and in the hydration data', async () => {
    const res = await get(`/listing/${ids.evil}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(root(res.body)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers a pending listing with 404, noindex and no rendered content', async () => {
    const res = await get(`/listing/${ids.pending}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('noindex');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('Hidden Pending');
  });

  it('writes the same status and head whether the page is rendered or not (SSR off, no server bundle)', async () => {
    const shellOnly = await buildApp({ config: { ...t.config, ssr: false }, database: t.database });
    await shellOnly.app.ready();
    // The rendered page's largest picture is preloaded in the head; everything else must be the same.
    const headOf = (html: string) =>
      html
        .slice(html.indexOf('<head>'), html.indexOf('</head>'))
        .replace(/<link rel="preload" as="image"[^>]*>\s*/g, '');
    try {
      const urls = [
        '/',
        '/faq',
        '/browse?category=photography',
        `/listing/${ids.listing}`,
        `/listing/${ids.evil}`,
        `/listing/${ids.pending}`,
        `/provider/${ids.provider}`,
        '/services/photography/kwazulu-natal',
        '/services/photography/limpopo',
      ];
      for (const url of urls) {
        // Both apps share the database and so its catalogue cache, where rendered pages are kept.
        catalogueChanged(t.database.db);
        const rendered = await get(url);
        catalogueChanged(t.database.db);
        const shell = await shellOnly.app.inject({ method: 'GET', url });
        expect(shell.statusCode, url).toBe(rendered.statusCode);
        expect(headOf(shell.body), url).toBe(headOf(rendered.body));
        if (rendered.statusCode === 200)
          expect(root(rendered.body), url).not.toBe('<div id="root"></div>\n    ');
        expect(shell.body, url).toContain('<div id="root"></div>');
      }
    } finally {
      await shellOnly.app.close();
    }
  });

  it('leaves dashboard, admin and auth pages to the browser', async () => {
    for (const url of ['/dashboard', '/admin/listings', '/auth']) {
      expect((await get(url)).body, url).toContain('<div id="root"></div>');
    }
  });

  it('shows a provider whose package has lapsed without Premium or Verified, before any job runs', async () => {
    const premium = root((await get(`/listing/${ids.listing}`)).body);
    expect(premium).toContain('Premium provider');
    expect(premium).toContain('aria-label="Verified"');
    expect(root((await get(`/provider/${ids.provider}`)).body)).toMatch(/>Verified</);
    // The provider's package (a year ahead) has passed: nothing else changed, no job ran.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 400 * 86_400_000 });
    try {
      catalogueChanged(t.database.db);
      const lapsed = root((await get(`/listing/${ids.listing}`)).body);
      expect(lapsed).toContain('Sunset Farewell Shoot');
      expect(lapsed).not.toContain('Premium provider');
      expect(lapsed).not.toContain('aria-label="Premium"');
      expect(lapsed).not.toContain('aria-label="Verified"');
      expect(lapsed).toContain('Basic');
      const profile = root((await get(`/provider/${ids.provider}`)).body);
      expect(profile).toContain('Shutter Bugs');
      expect(profile).not.toMatch(/>Verified</);
      expect(profile).not.toMatch(/>Premium</);
    } finally {
      vi.useRealTimers();
      catalogueChanged(t.database.db);
    }
  });
});

describe('npm run dev: GET /api/dev/render', () => {
  it("hands the Vite dev server a page's status, head, markup and data; only a dev server has the route", async () => {
    const renderer = await loadPageRenderer(path.join(dir, 'web'), TEST_SSR_TIME_LIMIT_MS);
    const dev = await buildApp({ config: t.config, database: t.database, devRenderer: renderer! });
    await dev.app.ready();
    try {
      const render = (url: string) =>
        dev.app.inject({ method: 'GET', url: `/api/dev/render?url=${encodeURIComponent(url)}` });
      const listing = await render(`/listing/${ids.listing}`);
      expect(listing.statusCode).toBe(200);
      const parts = listing.json<{ status: number; head: string; html: string | null; state: unknown }>();
      expect(parts.status).toBe(200);
      expect(parts.head).toContain('Sunset Farewell Shoot');
      expect(parts.head).toContain('og:image');
      expect(parts.html).toContain('Sunset Farewell Shoot');
      expect(JSON.stringify(parts.state)).toContain(ids.listing);

      const pending = (await render(`/listing/${ids.pending}`)).json<{ status: number; html: null }>();
      expect(pending.status).toBe(404);
      expect(pending.html).toBeNull();

      expect((await render('https://example.com/')).statusCode).toBe(400);
      expect((await get(`/api/dev/render?url=${encodeURIComponent('/')}`)).statusCode).toBe(404);
    } finally {
      await dev.app.close();
    }
  });
});
