import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@domain/dashboard.ts';
import { api } from './api.ts';

export const DASHBOARD_STATS_QUERY_KEY = ['dashboard', 'stats'] as const;

export function useDashboardStats(enabled = true) {
  return useQuery({
    queryKey: DASHBOARD_STATS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<DashboardStats>('/api/dashboard/stats', { signal }),
    enabled,
  });
}
