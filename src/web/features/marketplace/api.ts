/**
 * TanStack Query hooks for the public marketplace API (see src/server/features/marketplace/routes.ts). Their
 * keys are in src/domain/query-keys.ts: server rendering fills the same queries.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BrowseFilters } from '@domain/browse.ts';
import { LIMITS } from '@domain/constants.ts';
import type {
  BrowseResult,
  Category,
  Faq,
  HeroBanner,
  LandingPageList,
  ListingCard,
  ListingDetail,
  ProviderProfile,
  PublicPackage,
} from '@domain/listings.ts';
import { browseQueryKey, MARKETPLACE_KEYS } from '@domain/query-keys.ts';
import { api, qs } from '../../lib/api.ts';

const REFERENCE_STALE_MS = 5 * 60_000;
/** Banners and FAQs change from /admin/cms at any time (the server caches them 5 s): as fresh as that. */
const ADMIN_EDITED_STALE_MS = 5_000;

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

export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.listing(id ?? ''),
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
