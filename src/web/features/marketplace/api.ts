/** TanStack Query hooks for the public marketplace API (see src/server/features/marketplace/routes.ts). */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@domain/constants.ts';
import type {
  BrowseResult,
  BrowseSort,
  Category,
  Faq,
  HeroBanner,
  ListingCard,
  ListingDetail,
  ProviderProfile,
  PublicPackage,
} from '@domain/listings.ts';
import type { LandingPageList } from '@domain/seo.ts';
import { api, qs } from '../../lib/api.ts';

const REFERENCE_STALE_MS = 5 * 60_000;

export function useHeroBanners() {
  return useQuery({
    queryKey: ['hero-banners'],
    queryFn: ({ signal }) => api.get<{ items: HeroBanner[] }>('/api/hero-banners', { signal }),
    select: (data) => data.items,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => api.get<{ items: Category[] }>('/api/categories', { signal }),
    select: (data) => data.items,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useFaqs() {
  return useQuery({
    queryKey: ['faqs'],
    queryFn: ({ signal }) => api.get<{ items: Faq[] }>('/api/faqs', { signal }),
    select: (data) => data.items,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function usePublicPackages() {
  return useQuery({
    queryKey: ['packages', 'public'],
    queryFn: ({ signal }) => api.get<{ items: PublicPackage[] }>('/api/packages', { signal }),
    select: (data) => data.items,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useHomeListings() {
  return useQuery({
    queryKey: ['listings', 'home'],
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

/** Browse results a page at a time (Load more asks for the page after the last one's cursor). */
export function useBrowseListings(filters: BrowseFilters) {
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
  return useInfiniteQuery({
    queryKey: ['listings', 'browse', key],
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
    queryKey: ['listings', 'related', id ?? ''],
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
    queryKey: ['provider', id ?? ''],
    queryFn: ({ signal }) =>
      api.get<ProviderProfile>(`/api/providers/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

/** Category (× province) landing pages that have approved listings, for links between them. */
export function useLandingPages() {
  return useQuery({
    queryKey: ['landing-pages'],
    queryFn: ({ signal }) => api.get<LandingPageList>('/api/landing-pages', { signal }),
    staleTime: 5 * 60_000,
  });
}
