/**
 * Where every page gets its data and its head: one entry per page that has either.
 *
 * An entry reads what its head needs through the loaders (src/domain/ssr.ts) and answers 404 when the page's
 * record is not public; otherwise it gives its head and the queries its first render needs, under the keys
 * its hooks read (src/domain/query-keys.ts). Records the head was written from go into the cache as they
 * are (`loaded`); the rest is read only when the page is rendered (`later`).
 *
 * Two callers, one set of entries: the server bundle (src/web/entry-server.tsx) runs the entry of the route
 * React Router matched, with its parameters, and renders the page from the queries; the server
 * (src/server/plugins/pages.ts) runs it with the parameters of `matchPage` when it serves a page without
 * rendering it (pages rendered in the browser, server rendering off or failed, HEAD requests) and uses the
 * head and status only. Either way the head is written from the data the page shows.
 *
 * Server and bundle only: the browser bundle never imports this module.
 */
import { browseFiltersFromParams, browseQueryFilters } from './browse-url.ts';
import { PRODUCT_NAME } from './constants.ts';
import { LEGAL_PATHS, LEGAL_TITLES, type LegalDocumentKind } from './legal.ts';
import { browseQuerySchema, idParamsSchema, type BrowseResult } from './listings.ts';
import {
  basicHead,
  faqHead,
  homeHead,
  landingHead,
  listingHead,
  notFoundHead,
  privateHead,
  providerHead,
  SITE_DESCRIPTION,
  type PageHead,
} from './page-heads.ts';
import { isPrivatePath, type AppRoute, type SsrRoute } from './pages.ts';
import { CONTENT_QUERY_KEY, SOCIAL_LINKS_QUERY_KEY } from './layout-query-keys.ts';
import { browseQueryKey, legalQueryKey, MARKETPLACE_KEYS } from './query-keys.ts';
import { categoryFromSlug, provinceFromSlug } from './seo.ts';
import type { SsrLoaders } from './ssr.ts';

/** One query of the page's cache: already read for the head, or to read when the page is rendered. */
export type PageQuery =
  { key: readonly unknown[]; data: unknown } | { key: readonly unknown[]; load: () => Promise<unknown> };

export type PageLoad =
  { status: 404; head: PageHead } | { status: 200; head: PageHead; queries: PageQuery[] };

export interface PageRequest {
  /** The path parameters ('/listing/:id' → { id }), decoded. */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  load: SsrLoaders;
  publicUrl: string;
}

type PageEntry = (request: PageRequest) => Promise<PageLoad>;

const loaded = (key: readonly unknown[], data: unknown): PageQuery => ({ key, data });
const later = (key: readonly unknown[], load: () => Promise<unknown>): PageQuery => ({ key, load });
const page = (head: PageHead, queries: PageQuery[] = []): PageLoad => ({ status: 200, head, queries });
const notFound = (): PageLoad => ({ status: 404, head: notFoundHead() });

/** A page of fixed text: its head names it, its canonical URL is its path. */
const fixed = (path: string, title: string, description: string) => async () =>
  page(basicHead(title, description, path));

/** How the browse hooks keep one page of results (an infinite query's first page). */
const firstPage = (result: BrowseResult) => ({ pages: [result], pageParams: [null] });

/** Whether the API would take this as a record's id (it answers 400 otherwise): nothing to read if not. */
const isId = (id: string) => idParamsSchema.safeParse({ id }).success;

/** A category landing page, across the country or in one province; 404 when it has no listings. */
const landing: PageEntry = async ({ params, search, load, publicUrl }) => {
  const category = categoryFromSlug(params.category ?? '');
  const province = params.province === undefined ? null : provinceFromSlug(params.province);
  if (!category || (params.province !== undefined && !province)) return notFound();
  const filters = { category: category.slug, province: province ?? undefined };
  const first = await load.browse(filters);
  // A later page (?cursor=…, the head's `next` link) gives the head its count and links; the page
  // itself shows the first page (Load more fetches the rest).
  const cursor = search.get('cursor') ?? undefined;
  const from = browseQuerySchema.safeParse({ ...filters, cursor }).success && cursor ? cursor : undefined;
  const shown = from ? await load.browse({ ...filters, cursor: from }) : first;
  if (shown.items.length === 0) return notFound();
  return page(landingHead(category, province, shown, from, publicUrl), [
    loaded(browseQueryKey(filters), firstPage(first)),
    later(MARKETPLACE_KEYS.landingPages, () => load.landingPages()),
  ]);
};

/** The privacy policy or the terms: the document is in the page (server-rendered with its date). */
const legal =
  (kind: LegalDocumentKind, description: string): PageEntry =>
  async ({ load }) =>
    page(basicHead(LEGAL_TITLES[kind], description, LEGAL_PATHS[kind]), [
      loaded(legalQueryKey(kind), await load.legal(kind)),
    ]);

