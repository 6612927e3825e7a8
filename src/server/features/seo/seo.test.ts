import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs, listingImages, listings } from '../../db/schema.ts';
import { storeImage } from '../../storage/images.ts';
import { createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { catalogueChanged } from '../marketplace/cache.ts';

const INDEX = `<!doctype html>
<html lang="en-ZA">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="default description"
    />
    <title>Matric Moments</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const PUBLIC_URL = 'https://matricmoments.example';
const EVIL = '</script><script>alert(1)</script>';

let t: TestApp;
let webDir: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mm-seo-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  t = await createTestApp({ webDir, publicUrl: PUBLIC_URL });
  const db = t.database.db;
  await seedReferenceData(db);
  const provider = await createProvider(t, { businessName: 'Lens & Light "Studio"' });
  const approved = await createListing(db, provider.providerId, {
    title: 'Golden Hour Farewell Photos',
    city: 'Cape Town',
    province: 'western_cape',
    priceFrom: 25000,
    priceTo: 40000,
    images: 0,
  });
  const image = await storeImage(
    t.storage,
    'listing-images',
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#b0457a' } })
      .png()
      .toBuffer(),
  );
  await db.insert(listingImages).values({ listingId: approved.id, imageUrl: image.url, isPrimary: true });
  ids.approved = approved.id;
  ids.provider = provider.providerId;
  ids.evil = (
    await createListing(db, provider.providerId, { title: EVIL, description: `${EVIL} & more` })
  ).id;
  ids.pending = (
    await createListing(db, provider.providerId, { title: 'Pending Limo', status: 'pending' })
  ).id;
  ids.rejected = (
    await createListing(db, provider.providerId, { title: 'Rejected Venue', status: 'rejected' })
  ).id;
  await db
    .insert(faqs)
    .values({ question: 'Is it <b>free</b>?', answer: 'Browsing is free.', isActive: true });
  catalogueChanged(db);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('page heads for crawlers and share previews', () => {
  it('writes a listing’s title, description, canonical, share image and JSON-LD into its HTML', async () => {
    const res = await get(`/listing/${ids.approved}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(
      '<title>Golden Hour Farewell Photos: Photography in Cape Town | Matric Moments</title>',
    );
    expect(html).not.toContain('default description');
    expect(meta(html, 'name', 'description')).toMatch(
      /^Photography in Cape Town, Western Cape\. From R25\u00a0000\./,
    );
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/listing/${ids.approved}">`);
    expect(meta(html, 'property', 'og:title')).toBe('Golden Hour Farewell Photos: Photography in Cape Town');
    expect(meta(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/og/listings/${ids.approved}.jpg`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('name="robots"');
    const [business, crumbs] = jsonLd(html);
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Golden Hour Farewell Photos',
      priceRange: 'ZAR 25000-40000',
      address: { addressLocality: 'Cape Town', addressCountry: 'ZA' },
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((crumbs!.itemListElement as unknown[]).length).toBe(4);
  });

  it('keeps a listing titled with a script tag inert in the title, the share tags and the JSON-LD', async () => {
    const html = (await get(`/listing/${ids.evil}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)?.length).toBe(jsonLd(html).length);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(jsonLd(html)[0]!.name).toBe(EVIL);
  });

  it('answers pending, rejected, unknown and malformed listings with 404 and noindex', async () => {
    for (const id of [ids.pending, ids.rejected, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await get(`/listing/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).not.toContain('Pending Limo');
      expect(jsonLd(res.body)).toEqual([]);
    }
  });

  it('gives dashboard, admin and auth pages noindex and no share tags', async () => {
    for (const url of ['/dashboard', '/admin/listings', '/auth', '/dashboard/listings/new']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).not.toContain('og:title');
    }
  });

  it('describes the home page as a WebSite with a search action, the FAQ as an FAQPage, a provider as an Organization', async () => {
    const home = jsonLd((await get('/')).body);
    expect(home[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
    const faq = jsonLd((await get('/faq')).body);
    expect(faq[0]).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ name: 'Is it <b>free</b>?', acceptedAnswer: { text: 'Browsing is free.' } }],
    });
    const provider = await get(`/provider/${ids.provider}`);
    expect(provider.body).toContain('<title>Lens &amp; Light &quot;Studio&quot; | Matric Moments</title>');
    expect(jsonLd(provider.body)[0]).toMatchObject({
      '@type': 'Organization',
      name: 'Lens & Light "Studio"',
    });
  });

  it('serves category × province landing pages with a heading from the data, and 404 for empty ones', async () => {
    const res = await get('/services/photography/western-cape');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<title>Photography for matric farewells in the Western Cape | Matric Moments</title>',
    );
    expect(meta(res.body, 'name', 'description')).toMatch(
      /^1 matric farewell photographer in the Western Cape\./,
    );
    expect(res.body).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/services/photography/western-cape">`,
    );
    const country = await get('/services/photography');
    expect(meta(country.body, 'name', 'description')).toMatch(
      /^2 matric farewell photographers in South Africa/,
    );
    for (const url of [
      '/services/venues',
      '/services/photography/limpopo',
      '/services/nope',
      '/services/photography/mars',
    ]) {
      const empty = await get(url);
      expect(empty.statusCode, url).toBe(404);
      expect(empty.body, url).toContain('noindex');
    }
    const pages = (await get('/api/landing-pages')).json();
    expect(pages.items).toContainEqual({ category: 'photography', province: 'western_cape' });
    expect(pages.items).toContainEqual({ category: 'photography', province: null });
    expect(pages.items).not.toContainEqual({ category: 'venues', province: null });
  });
});

describe('robots.txt, sitemaps and share images', () => {
  it('robots.txt keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    for (const path of ['/dashboard', '/admin', '/auth', '/api'])
      expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('the sitemap lists exactly the approved listings, their providers and the non-empty landing pages', async () => {
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    const chunks = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(chunks).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/providers.xml`,
      `${PUBLIC_URL}/sitemaps/listings-1.xml`,
    ]);
    const listingsXml = (await get('/sitemaps/listings-1.xml')).body;
    const listed = [...listingsXml.matchAll(/<loc>[^<]*\/listing\/([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
    expect(listed).toEqual([ids.approved, ids.evil].sort());
    expect(listingsXml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const pagesXml = (await get('/sitemaps/pages.xml')).body;
    expect(pagesXml).toContain(`${PUBLIC_URL}/services/photography/western-cape</loc>`);
    expect(pagesXml).toContain(`${PUBLIC_URL}/services/photography/gauteng</loc>`);
    expect(pagesXml).not.toContain('/services/venues');
    expect((await get('/sitemaps/providers.xml')).body).toContain(`/provider/${ids.provider}</loc>`);
    expect((await get('/sitemaps/listings-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/secrets.xml')).statusCode).toBe(404);
  });

  it('the sitemap follows moderation', async () => {
    await t.database.db.update(listings).set({ status: 'approved' }).where(eq(listings.id, ids.pending!));
    catalogueChanged(t.database.db);
    expect((await get('/sitemaps/listings-1.xml')).body).toContain(ids.pending);
  });

  it('makes a 1200×630 JPEG share image from the listing’s primary image, and a brand card otherwise', async () => {
    const res = await get(`/og/listings/${ids.approved}.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const info = await sharp(res.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    const card = await get('/og/default.jpg');
    expect((await sharp(card.rawPayload).metadata()).width).toBe(1200);
    expect((await get(`/og/listings/${ids.rejected}.jpg`)).statusCode).toBe(404);
    expect((await get('/og/listings/../../etc.jpg')).statusCode).toBe(404);
  });
});
