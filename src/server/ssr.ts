/**
 * Server rendering of the public pages. The web build's server bundle (dist/server/entry-server.js, from
 * src/web/entry-server.tsx) renders a page with React; this module gives it the pages' data straight from
 * the service functions the API uses (shaped exactly as the API answers an anonymous visitor), enforces a
 * time limit, and reports failures so that the caller falls back to the client-rendered shell. The contract
 * between the two sides is typed once, in src/domain/ssr.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import type { BrowsePageQuery } from '../domain/browse.ts';
import { LIMITS } from '../domain/constants.ts';
import { legalDocumentSchema, type LegalDocumentKind } from '../domain/legal.ts';
import { siteContentSchema, socialLinkListSchema } from '../domain/public-content.ts';
import { listingReviewsSchema } from '../domain/engagement.ts';
import {
  browseQuerySchema,
  browseResultSchema,
  categoryListSchema,
  faqListSchema,
  heroBannerListSchema,
  idParamsSchema,
  landingPageListSchema,
  listingCardListSchema,
  listingDetailSchema,
  providerProfileSchema,
  publicPackageListSchema,
} from '../domain/listings.ts';
import type { RenderResult, ServerEntry, SsrLoaders } from '../domain/ssr.ts';
import type { Db } from './db/client.ts';
import { AppError } from './errors.ts';
import { legalDocument } from './features/content/legal.ts';
import { activeSocialLinks, loadSiteContent } from './features/content/service.ts';
import { cachedCatalogue } from './features/marketplace/cache.ts';
import {
  activeFaqs,
  activeHeroBanners,
  activePackages,
  allCategories,
  browseListings,
  homeListings,
  providerProfile,
  publicListingDetail,
  relatedListings,
} from './features/marketplace/service.ts';
import { listReviews } from './features/reviews/service.ts';
import { landingCombinations } from './features/seo/sitemap.ts';

/** Longest a page may take to render before the plain shell is served instead. */
export const SSR_TIME_LIMIT_MS = 3_000;

export interface PageRenderer {
  /**
   * The status, head and (for a page the public may see) markup and query cache of the page at `url`
   * (absolute); null when the bundle has no page for it. `loaders` are the request's: what the render has
   * read, a fallback head written after a failure does not read again.
   */
  render(url: string, request: { publicUrl: string; loaders: SsrLoaders }): Promise<RenderResult | null>;
}

/** As the API would send it: through the response schema and JSON. */
function shaped<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const json: z.infer<S> = JSON.parse(JSON.stringify(schema.parse(value)));
  return json;
}

/** A read made at most once. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= read());
}

/** A read made at most once per argument. */
function oncePer<A, T>(read: (arg: A) => Promise<T>, key: (arg: A) => string): (arg: A) => Promise<T> {
  const reads = new Map<string, Promise<T>>();
  return (arg) => {
    const k = key(arg);
    let value = reads.get(k);
    if (!value) {
      value = read(arg);
      reads.set(k, value);
    }
    return value;
  };
}

const byId = (id: string) => id;

/** Whether the API would take this as a record's id (it answers 400 otherwise: null, as for a 404). */
const isId = (id: string) => idParamsSchema.safeParse({ id }).success;

/** Null for what the API answers with 404 (or 400: a malformed id) to an anonymous visitor. */
async function unlessNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 400)) return null;
    throw err;
  }
}

/**
 * The pages' data for an anonymous visitor (src/domain/ssr.ts), for one request: each read is made once,
 * so the head and the rendering of a page share its records.
 */
export function ssrLoaders(db: Db): SsrLoaders {
  const anonymous = async () => null;
  return {
    siteContent: once(async () => shaped(siteContentSchema, await loadSiteContent(db))),
    socialLinks: once(async () => shaped(socialLinkListSchema, { items: await activeSocialLinks(db) })),
    categories: once(async () => shaped(categoryListSchema, { items: await allCategories(db) })),
    heroBanners: once(async () => shaped(heroBannerListSchema, { items: await activeHeroBanners(db) })),
    homeListings: once(async () => shaped(listingCardListSchema, await homeListings(db))),
    faqs: once(async () => shaped(faqListSchema, { items: await activeFaqs(db) })),
    legal: oncePer(
      async (kind: LegalDocumentKind) => shaped(legalDocumentSchema, await legalDocument(db, kind)),
      (kind) => kind,
    ),
    packages: once(async () => shaped(publicPackageListSchema, { items: await activePackages(db) })),
    landingPages: once(async () =>
      shaped(landingPageListSchema, {
        items: await cachedCatalogue(db, 'landing-pages', () => landingCombinations(db)),
      }),
    ),
    browse: oncePer(
      async (query: BrowsePageQuery) =>
        shaped(
          browseResultSchema,
          await browseListings(db, browseQuerySchema.parse({ ...query, pageSize: LIMITS.browsePageSize })),
        ),
      (query) => JSON.stringify(query),
    ),
    listing: oncePer(async (id: string) => {
      if (!isId(id)) return null;
      // The public's cached answer, shared with GET /api/listings/{id}.
      const listing = await publicListingDetail(db, id);
      return listing && shaped(listingDetailSchema, listing);
    }, byId),
    related: oncePer(
      async (id: string) =>
        shaped(listingCardListSchema, { items: await relatedListings(db, id, anonymous) }),
      byId,
    ),
    reviews: oncePer(
      async (id: string) => shaped(listingReviewsSchema, await listReviews(db, null, id)),
      byId,
    ),
    provider: oncePer(async (id: string) => {
      if (!isId(id)) return null;
      const profile = await unlessNotFound(providerProfile(db, id));
      return profile && shaped(providerProfileSchema, profile);
    }, byId),
  };
}

/** Runs a render within the time limit: past it the render is aborted and the promise rejects. */
export async function withinTimeLimit<T>(
  render: (signal: AbortSignal) => Promise<T>,
  limitMs = SSR_TIME_LIMIT_MS,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`Server rendering took longer than ${limitMs} ms`));
    }, limitMs);
  });
  try {
    return await Promise.race([render(controller.signal), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A renderer of a server bundle's module (the build's, or the sources' through Vite in `npm run dev`). */
export function entryRenderer(entry: () => Promise<ServerEntry>, limitMs = SSR_TIME_LIMIT_MS): PageRenderer {
  return {
    async render(url, { publicUrl, loaders }) {
      const { render } = await entry();
      // The limit covers the data and the rendering: past it the caller serves the shell.
      return withinTimeLimit((signal) => render({ url, publicUrl, loaders, signal }), limitMs);
    },
  };
}

/**
 * Loads the server bundle next to the web build (`<webDir>/../server/entry-server.js`). Null when there is
 * none (no build, or a build without server rendering): pages are then rendered in the browser only.
 */
export async function loadPageRenderer(
  webDir: string,
  timeLimitMs = SSR_TIME_LIMIT_MS,
): Promise<PageRenderer | null> {
  const entryPath = path.join(webDir, '..', 'server', 'entry-server.js');
  if (!existsSync(entryPath)) return null;
  const entry: ServerEntry = await import(pathToFileURL(entryPath).href);
  return entryRenderer(async () => entry, timeLimitMs);
}
