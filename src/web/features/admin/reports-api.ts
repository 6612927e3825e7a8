/** The report queue's API hooks (/admin/reports): one page, and the three decisions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportActionResult, ReportPage, ReportQuery } from '@domain/reports.ts';
import { api, qs } from '../../lib/api.ts';
import { ADMIN_AUDIT_KEY, ADMIN_LISTINGS_KEY, ADMIN_OVERVIEW_KEY } from './api.ts';

export const ADMIN_REPORTS_KEY = ['admin', 'reports'] as const;

type Params = Record<string, string | number | undefined>;

export function useReportPage(state: ReportQuery) {
  return useQuery({
    queryKey: [...ADMIN_REPORTS_KEY, state],
    queryFn: ({ signal }) => api.get<ReportPage>(`/api/admin/reports${qs(state as Params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type ReportDecision =
  | { id: string; action: 'dismiss' }
  | { id: string; action: 'remove-review' }
  | { id: string; action: 'unpublish'; reason: string };

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReportDecision) =>
      api.post<ReportActionResult>(
        `/api/admin/reports/${decision.id}/${decision.action}`,
        decision.action === 'unpublish' ? { reason: decision.reason } : undefined,
      ),
    onSettled: () => {
      for (const key of [ADMIN_REPORTS_KEY, ADMIN_OVERVIEW_KEY, ADMIN_AUDIT_KEY, ADMIN_LISTINGS_KEY]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
