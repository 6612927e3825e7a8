/**
 * What the browse page and the browse API agree on, without zod: the browse page reads these without
 * loading the request schemas (src/domain/listings.ts builds those from them and re-exports them; the
 * filter types below are derived from its schema's type only).
 */
import type { BrowseQuery } from './listings.ts';

/** How browse results can be ordered. `recommended`: with a search, relevance (title matches first),
 * then the browse rank (featured, priority placement), then newest; without, the browse rank then newest.
 * `distance` needs a location (and is the default when one is given). */
export const BROWSE_SORTS = [
  'recommended',
  'newest',
  'price_asc',
  'price_desc',
  'rating',
  'distance',
] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_SORT_LABELS: Record<BrowseSort, string> = {
  recommended: 'Recommended',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Best rated',
  distance: 'Nearest',
};

/** Counts above this are shown as '1,000+' (an exact count over a large catalogue is not worth its cost). */
export const BROWSE_COUNT_CAP = 1000;
export const BROWSE_MAX_PRICE = 10_000_000;

// ---------------------------------------------------------------------------------------------------------
// The browse filters: one type, from the API's query schema (`browseQuerySchema`, src/domain/listings.ts)

/** The filters of a browse query, as the API validates them. */
export type BrowseQueryFilters = Partial<
  Pick<BrowseQuery, 'search' | 'province' | 'category' | 'sort' | 'minPrice' | 'maxPrice'>
>;
export type BrowseFilterName = keyof BrowseQueryFilters;

/** What the browse hooks ask for: the filters and, for distances, the device's location. */
export type BrowseFilters = BrowseQueryFilters & { location?: { lat: number; lng: number } | null };

/** One page of results: the filters and where the page starts (`nextCursor` of the page before). */
export type BrowsePageQuery = BrowseQueryFilters & Partial<Pick<BrowseQuery, 'cursor'>>;
