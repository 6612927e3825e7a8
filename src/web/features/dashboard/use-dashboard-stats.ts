import { useQuery } from '@tanstack/react-query';
import type { ListingStatus } from '@domain/constants.ts';
import { api } from '../../lib/api.ts';

export interface RecentListing {
  id: string;
  title: string;
  city: string;
  status: ListingStatus | string;
  createdAt: string;
}

export type DashboardStats =
  | { role: 'user'; favorites: number; enquiries: number }
  | {
      role: 'service_provider';
      listings: number;
      totalViews: number;
      enquiries: number;
      recentListings: RecentListing[];
    }
  | { role: 'admin'; users: number; listings: number; enquiries: number };

export const DASHBOARD_STATS_QUERY_KEY = ['dashboard', 'stats'] as const;

export function useDashboardStats(enabled = true) {
  return useQuery({
    queryKey: DASHBOARD_STATS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<DashboardStats>('/api/dashboard/stats', { signal }),
    enabled,
  });
}