/** Every page with data or a head of its own. Each server-rendered page must have one (the type says so). */
const PAGE_ENTRIES: Record<SsrRoute, PageEntry> & Partial<Record<AppRoute, PageEntry>> = {
  '/': async ({ load, publicUrl }) =>
    page(homeHead(publicUrl), [
      later(MARKETPLACE_KEYS.heroBanners, () => load.heroBanners()),
      later(MARKETPLACE_KEYS.homeListings, () => load.homeListings()),
      later(MARKETPLACE_KEYS.categories, () => load.categories()),
    ]),

  '/browse': async ({ search, load }) => {
    // Server rendering knows no location: the same query the page asks for before it has one.
    const filters = browseQueryFilters(browseFiltersFromParams(search), null);
    const head = basicHead(
      'Browse matric farewell services',
      'Search car rentals, dresses and suits, photographers, venues, make-up and hair, catering, décor and entertainment near you.',
      '/browse',
    );
    return page(head, [
      later(browseQueryKey({ ...filters, location: null }), async () =>
        firstPage(await load.browse(filters)),
      ),
      later(MARKETPLACE_KEYS.landingPages, () => load.landingPages()),
    ]);
  },

  '/packages': async ({ load }) =>
    page(
      basicHead(
        'Packages for service providers',
        `List your matric farewell service on ${PRODUCT_NAME}: a free Basic package, or Standard and Premium with more listings, analytics and priority placement.`,
        '/packages',
      ),
      [later(MARKETPLACE_KEYS.packages, () => load.packages())],
    ),

  '/about': fixed(
    '/about',
    `About ${PRODUCT_NAME}`,
    `Who we are and why ${PRODUCT_NAME} helps South African learners and parents plan the matric farewell.`,
  ),

  '/contact': fixed(
    '/contact',
    `Contact ${PRODUCT_NAME}`,
    `Questions about a booking, a listing or your package? Contact the ${PRODUCT_NAME} team.`,
  ),

  '/faq': async ({ load, publicUrl }) => {
    const faqs = await load.faqs();
    const head = faqHead(
      'Frequently asked questions',
      `Answers to common questions about planning a matric farewell with ${PRODUCT_NAME}.`,
      faqs.items,
      publicUrl,
    );
    return page(head, [loaded(MARKETPLACE_KEYS.faqs, faqs)]);
  },

  '/how-it-works': fixed(
    '/how-it-works',
    `How ${PRODUCT_NAME} works`,
    'Browse matric farewell services, compare providers, save favourites and send enquiries in a few steps.',
  ),

  '/privacy': legal(
    'privacy',
    `What ${PRODUCT_NAME} collects about you, why, who sees it, how long it is kept and your rights under POPIA.`,
  ),

  '/terms': legal(
    'terms',
    `The terms of using ${PRODUCT_NAME}: accounts, enquiries, listings, reviews, packages and the Matric Guide.`,
  ),

  '/matric-guide': fixed(
    '/matric-guide',
    'The Matric Guide',
    'The Matric Guide: premium articles on planning, budgets, outfits, transport, photos and the big night.',
  ),

  '/listing/:id': async ({ params, load, publicUrl }) => {
    const id = params.id ?? '';
    const listing = isId(id) ? await load.listing(id) : null;
    if (!listing || listing.status !== 'approved') return notFound();
    return page(listingHead(listing, publicUrl), [
      loaded(MARKETPLACE_KEYS.listing(id), listing),
      later(MARKETPLACE_KEYS.reviews(id), () => load.reviews(id)),
      later(MARKETPLACE_KEYS.related(id), () => load.related(id)),
    ]);
  },

  '/provider/:id': async ({ params, load, publicUrl }) => {
    const id = params.id ?? '';
    const profile = isId(id) ? await load.provider(id) : null;
    if (!profile || profile.listings.length === 0) return notFound();
    return page(providerHead(profile, publicUrl), [loaded(MARKETPLACE_KEYS.provider(id), profile)]);
  },

  '/services/:category': landing,
  '/services/:category/:province': landing,

  '/auth': async () => page(privateHead('Sign In')),
};

/** Every server-rendered page shows the header and footer (brand name, logo, social links). */
function layoutQueries(load: SsrLoaders): PageQuery[] {
  return [
    later(CONTENT_QUERY_KEY, () => load.siteContent()),
    later(SOCIAL_LINKS_QUERY_KEY, () => load.socialLinks()),
  ];
}

/**
 * A page's status, head and queries. Pages without an entry have the default head: noindex for pages
 * crawlers must not index, the site's title and description otherwise. The queries come in the order they
 * enter the cache: the records the head was written from, the layout's, then the page's others.
 */
export async function loadPage(route: AppRoute, request: PageRequest): Promise<PageLoad> {
  const entry = PAGE_ENTRIES[route];
  const own = entry
    ? await entry(request)
    : page(isPrivatePath(route) ? privateHead() : basicHead(PRODUCT_NAME, SITE_DESCRIPTION, route));
  if (own.status === 404) return own;
  const read = own.queries.filter((q) => 'data' in q);
  const rest = own.queries.filter((q) => 'load' in q);
  return { ...own, queries: [...read, ...layoutQueries(request.load), ...rest] };
}
