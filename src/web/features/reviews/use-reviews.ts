/** Reviews of one listing: read, write or edit the caller's own, delete. Every change refreshes the listing. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingReviews, ReviewChange, ReviewInput } from '@domain/engagement.ts';
import { api } from '../../lib/api.ts';

export const reviewsQueryKey = (listingId: string) => ['reviews', listingId] as const;

export function useListingReviews(listingId: string) {
  return useQuery({
    queryKey: reviewsQueryKey(listingId),
    queryFn: ({ signal }) => api.get<ListingReviews>(`/api/listings/${listingId}/reviews`, { signal }),
  });
}

function useRefreshAfterChange(listingId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reviewsQueryKey(listingId) });
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
