/** TanStack Query hooks for the public marketplace API (see src/server/features/marketplace/routes.ts). */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@domain/constants.ts';
import type {
  BrowseResult,
  BrowseSort,
  Category,
  Faq,
  HeroBanner,
  LandingPageList,
  ListingCard,
  ListingDetail,
  ProviderProfile,
  PublicPackage,
} from '@domain/listings.ts';

import { api, qs } from '../../lib/api.ts';

const REFERENCE_STALE_MS = 5 * 60_000;
/** Banners and FAQs change from /admin/cms at any time (the server caches them 5 s): as fresh as that. */
const ADMIN_EDITED_STALE_MS = 5_000;

/** Query keys of the public catalogue: the hooks below and server rendering (src/web/ssr) share them. */
export const MARKETPLACE_KEYS = {
  heroBanners: ['hero-banners'],
  categories: ['categories'],
  faqs: ['faqs'],
  packages: ['packages', 'public'],
  homeListings: ['listings', 'home'],
  landingPages: ['landing-pages'],
  related: (id: string) => ['listings', 'related', id] as const,
  provider: (id: string) => ['provider', id] as const,
} as const;

export function useHeroBanners() {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.heroBanners,
    queryFn: ({ signal }) => api.get<{ items: HeroBanner[] }>('/api/hero-banners', { signal }),
    select: (data) => data.items,
    staleTime: ADMIN_EDITED_STALE_MS,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.categories,
    queryFn: ({ signal }) => api.get<{ items: Category[] }>('/api/categories', { signal }),
    select: (data) => data.items,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useFaqs() {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.faqs,
    queryFn: ({ signal }) => api.get<{ items: Faq[] }>('/api/faqs', { signal }),
    select: (data) => data.items,
    staleTime: ADMIN_EDITED_STALE_MS,
  });
}

export function usePublicPackages() {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.packages,
    queryFn: ({ signal }) => api.get<{ items: PublicPackage[] }>('/api/packages', { signal }),
    select: (data) => data.items,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useHomeListings() {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.homeListings,
    queryFn: ({ signal }) => api.get<{ items: ListingCard[] }>('/api/listings/home', { signal }),
    select: (data) => data.items,
  });
}

export interface BrowseFilters {
  search?: string | undefined;
  province?: string | undefined;
  category?: string | undefined;
  sort?: BrowseSort | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  location?: { lat: number; lng: number } | null | undefined;
}

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

/** Browse results a page at a time (Load more asks for the page after the last one's cursor). */
export function useBrowseListings(filters: BrowseFilters) {
  const queryKey = browseQueryKey(filters);
  const key = queryKey[2];
  return useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<BrowseResult>(
        `/api/listings${qs({ ...key, cursor: pageParam, pageSize: LIMITS.browsePageSize })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The listing detail. The key is ['listing', id]: the reviews feature invalidates it after a change. */
export function listingQueryKey(id: string) {
  return ['listing', id] as const;
}

export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: listingQueryKey(id ?? ''),
    queryFn: ({ signal }) => api.get<ListingDetail>(`/api/listings/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useRelatedListings(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.related(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ items: ListingCard[] }>(`/api/listings/${encodeURIComponent(id!)}/related`, { signal }),
    select: (data) => data.items,
    enabled: Boolean(id) && enabled,
  });
}

export function recordListingView(id: string): Promise<void> {
  return api.post<void>(`/api/listings/${encodeURIComponent(id)}/view`);
}

export function useProviderProfile(id: string | undefined) {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.provider(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<ProviderProfile>(`/api/providers/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

/** Category (× province) landing pages that have approved listings, for links between them. */
export function useLandingPages() {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.landingPages,
    queryFn: ({ signal }) => api.get<LandingPageList>('/api/landing-pages', { signal }),
    staleTime: 5 * 60_000,
  });
}
