import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ListingDetail as ListingDetailData } from '@domain/listings.ts';
import { MARKETPLACE_KEYS } from '@domain/query-keys.ts';
import { recordListingView } from './api.ts';

/** Adds one view per page view of an approved listing (StrictMode's double effects count once). */
export function useRecordView(listing: ListingDetailData | undefined) {
  const queryClient = useQueryClient();
  const counted = useRef<string | null>(null);
  const id = listing?.id;
  const approved = listing?.status === 'approved';
  useEffect(() => {
    if (!id || !approved || counted.current === id) return;
    counted.current = id;
    recordListingView(id)
      .then(() => {
        queryClient.setQueryData<ListingDetailData>(MARKETPLACE_KEYS.listing(id), (old) =>
          old ? { ...old, views: old.views + 1 } : old,
        );
      })
      .catch(() => {
        // A view that was not counted is not worth bothering the visitor about.
      });
  }, [id, approved, queryClient]);
}
