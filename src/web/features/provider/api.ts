/**
 * API hooks of one provider's screens: the package as the server applies it, own listings, becoming a
 * provider, settings and analytics. The public catalogue (categories, packages) is the marketplace's.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Analytics,
  BecomeProvider,
  BusinessSettings,
  BusinessView,
  ListingForm,
  OwnListing,
  OwnListingCard,
  PackageStatus,
  ProfileSettings,
  ProfileView,
} from '@domain/providers.ts';
import type { PackageRequest } from '@domain/package-requests.ts';
import { api, ApiError } from '../../lib/api.ts';
import { DASHBOARD_STATS_QUERY_KEY } from '../../lib/use-dashboard-stats.ts';
import type { Me } from '../../lib/me-types.ts';
import { ME_QUERY_KEY, useMe } from '../../lib/use-me.ts';

/** Every provider-area query starts with this key, so one invalidation refreshes them all. */
const ROOT = 'provider';
const keys = {
  listings: [ROOT, 'listings'] as const,
  listing: (id: string) => [ROOT, 'listing', id] as const,
  business: [ROOT, 'business'] as const,
  analytics: [ROOT, 'analytics'] as const,
  package: [ROOT, 'package'] as const,
  profile: ['profile'] as const,
};

/** After a change: the provider queries, the dashboard counts and the session (role, provider). */
function useInvalidate() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: [ROOT] }),
      client.invalidateQueries({ queryKey: DASHBOARD_STATS_QUERY_KEY }),
      client.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    ]);
  };
}

/**
 * GET /api/provider/package when `enabled` and the session has a provider record: an admin without one
 * (every admin page shows the sidebar, which asks) must not call it and collect a 403 in the console
 * (decision 0047). Null when the server has no provider record after all.
 */
export function usePackageStatus(enabled = true) {
  const { data: me } = useMe();
  return useQuery({
    queryKey: keys.package,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<PackageStatus>('/api/provider/package', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
    enabled: enabled && hasProviderRecord(me),
    staleTime: 30_000,
  });
}

/** Whether the session has a provider record, the condition of every /api/provider/* read. */
function hasProviderRecord(me: Me | null | undefined): boolean {
  return me?.provider != null;
}

/**
 * Whether the sidebar shows Analytics: the provider's package has analytics, or demo mode is on (the
 * server decides both; admins with a provider record count as premium).
 */
export function useAnalyticsNav(role: string): boolean {
  const { data: me } = useMe();
  const { data } = usePackageStatus(role === 'service_provider' || role === 'admin');
  return me?.demoMode === true || data?.hasAnalytics === true;
}

export function useOwnListings(enabled = true) {
  return useQuery({
    queryKey: keys.listings,
    queryFn: ({ signal }) => api.get<{ items: OwnListingCard[] }>('/api/provider/listings', { signal }),
    enabled,
  });
}

export function useOwnListing(id: string | undefined) {
  return useQuery({
    queryKey: keys.listing(id ?? ''),
    queryFn: ({ signal }) => api.get<OwnListing>(`/api/provider/listings/${id}`, { signal }),
    enabled: Boolean(id),
    retry: false,
    staleTime: Infinity,
  });
}

/** The listing form as sent: the schema's input (strings from the inputs); the server parses it the same way. */
type ListingBody = Omit<ListingForm, 'priceFrom' | 'priceTo' | 'latitude' | 'longitude'> & {
  priceFrom: number | string | null;
  priceTo: number | string | null;
  latitude: number | string | null;
  longitude: number | string | null;
};

export function useSaveListing(id: string | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ListingBody) =>
      id
        ? api.put<null>(`/api/provider/listings/${id}`, body)
        : api.post<{ id: string }>('/api/provider/listings', body),
    onSuccess: invalidate,
  });
}

/** POST /api/provider/package-request: records the package chosen at /checkout (decision 0039). */
export function useRequestPackage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (packageType: string) =>
      api.post<PackageRequest>('/api/provider/package-request', { packageType }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/provider/package-request: the provider withdraws their open request (decision 0039). */
export function useCancelPackageRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.delete<null>('/api/provider/package-request'),
    onSuccess: invalidate,
  });
}

export function useDeleteListing() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/provider/listings/${id}`),
    onSuccess: invalidate,
  });
}

export function useBecomeProvider() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BecomeProvider) => api.post<{ id: string }>('/api/providers', body),
    onSuccess: invalidate,
  });
}

/** The Business tab's settings; not asked without a provider record (the tab offers one instead). */
export function useBusinessSettings(enabled: boolean) {
  const { data: me } = useMe();
  return useQuery({
    queryKey: keys.business,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<BusinessView>('/api/provider/settings', { signal });
      } catch (error) {
        // Spec: a not-found answer (no provider record yet) is not an error here.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && hasProviderRecord(me),
  });
}

export function useSaveBusiness() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BusinessSettings) => api.put<BusinessView>('/api/provider/settings', body),
    onSuccess: invalidate,
  });
}

export function useProfile() {
  return useQuery({
    queryKey: keys.profile,
    queryFn: ({ signal }) => api.get<ProfileView>('/api/profile', { signal }),
  });
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileSettings) => api.put<ProfileView>('/api/profile', body),
    onSuccess: async (data) => {
      client.setQueryData(keys.profile, data);
      await client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: keys.analytics,
    queryFn: ({ signal }) => api.get<Analytics>('/api/provider/analytics', { signal }),
    enabled,
  });
}
