/**
 * The signed-in user's favourites. Every heart on the page reads ONE query of favourite ids; toggling updates
 * it optimistically and rolls back when the server refuses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { FAVORITE_MESSAGES } from '@domain/constants.ts';
import type { FavoriteIds, FavoriteList } from '@domain/engagement.ts';
import { api } from '../../lib/api.ts';
import { useMe } from '../../lib/use-me.ts';
import { DASHBOARD_STATS_QUERY_KEY } from '../../lib/use-dashboard-stats.ts';

export const FAVORITES_QUERY_KEY = ['favorites'] as const;
export const FAVORITE_IDS_QUERY_KEY = ['favorites', 'ids'] as const;
export const FAVORITES_LIST_QUERY_KEY = ['favorites', 'list'] as const;

const toSet = (ids: string[]) => new Set(ids);

/** The ids of the listings the user saved, as a Set; disabled (undefined) when signed out. */
export function useFavoriteIds() {
  const { data: me } = useMe();
  return useQuery({
    queryKey: FAVORITE_IDS_QUERY_KEY,
    queryFn: async ({ signal }) => (await api.get<FavoriteIds>('/api/favorites/ids', { signal })).ids,
    enabled: Boolean(me),
    staleTime: 60_000,
    select: toSet,
  });
}

/** The favourites page: newest first, each with its listing card (null when the listing was deleted). */
export function useFavoritesList() {
  return useQuery({
    queryKey: FAVORITES_LIST_QUERY_KEY,
    queryFn: async ({ signal }) => (await api.get<FavoriteList>('/api/favorites', { signal })).items,
  });
}

/** Adds or removes one listing (the heart), optimistic on the ids query. */
export function useToggleFavorite(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (add: boolean) => {
      if (add) await api.post('/api/favorites', { listingId });
      else await api.delete(`/api/favorites/listing/${listingId}`);
      return add;
    },
    onMutate: async (add: boolean) => {
      await queryClient.cancelQueries({ queryKey: FAVORITE_IDS_QUERY_KEY });
      const previous = queryClient.getQueryData<string[]>(FAVORITE_IDS_QUERY_KEY);
      queryClient.setQueryData<string[]>(FAVORITE_IDS_QUERY_KEY, (ids = []) =>
        add ? [listingId, ...ids.filter((id) => id !== listingId)] : ids.filter((id) => id !== listingId),
      );
      return { previous };
    },
    onError: (_error, _add, context) => {
      queryClient.setQueryData(FAVORITE_IDS_QUERY_KEY, context?.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_QUERY_KEY });
    },
  });
}

/** Removes one favourite by id (the favourites page), optimistic on the list. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favoriteId: string) => api.delete<void>(`/api/favorites/${favoriteId}`),
    onMutate: async (favoriteId: string) => {
      await queryClient.cancelQueries({ queryKey: FAVORITES_LIST_QUERY_KEY });
      const previous = queryClient.getQueryData<FavoriteList['items']>(FAVORITES_LIST_QUERY_KEY);
      queryClient.setQueryData<FavoriteList['items']>(FAVORITES_LIST_QUERY_KEY, (items) =>
        items?.filter((f) => f.id !== favoriteId),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      queryClient.setQueryData(FAVORITES_LIST_QUERY_KEY, context?.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_QUERY_KEY });
    },
  });
}

/**
 * Undo of a removal (the toast's Undo): saves the listing again, whether the heart or the favourites page
 * removed it. A plain function of the query client, so it works after the card that removed it unmounted.
 */
export function useRestoreFavorite() {
  const queryClient = useQueryClient();
  return (listingId: string) => {
    api
      .post('/api/favorites', { listingId })
      .then(
        () => toast.success(FAVORITE_MESSAGES.added),
        () => toast.error(FAVORITE_MESSAGES.updateFailed),
      )
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_QUERY_KEY });
      });
  };
}
