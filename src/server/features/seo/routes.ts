/**
 * What crawlers fetch besides pages: /robots.txt, /sitemap.xml with its chunks under /sitemaps/, and the
 * 1200×630 share images under /og/ (a listing's primary image cropped for WhatsApp, Facebook and X previews,
 * and the brand card for every other page). All public.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../../domain/constants.ts';
import { imageVariant } from '../../../domain/format.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { keyFromPublicUrl } from '../../storage/images.ts';
import type { Storage } from '../../storage/storage.ts';
import { cachedCatalogue } from '../marketplace/cache.ts';
import { listingDetail } from '../marketplace/service.ts';
import { landingPageListSchema } from '../../../domain/listings.ts';
import { cacheForAnonymous } from '../../http-cache.ts';
import {
  landingCombinations,
  listingsSitemap,
  pagesSitemap,
  providersSitemap,
  robotsTxt,
  sitemapIndex,
} from './sitemap.ts';

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
const SITEMAP_CACHE = 'public, max-age=300';
const SHARE_IMAGE_CACHE = 'public, max-age=86400';

/** The brand card used when a page has no picture of its own. */
async function brandCard(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#5b3fc4"/><stop offset="1" stop-color="#c2417a"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <text x="600" y="300" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="96"
    font-weight="700" fill="#ffffff">${PRODUCT_NAME}</text>
  <text x="600" y="390" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="40"
    fill="#f3eefe">Matric farewell services across South Africa</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function seoRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const publicUrl = app.config.publicUrl;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true } as const;

  r.get('/robots.txt', { config: { access: 'public' }, schema: hidden }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8');
    return robotsTxt(publicUrl);
  });

  r.get('/sitemap.xml', { config: { access: 'public' }, schema: hidden }, async (_req, reply) => {
    const xml = await cachedCatalogue(db, 'sitemap:index', () => sitemapIndex(db, publicUrl));
    reply.header('cache-control', SITEMAP_CACHE).type('application/xml; charset=utf-8');
    return xml;
  });

  r.get(
    '/sitemaps/:name',
    { config: { access: 'public' }, schema: { ...hidden, params: z.object({ name: z.string().max(40) }) } },
    async (req, reply) => {
      const { name } = req.params;
      let xml: string | null = null;
      if (name === 'pages.xml')
        xml = await cachedCatalogue(db, 'sitemap:pages', () => pagesSitemap(db, publicUrl));
      else if (name === 'providers.xml') {
        xml = await cachedCatalogue(db, 'sitemap:providers', () => providersSitemap(db, publicUrl));
      } else {
        const m = /^listings-(\d{1,5})\.xml$/.exec(name);
        if (m) {
          const n = Number(m[1]);
          xml = await cachedCatalogue(db, `sitemap:listings:${n}`, () => listingsSitemap(db, publicUrl, n));
        }
      }
      if (xml === null) throw notFound('No such sitemap');
      reply.header('cache-control', SITEMAP_CACHE).type('application/xml; charset=utf-8');
      return xml;
    },
  );

  r.get(
    '/api/landing-pages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['marketplace'],
        summary: 'Category and category × province landing pages that have approved listings. Anyone.',
        response: { 200: landingPageListSchema },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, { maxAge: 60 });
      return { items: await cachedCatalogue(db, 'landing-pages', () => landingCombinations(db)) };
    },
  );

  let defaultCard: Promise<Buffer> | null = null;
  r.get('/og/default.jpg', { config: { access: 'public' }, schema: hidden }, async (_req, reply) => {
    defaultCard ??= brandCard();
    reply.header('cache-control', SHARE_IMAGE_CACHE).type('image/jpeg');
    return defaultCard;
  });

  // Share images are made on first request from the stored 1600 px variant and kept in memory (bounded).
  const shareImages = new Map<string, Buffer>();
  r.get(
    '/og/listings/:file',
    { config: { access: 'public' }, schema: { ...hidden, params: z.object({ file: z.string().max(60) }) } },
    async (req, reply) => {
      const m = /^([0-9a-f-]{36})\.jpg$/i.exec(req.params.file);
      if (!m) throw notFound('No such image');
      const listing = await listingDetail(db, m[1]!, async () => null);
      const url = listing.images[0]?.imageUrl;
      if (!url) throw notFound('No such image');
      let image = shareImages.get(url);
      if (!image) {
        const key = keyFromPublicUrl(storage, imageVariant(url, 1600)) ?? keyFromPublicUrl(storage, url);
        const source = key ? await storage.get(key) : null;
        if (!source) throw notFound('No such image');
        image = await sharp(source)
          .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'attention' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer();
        if (shareImages.size >= 200) shareImages.delete(shareImages.keys().next().value!);
        shareImages.set(url, image);
      }
      reply.header('cache-control', SHARE_IMAGE_CACHE).type('image/jpeg');
      return image;
    },
  );
}
