import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api.ts';
import type { Me } from './me-types.ts';

export const ME_QUERY_KEY = ['me'] as const;

/** The signed-in session, or null when signed out (the API answers { user: null }). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const me = await api.get<Me | { user: null }>('/api/me', { signal });
    return me.user === null ? null : (me as Me);
  } catch (error) {
    // An expired session cookie may still be answered with 401 by routes that require one.
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
