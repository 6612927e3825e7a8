/**
 * The Account and Privacy tabs' API: change password, change email, notification settings, download my
 * data, delete my account.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountMessage, ChangeEmailRequest, ChangePasswordRequest } from '@domain/account.ts';
import type { NotificationSettings, NotificationSettingsUpdate } from '@domain/notifications.ts';
import { exportFileName, type DeleteAccountRequest } from '@domain/privacy.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, api, apiErrorFrom, parseJson } from '../../lib/api.ts';

export const NOTIFICATION_SETTINGS_KEY = ['notification-settings'] as const;

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<AccountMessage>('/api/me/password', body),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => api.post<AccountMessage>('/api/me/email', body),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<NotificationSettings>('/api/me/notification-settings', { signal }),
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsUpdate) =>
      api.put<NotificationSettings>('/api/me/notification-settings', body),
    onSuccess: (data) => queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, data),
  });
}

/** Downloads the signed-in user's data (GET /api/me/data-export) and saves it under the server's file name. */
export async function downloadMyData(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/me/data-export', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    throw apiErrorFrom(response.status, response.statusText, parseJson(await response.text()));
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named?.[1] ?? exportFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => api.post<AccountMessage>('/api/me/delete-account', body),
  });
}
