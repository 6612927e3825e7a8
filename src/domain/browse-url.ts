/**
 * The browse filters in the URL (/browse?category=…&province=…&sort=…&minPrice=…&maxPrice=…&search=…),
 * read the same way by the browse page and by server rendering (src/domain/page-loads.ts), so that both
 * ask for the same query. Without zod, like src/domain/browse.ts.
 */
import {
  BROWSE_MAX_PRICE,
  BROWSE_SORTS,
  type BrowseFilterName,
  type BrowseQueryFilters,
  type BrowseSort,
} from './browse.ts';
import { CATEGORY_SLUGS, PROVINCE_VALUES, type Province } from './constants.ts';

/** The filters as the browse page's URL and form hold them: text, '' when not set. */
export type BrowseUrlFilters = {
  [K in BrowseFilterName]-?: K extends 'sort'
    ? BrowseSort | ''
    : K extends 'province'
      ? Province | ''
      : string;
};

/** A whole Rand amount from the query string, or '' when it is missing or one the API would refuse. */
function priceParam(raw: string | null): string {
  if (raw === null || !/^\d{1,8}$/.test(raw)) return '';
  return Number(raw) <= BROWSE_MAX_PRICE ? String(Number(raw)) : '';
}

/** The URL's filters; values the API would refuse are ignored. */
export function browseFiltersFromParams(params: URLSearchParams): BrowseUrlFilters {
  const rawProvince = params.get('province') ?? '';
  const rawCategory = params.get('category') ?? '';
  const rawSort = params.get('sort') ?? '';
  const minPrice = priceParam(params.get('minPrice'));
  let maxPrice = priceParam(params.get('maxPrice'));
  if (minPrice && maxPrice && Number(maxPrice) < Number(minPrice)) maxPrice = '';
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    province: PROVINCE_VALUES.find((p) => p === rawProvince) ?? '',
    category: CATEGORY_SLUGS.find((c) => c === rawCategory) ?? '',
    sort: BROWSE_SORTS.find((s) => s === rawSort) ?? '',
    minPrice,
    maxPrice,
  };
}

/** The API query of the URL's filters. Nearest needs a location: without one sort=distance is ignored. */
export function browseQueryFilters(
  filters: BrowseUrlFilters,
  location: { lat: number; lng: number } | null,
): BrowseQueryFilters {
  return {
    search: filters.search || undefined,
    province: filters.province || undefined,
    category: filters.category || undefined,
    sort: filters.sort && (filters.sort !== 'distance' || location) ? filters.sort : undefined,
    minPrice: filters.minPrice ? Number(filters.minPrice) : undefined,
    maxPrice: filters.maxPrice ? Number(filters.maxPrice) : undefined,
  };
}
