import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SignInRequest, SignUpBody } from '@domain/auth.ts';
import { api } from '../../lib/api.ts';
import { ME_QUERY_KEY } from '../../lib/use-me.ts';
import type { SignInResponse, SignUpResponse } from '../../lib/me-types.ts';

export function signIn(body: SignInRequest): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/sign-in', body);
}

export function signUp(body: SignUpBody): Promise<SignUpResponse> {
  return api.post<SignUpResponse>('/api/auth/sign-up', body);
}

export function signOut(): Promise<void> {
  return api.post<void>('/api/auth/sign-out');
}

/** Every cached query except the session itself and public site content belongs to the previous session. */
function isSessionBound(queryKey: readonly unknown[]): boolean {
  const head = queryKey[0];
  return head !== 'me' && head !== 'content' && head !== 'social-links';
}

/** Forget the local session: me becomes null and session-bound queries are dropped or refetched. */
export function clearLocalSession(queryClient: QueryClient): void {
  queryClient.setQueryData(ME_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (q) => isSessionBound(q.queryKey) && q.getObserversCount() === 0 });
  void queryClient.invalidateQueries({ predicate: (q) => isSessionBound(q.queryKey) });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (data) => {
      queryClient.setQueryData(ME_QUERY_KEY, data.me);
      void queryClient.invalidateQueries({ predicate: (q) => isSessionBound(q.queryKey) });
    },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (data) => {
      queryClient.setQueryData(ME_QUERY_KEY, data.me);
      void queryClient.invalidateQueries({ predicate: (q) => isSessionBound(q.queryKey) });
    },
  });
}

/**
 * The bare sign-out call. It does not touch the cache: use useSignOutFlow (toast, go to /, then clear the
 * local session after leaving the signed-in screen, so guarded layouts do not bounce to /auth on the way out).
 */
export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
