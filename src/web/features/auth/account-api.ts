/** API calls of the signed-out account flows: forgot and reset password, verification links, resend. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountMessage, ForgotPasswordRequest, ResetPasswordRequest } from '@domain/account.ts';
import { api } from '../../lib/api.ts';
import type { Me } from '../../lib/me-types.ts';
import { ME_QUERY_KEY } from '../../lib/use-me.ts';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => api.post<AccountMessage>('/api/auth/forgot-password', body),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => api.post<AccountMessage>('/api/auth/reset-password', body),
    // Every session of the account has ended, this browser's too.
    onSuccess: () => queryClient.setQueryData(ME_QUERY_KEY, null),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<AccountMessage>('/api/auth/verify-email', { token }),
    // Awaited: the link's page says 'verified' (and offers the dashboard) only once the session knows it, so
    // the dashboard never opens on the session fetched before the link was used, reminder still showing.
    onSuccess: async () => {
      queryClient.setQueryData<Me | null>(ME_QUERY_KEY, (me) =>
        me ? { ...me, user: { ...me.user, emailVerified: true } } : me,
      );
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => api.post<AccountMessage>('/api/me/verification-email') });
}
