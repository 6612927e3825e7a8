/**
 * The keys of the public queries a server-rendered page carries into the browser. The server puts each
 * page's data into the query cache under these keys (src/domain/page-loads.ts), and the browser's hooks
 * (src/web/features/) read them under the same keys, so a hydrated page does not fetch its data again.
 * The header and footer's two are in src/domain/layout-query-keys.ts (part of every page's first script;
 * these are loaded with the pages that use them).
 */
import type { BrowseFilters } from './browse.ts';
import type { LegalDocumentKind } from './legal.ts';

/** The public catalogue and a listing's reviews. */
export const MARKETPLACE_KEYS = {
  heroBanners: ['hero-banners'],
  categories: ['categories'],
  faqs: ['faqs'],
  packages: ['packages', 'public'],
  homeListings: ['listings', 'home'],
  landingPages: ['landing-pages'],
  related: (id: string) => ['listings', 'related', id] as const,
  provider: (id: string) => ['provider', id] as const,
  /** The listing detail. The reviews feature invalidates it after a change. */
  listing: (id: string) => ['listing', id] as const,
  /** A listing's reviews. */
  reviews: (listingId: string) => ['reviews', listingId] as const,
} as const;

/** GET /api/legal/{kind}: the privacy policy or the terms. The CMS's Legal tab invalidates it. */
export const legalQueryKey = (kind: LegalDocumentKind) => ['legal', kind] as const;

/** The key of a browse query: the filters as the API receives them (location rounded to about 10 m). */
export function browseQueryKey(filters: BrowseFilters) {
  const { search, province, category, sort, minPrice, maxPrice, location } = filters;
  const key = {
    search: search ?? '',
    province: province ?? '',
    category: category ?? '',
    sort: sort ?? '',
    minPrice: minPrice ?? '',
    maxPrice: maxPrice ?? '',
    lat: location ? Number(location.lat.toFixed(4)) : null,
    lng: location ? Number(location.lng.toFixed(4)) : null,
  };
  return ['listings', 'browse', key] as const;
}
