/** Sending a report of a listing (anyone) or of a review (signed in). */
import { useMutation } from '@tanstack/react-query';
import type { Report } from '@domain/reports.ts';
import type { FormGuardFields } from '@domain/spam.ts';
import { api } from '../../lib/api.ts';

export type ReportTarget = { kind: 'listing'; id: string } | { kind: 'review'; id: string };

export function useSendReport(target: ReportTarget) {
  return useMutation({
    mutationFn: (body: Report & FormGuardFields) =>
      api.post<{ id: string }>(
        target.kind === 'listing'
          ? `/api/listings/${target.id}/reports`
          : `/api/reviews/${target.id}/reports`,
        body,
      ),
  });
}
