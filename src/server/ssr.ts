/**
 * Server rendering of the public pages. The web build's server bundle (dist/server/entry-server.js, from
 * src/web/entry-server.tsx) renders a page with React; this module gives it the page's data straight from
 * the service functions the API uses (shaped exactly as the API answers an anonymous visitor), enforces a
 * time limit, and reports failures so that the caller falls back to the client-rendered shell.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DehydratedState } from '@tanstack/react-query';
import type { z } from 'zod';
import { LIMITS } from '../domain/constants.ts';
import { listingReviewsSchema } from '../domain/engagement.ts';
import {
  browseQuerySchema,
  browseResultSchema,
  categoryListSchema,
  faqListSchema,
  heroBannerListSchema,
  listingCardListSchema,
  listingDetailSchema,
  providerProfileSchema,
  publicPackageListSchema,
} from '../domain/listings.ts';
import type { AppRoute } from '../domain/routes.ts';
import { landingPageListSchema } from '../domain/listings.ts';
import type { Db } from './db/client.ts';
import { activeSocialLinks, loadSiteContent } from './features/content/service.ts';
import {
  activeHeroBanners,
  activePackages,
  allCategories,
  browseListings,
  homeListings,
  relatedListings,
} from './features/marketplace/service.ts';
import { listReviews } from './features/reviews/service.ts';
import { pageData, type PageData } from './features/seo/page-data.ts';
import { landingCombinations } from './features/seo/sitemap.ts';
import { cachedCatalogue } from './features/marketplace/cache.ts';

/** The public pages rendered on the server; every other page is rendered in the browser. */
export const SSR_ROUTES: ReadonlySet<AppRoute> = new Set<AppRoute>([
  '/',
  '/browse',
  '/listing/:id',
  '/provider/:id',
  '/about',
  '/contact',
  '/faq',
  '/how-it-works',
  '/packages',
  '/services/:category',
  '/services/:category/:province',
]);

/** Longest a page may take to render before the plain shell is served instead. */
export const SSR_TIME_LIMIT_MS = 3_000;

export interface RenderedPage {
  html: string;
  state: DehydratedState;
}

interface BrowseFilters {
  search?: string | undefined;
  province?: string | undefined;
  category?: string | undefined;
  sort?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

interface ServerEntry {
  render(url: string, loaders: Record<string, unknown>, signal: AbortSignal): Promise<RenderedPage | null>;
}

export interface PageRenderer {
  /**
   * The page's markup and query cache, or null when the page's record is not public. `data` shares the
   * request's reads with the page's head.
   */
  render(url: string, data?: PageData): Promise<RenderedPage | null>;
}

/** As the API would send it: through the response schema and JSON (dates become strings). */
function shaped<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return JSON.parse(JSON.stringify(schema.parse(value))) as z.infer<S>;
}

/** The loaders the web side's prefetch (src/web/ssr/prefetch.ts) calls, for an anonymous visitor. */
export function ssrLoaders(db: Db, data: PageData = pageData(db)) {
  const anonymous = async () => null;
  return {
    siteContent: async () => JSON.parse(JSON.stringify(await loadSiteContent(db))) as unknown,
    socialLinks: async () => ({ items: JSON.parse(JSON.stringify(await activeSocialLinks(db))) as unknown }),
    categories: async () => shaped(categoryListSchema, { items: await allCategories(db) }),
    heroBanners: async () => shaped(heroBannerListSchema, { items: await activeHeroBanners(db) }),
    homeListings: async () => shaped(listingCardListSchema, await homeListings(db)),
    faqs: async () => shaped(faqListSchema, { items: await data.faqs() }),
    packages: async () => shaped(publicPackageListSchema, { items: await activePackages(db) }),
    landingPages: async () =>
      shaped(landingPageListSchema, {
        items: await cachedCatalogue(db, 'landing-pages', () => landingCombinations(db)),
      }),
    browse: async (filters: BrowseFilters) => {
      const blank = (v: string | undefined) => (v ? v : undefined);
      const query = browseQuerySchema.parse({
        search: blank(filters.search),
        province: blank(filters.province),
        category: blank(filters.category),
        sort: blank(filters.sort),
        minPrice: filters.minPrice,
        maxPrice: filters.maxPrice,
        pageSize: LIMITS.browsePageSize,
      });
      return shaped(browseResultSchema, await browseListings(db, query));
    },
    listing: async (id: string) => shaped(listingDetailSchema, await data.listing(id)),
    related: async (id: string) =>
      shaped(listingCardListSchema, { items: await relatedListings(db, id, anonymous) }),
    reviews: async (id: string) => shaped(listingReviewsSchema, await listReviews(db, null, id)),
    provider: async (id: string) => shaped(providerProfileSchema, await data.provider(id)),
  };
}

/**
 * Loads the server bundle next to the web build (`<webDir>/../server/entry-server.js`). Null when there is
 * none (no build, or a build without server rendering): pages are then rendered in the browser only.
 */
export async function loadPageRenderer(webDir: string, db: Db): Promise<PageRenderer | null> {
  const entryPath = path.join(webDir, '..', 'server', 'entry-server.js');
  if (!existsSync(entryPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  return {
    async render(url, data = pageData(db)) {
      const loaders = ssrLoaders(db, data);
      // The limit covers the data and the rendering: past it the caller serves the shell, and the render
      // is aborted.
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`Server rendering took longer than ${SSR_TIME_LIMIT_MS} ms`));
        }, SSR_TIME_LIMIT_MS);
      });
      try {
        return await Promise.race([entry.render(url, loaders, controller.signal), limit]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
