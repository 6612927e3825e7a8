/** Reviews of one listing: read, write or edit the caller's own, delete. Every change refreshes the listing. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingReviews, ReviewChange, ReviewInput, ReviewView } from '@domain/engagement.ts';
import { MARKETPLACE_KEYS } from '@domain/query-keys.ts';
import { api } from '../../lib/api.ts';

export function useListingReviews(listingId: string) {
  return useQuery({
    queryKey: MARKETPLACE_KEYS.reviews(listingId),
    queryFn: ({ signal }) => api.get<ListingReviews>(`/api/listings/${listingId}/reviews`, { signal }),
  });
}

function useRefreshAfterChange(listingId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: MARKETPLACE_KEYS.reviews(listingId) });
    // The detail page's query: its rating and review count follow the change.
    void queryClient.invalidateQueries({ queryKey: ['listing', listingId] });
  };
}

/** Writes the caller's review, or edits it when `reviewId` is given. */
export function useSaveReview(listingId: string) {
  const refresh = useRefreshAfterChange(listingId);
  return useMutation({
    mutationFn: ({ reviewId, ...body }: ReviewInput & { reviewId: string | null }) =>
      reviewId
        ? api.patch<ReviewChange>(`/api/reviews/${reviewId}`, body)
        : api.post<ReviewChange>(`/api/listings/${listingId}/reviews`, body),
    onSettled: refresh,
  });
}

export function useDeleteReview(listingId: string) {
  const refresh = useRefreshAfterChange(listingId);
  return useMutation({
    mutationFn: (reviewId: string) => api.delete<unknown>(`/api/reviews/${reviewId}`),
    onSettled: refresh,
  });
}

/** Publishes or edits the provider's response under a review (the listing's provider or an admin). */
export function useSaveReviewResponse(listingId: string) {
  const refresh = useRefreshAfterChange(listingId);
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: string }) =>
      api.put<ReviewView>(`/api/reviews/${reviewId}/response`, { body }),
    onSettled: refresh,
  });
}

export function useDeleteReviewResponse(listingId: string) {
  const refresh = useRefreshAfterChange(listingId);
  return useMutation({
    mutationFn: (reviewId: string) => api.delete<ReviewView>(`/api/reviews/${reviewId}/response`),
    onSettled: refresh,
  });
}
