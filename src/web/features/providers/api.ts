/** API hooks of the provider screens: own listings, becoming a provider, settings, analytics. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, PublicPackage } from '@domain/listings.ts';
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
import { api, ApiError } from '../../lib/api.ts';

/** The same root as the package status query (features/provider-dashboard), so one invalidation covers both. */
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
      client.invalidateQueries({ queryKey: ['dashboard'] }),
      client.invalidateQueries({ queryKey: ['me'] }),
    ]);
  };
}

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => api.get<{ items: Category[] }>('/api/categories', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePackage(enabled = true) {
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
    enabled,
    staleTime: 30_000,
  });
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

export function useBusinessSettings(enabled: boolean) {
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
    enabled,
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
      await client.invalidateQueries({ queryKey: ['me'] });
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

export function usePublicPackages() {
  return useQuery({
    queryKey: ['packages', 'public'],
    queryFn: ({ signal }) => api.get<{ items: PublicPackage[] }>('/api/packages', { signal }),
    staleTime: 60_000,
  });
}
