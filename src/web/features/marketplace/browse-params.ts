/**
 * The browse filters in the URL (/browse?category=…&province=…&sort=…&minPrice=…&maxPrice=…&search=…),
 * read the same way by the page and by server rendering (src/web/ssr/prefetch.ts), so that both ask for
 * the same query. Values the API would refuse are ignored.
 */
import { CATEGORY_SLUGS, PROVINCE_VALUES } from '@domain/constants.ts';
import { BROWSE_MAX_PRICE, BROWSE_SORTS, type BrowseSort } from '@domain/browse.ts';
import type { BrowseFilters } from './api.ts';

export interface BrowseUrlFilters {
  search: string;
  province: string;
  category: string;
  sort: BrowseSort | '';
  minPrice: string;
  maxPrice: string;
}

/** A whole Rand amount from the query string, or '' when it is missing or one the API would refuse. */
function priceParam(raw: string | null): string {
  if (raw === null || !/^\d{1,8}$/.test(raw)) return '';
  return Number(raw) <= BROWSE_MAX_PRICE ? String(Number(raw)) : '';
}

export function browseFiltersFromParams(params: URLSearchParams): BrowseUrlFilters {
  const rawProvince = params.get('province') ?? '';
  const rawCategory = params.get('category') ?? '';
  const rawSort = params.get('sort') ?? '';
  const minPrice = priceParam(params.get('minPrice'));
  let maxPrice = priceParam(params.get('maxPrice'));
  if (minPrice && maxPrice && Number(maxPrice) < Number(minPrice)) maxPrice = '';
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    province: (PROVINCE_VALUES as readonly string[]).includes(rawProvince) ? rawProvince : '',
    category: (CATEGORY_SLUGS as readonly string[]).includes(rawCategory) ? rawCategory : '',
    sort: ((BROWSE_SORTS as readonly string[]).includes(rawSort) ? rawSort : '') as BrowseSort | '',
    minPrice,
    maxPrice,
  };
}

/** The API query of the URL's filters. Nearest needs a location: without one sort=distance is ignored. */
export function browseQueryFilters(
  filters: BrowseUrlFilters,
  location: { lat: number; lng: number } | null,
): Omit<BrowseFilters, 'location'> {
  return {
    search: filters.search,
    province: filters.province,
    category: filters.category,
    sort: filters.sort && (filters.sort !== 'distance' || location) ? filters.sort : undefined,
    minPrice: filters.minPrice ? Number(filters.minPrice) : undefined,
    maxPrice: filters.maxPrice ? Number(filters.maxPrice) : undefined,
  };
}
