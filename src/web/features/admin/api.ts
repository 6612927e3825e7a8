/** The admin API hooks (issue 11): moderation, users, packages, demo mode, audit log, dashboard overview. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPackage,
  AuditFacets,
  AuditPage,
  AuditQuery,
  ChangeRoleBody,
  ModerateBody,
  ModerateChangesBody,
  ModerationDetail,
  ModerationPage,
  ModerationQuery,
  PackageInput,
  UsersPage,
  UsersQuery,
} from '@domain/admin.ts';
import type { OutboxPage, OutboxQuery } from '@domain/notifications.ts';
import { api, qs } from '../../lib/api.ts';
import { ME_QUERY_KEY } from '../../lib/use-me.ts';
import { DASHBOARD_STATS_QUERY_KEY } from '../../lib/use-dashboard-stats.ts';

type Params = Record<string, string | number | boolean | null | undefined>;

export const ADMIN_LISTINGS_KEY = ['admin', 'listings'] as const;
export const ADMIN_USERS_KEY = ['admin', 'users'] as const;
export const ADMIN_PACKAGES_KEY = ['admin', 'packages'] as const;
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;
export const ADMIN_OVERVIEW_KEY = ['admin', 'overview'] as const;
export const ADMIN_OUTBOX_KEY = ['admin', 'outbox'] as const;

// ---- moderation

export function useModerationPage(state: ModerationQuery) {
  return useQuery({
    queryKey: [...ADMIN_LISTINGS_KEY, 'page', state],
    queryFn: ({ signal }) => api.get<ModerationPage>(`/api/admin/listings${qs(state as Params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModerationDetail(id: string | null) {
  return useQuery({
    queryKey: [...ADMIN_LISTINGS_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<ModerationDetail>(`/api/admin/listings/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerateBody) =>
      api.post<{ updated: number; status: 'approved' | 'rejected' }>('/api/admin/listings/moderation', body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_LISTINGS_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_OVERVIEW_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}

/** Approve or reject the changes awaiting approval of one listing (the revision the admin looked at). */
export function useModerateChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ModerateChangesBody & { id: string }) =>
      api.post<{ status: 'approved' | 'rejected' }>(`/api/admin/listings/${id}/changes`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_LISTINGS_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}

/** The admin's counts (pending listings, open reports); `enabled: false` for other roles (the sidebar). */
export function useAdminOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ADMIN_OVERVIEW_KEY,
    enabled,
    queryFn: ({ signal }) =>
      api.get<{ pendingListings: number; openReports: number }>('/api/admin/overview', { signal }),
  });
}

// ---- users

export function useAdminUsers(state: UsersQuery) {
  return useQuery({
    queryKey: [...ADMIN_USERS_KEY, state],
    queryFn: ({ signal }) => api.get<UsersPage>(`/api/admin/users${qs(state as Params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useUserMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_PACKAGES_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_QUERY_KEY });
    },
  });
}

export const useChangePackage = () =>
  useUserMutation(({ userId, packageType }: { userId: string; packageType: string }) =>
    api.put<{ created: boolean }>(`/api/admin/users/${encodeURIComponent(userId)}/package`, { packageType }),
  );

export const useExtendPackage = () =>
  useUserMutation(({ userId, months }: { userId: string; months: 1 | 3 }) =>
    api.post<{ packageExpiresAt: string }>(`/api/admin/users/${encodeURIComponent(userId)}/package/extend`, {
      months,
    }),
  );

export const useChangeRole = () =>
  useUserMutation(({ userId, ...body }: { userId: string } & ChangeRoleBody) =>
    api.put(`/api/admin/users/${encodeURIComponent(userId)}/role`, body),
  );

export const useDeleteUser = () =>
  useUserMutation(({ userId }: { userId: string }) =>
    api.delete(`/api/admin/users/${encodeURIComponent(userId)}`),
  );

// ---- packages and demo mode

export function useAdminPackages() {
  return useQuery({
    queryKey: ADMIN_PACKAGES_KEY,
    queryFn: ({ signal }) => api.get<AdminPackage[]>('/api/admin/packages', { signal }),
  });
}

function usePackageMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_PACKAGES_KEY });
      void queryClient.invalidateQueries({ queryKey: ['packages'] });
      void queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}

export const useSavePackage = () =>
  usePackageMutation(({ id, body }: { id: string | null; body: PackageInput }) => {
    if (id) {
      const { packageType: _type, ...rest } = body;
      return api.put<AdminPackage>(`/api/admin/packages/${id}`, rest);
    }
    return api.post<AdminPackage>('/api/admin/packages', body);
  });

export const useDeletePackage = () =>
  usePackageMutation((id: string) => api.delete(`/api/admin/packages/${id}`));

export function useSetDemoMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (demoMode: boolean) =>
      api.put<{ demoMode: boolean }>('/api/admin/settings/demo-mode', { demoMode }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}

// ---- audit log

export function useAuditPage(state: AuditQuery) {
  return useQuery({
    queryKey: [...ADMIN_AUDIT_KEY, 'page', state],
    queryFn: ({ signal }) => api.get<AuditPage>(`/api/admin/audit${qs(state as Params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFacets() {
  return useQuery({
    queryKey: [...ADMIN_AUDIT_KEY, 'facets'],
    queryFn: ({ signal }) => api.get<AuditFacets>('/api/admin/audit/facets', { signal }),
  });
}

// ---- failed mail

export function useOutboxPage(state: OutboxQuery) {
  return useQuery({
    queryKey: [...ADMIN_OUTBOX_KEY, 'page', state],
    queryFn: ({ signal }) => api.get<OutboxPage>(`/api/admin/outbox${qs(state as Params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ id: string; status: string }>(`/api/admin/outbox/${id}/retry`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_OUTBOX_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
