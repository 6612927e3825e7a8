/** The provider's package as the server applies it (limits, listing count, active), and the dashboard counts. */
import { useQuery } from '@tanstack/react-query';
import type { PackageStatus } from '@domain/providers.ts';
import { api, ApiError } from '../../lib/api.ts';
import { useMe } from '../auth/use-me.ts';

/** Every provider-area query starts with this key, so one invalidation refreshes them all. */
export const PROVIDER_QUERY_ROOT = 'provider';
export const PACKAGE_STATUS_QUERY_KEY = [PROVIDER_QUERY_ROOT, 'package'] as const;

/**
 * GET /api/provider/package for providers and admins with a provider record (`enabled`); null when the
 * caller has no provider record yet.
 */
export function usePackageStatus(enabled = true) {
  return useQuery({
    queryKey: PACKAGE_STATUS_QUERY_KEY,
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

export interface ProviderStats {
  role: 'service_provider';
  listings: number;
  totalViews: number;
  enquiries: number;
  recentListings: { id: string; title: string; city: string; status: string; createdAt: string }[];
}

/** The dashboard counts (same query as the other roles' dashboards, so the cache is shared). */
export function useProviderStats() {
  return useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: ({ signal }) => api.get<ProviderStats>('/api/dashboard/stats', { signal }),
  });
}

/**
 * Whether the sidebar shows Analytics: the provider's package has analytics, or demo mode is on (the
 * server decides both; admins count as premium).
 */
export function useAnalyticsNav(role: string): boolean {
  const { data: me } = useMe();
  const { data } = usePackageStatus(role === 'service_provider' || role === 'admin');
  return me?.demoMode === true || data?.hasAnalytics === true;
}
