import { useQuery } from '@tanstack/react-query';
import type { LegalDocument, LegalDocumentKind } from '@domain/legal.ts';
import { legalQueryKey } from '@domain/query-keys.ts';
import { api } from '../../lib/api.ts';
import { CONTENT_STALE_MS } from './use-site-content.ts';

/** The privacy policy or the terms (server rendering fills the key on /privacy and /terms). */
export function useLegalDocument(kind: LegalDocumentKind) {
  return useQuery({
    queryKey: legalQueryKey(kind),
    queryFn: ({ signal }) => api.get<LegalDocument>(`/api/legal/${kind}`, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}
