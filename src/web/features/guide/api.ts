/** The Matric Guide's API hooks: the reader's access and articles, and the admin's screens. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccessRequestView,
  AccessState,
  AccessStatus,
  AdminAccessRequest,
  AdminArticle,
  AdminCategory,
  ArticleForm,
  GuideArticle,
  GuideList,
  MatricUsers,
} from '@domain/guide.ts';
import { api, qs } from '../../lib/api.ts';

export const GUIDE_KEY = ['guide'] as const;
const ACCESS_KEY = [...GUIDE_KEY, 'access'] as const;
const ADMIN_KEY = [...GUIDE_KEY, 'admin'] as const;

// ---- reader

export function useAccessState(enabled = true) {
  return useQuery({
    queryKey: ACCESS_KEY,
    queryFn: ({ signal }) => api.get<AccessState>('/api/guide/access', { signal }),
    enabled,
  });
}

export function useSubmitPaymentProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentReference: string) =>
      api.post<AccessRequestView>('/api/guide/access/payment-proof', { paymentReference }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCESS_KEY }),
  });
}

export function useRequestAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AccessRequestView>('/api/guide/access/request'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCESS_KEY }),
  });
}

export function useGuideList(enabled: boolean) {
  return useQuery({
    queryKey: [...GUIDE_KEY, 'list'],
    queryFn: ({ signal }) => api.get<GuideList>('/api/guide/articles', { signal }),
    enabled,
    retry: false,
  });
}

export function useGuideArticle(slug: string) {
  return useQuery({
    queryKey: [...GUIDE_KEY, 'article', slug],
    queryFn: ({ signal }) =>
      api.get<GuideArticle>(`/api/guide/articles/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

// ---- admin: articles and categories

export function useAdminArticles() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'articles'],
    queryFn: ({ signal }) => api.get<{ items: AdminArticle[] }>('/api/admin/guide/articles', { signal }),
  });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ArticleForm }) =>
      id
        ? api.put<AdminArticle>(`/api/admin/guide/articles/${id}`, body)
        : api.post<AdminArticle>('/api/admin/guide/articles', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GUIDE_KEY }),
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/admin/guide/articles/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GUIDE_KEY }),
  });
}

/** The sanitised HTML readers would get for this content. */
export function useArticlePreview(content: string) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'preview', content],
    queryFn: ({ signal }) => api.post<{ html: string }>('/api/admin/guide/preview', { content }, { signal }),
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
}

export function useAdminCategories() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'categories'],
    queryFn: ({ signal }) => api.get<{ items: AdminCategory[] }>('/api/admin/guide/categories', { signal }),
  });
}

export function useCategoryActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: GUIDE_KEY });
  return {
    create: useMutation({
      mutationFn: (name: string) => api.post<AdminCategory>('/api/admin/guide/categories', { name }),
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api.patch<AdminCategory>(`/api/admin/guide/categories/${id}`, { name }),
      onSuccess,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) =>
        api.put<{ items: AdminCategory[] }>('/api/admin/guide/categories/order', { ids }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<null>(`/api/admin/guide/categories/${id}`),
      onSuccess,
    }),
  };
}

// ---- admin: requests and users

export function useAccessRequests(status: AccessStatus | undefined) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'requests', status ?? null],
    queryFn: ({ signal }) =>
      api.get<{ items: AdminAccessRequest[] }>(`/api/admin/guide/requests${qs({ status })}`, { signal }),
  });
}

export function useReviewRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: 'approve' | 'reject';
      reason?: string;
    }) =>
      decision === 'approve'
        ? api.post<AccessRequestView>(`/api/admin/guide/requests/${id}/approve`)
        : api.post<AccessRequestView>(`/api/admin/guide/requests/${id}/reject`, { reason: reason ?? null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export function useMatricUsers() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'users'],
    queryFn: ({ signal }) => api.get<MatricUsers>('/api/admin/guide/users', { signal }),
  });
}

export function useRevokeAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<null>(`/api/admin/guide/users/${encodeURIComponent(userId)}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
