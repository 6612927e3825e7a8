import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';
import type { Me } from './types.ts';

export const ME_QUERY_KEY = ['me'] as const;

/** The signed-in session, or null when signed out (401 is an answer, not an error). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The current session. `data` is undefined while loading, null when signed out.
 * Use `isLoading` (or `data === undefined`) before deciding that nobody is signed in.
 */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
  });
}

/** A display name for the session: profile full name, account name, then the email. */
export function displayName(me: Me): string {
  return me.profile?.fullName?.trim() || me.user.name?.trim() || me.user.email;
}
