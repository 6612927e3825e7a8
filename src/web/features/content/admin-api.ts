/**
 * TanStack Query hooks for the content administration API (src/server/features/content/admin-routes.ts).
 * Each change refreshes the admin list it changed and the public queries that show it (site content, FAQs,
 * hero banners, social links), so the admin's own header, footer and pages are current at once.
 */
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AdminBanner,
  AdminContent,
  AdminFaq,
  AdminSocialLink,
  ContentSection,
  MoveDirection,
  SaveFaqsInput,
  SocialLinkInput,
} from '@domain/content.ts';
import type { AdminLegal, LegalContentInput } from '@domain/legal.ts';
import { api } from '../../lib/api.ts';
import { CONTENT_QUERY_KEY } from './use-site-content.ts';
import { SOCIAL_LINKS_QUERY_KEY } from './use-social-links.ts';

const ADMIN_CONTENT_KEY = ['admin', 'content'] as const;
const ADMIN_FAQS_KEY = ['admin', 'faqs'] as const;
const ADMIN_BANNERS_KEY = ['admin', 'hero-banners'] as const;
const ADMIN_SOCIAL_KEY = ['admin', 'social-links'] as const;
const ADMIN_LEGAL_KEY = ['admin', 'legal'] as const;
/** The public legal pages' queries (['legal', kind]). */
const PUBLIC_LEGAL_KEY = ['legal'] as const;
/** The public queries' keys (features/marketplace/api.ts for FAQs and banners). */
const PUBLIC_FAQS_KEY = ['faqs'] as const;
const PUBLIC_BANNERS_KEY = ['hero-banners'] as const;

type List<T> = { items: T[] };

/** After a change: the admin list takes the server's answer (when it is the list), public copies refetch. */
function useRefresh() {
  const client = useQueryClient();
  return (keys: QueryKey[]) => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

// Sections and logo --------------------------------------------------------------------------------------

export function useAdminContent() {
  return useQuery({
    queryKey: ADMIN_CONTENT_KEY,
    queryFn: ({ signal }) => api.get<AdminContent>('/api/admin/content', { signal }),
    staleTime: 0,
  });
}

export function useSaveSection(section: ContentSection) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (values: Record<string, string>) =>
      api.put<AdminContent>(`/api/admin/content/${section}`, values),
    onSuccess: async (content) => {
      client.setQueryData(ADMIN_CONTENT_KEY, content);
      await refresh([CONTENT_QUERY_KEY]);
    },
  });
}

export function useSetLogo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (imageUrl: string) => api.put<{ logo: string }>('/api/admin/site-logo', { imageUrl }),
    onSuccess: () => refresh([ADMIN_CONTENT_KEY, CONTENT_QUERY_KEY]),
  });
}

export function useRemoveLogo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.delete<{ ok: true }>('/api/admin/site-logo'),
    onSuccess: () => refresh([ADMIN_CONTENT_KEY, CONTENT_QUERY_KEY]),
  });
}

// Legal pages --------------------------------------------------------------------------------------------

export function useAdminLegal() {
  return useQuery({
    queryKey: ADMIN_LEGAL_KEY,
    queryFn: ({ signal }) => api.get<AdminLegal>('/api/admin/legal', { signal }),
    staleTime: 0,
  });
}

export function useSaveLegal() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (values: LegalContentInput) => api.put<AdminLegal>('/api/admin/legal', values),
    onSuccess: async (legal) => {
      client.setQueryData(ADMIN_LEGAL_KEY, legal);
      await refresh([PUBLIC_LEGAL_KEY]);
    },
  });
}

// Ordered lists ------------------------------------------------------------------------------------------

/** The list query and its mutations for one ordered admin list (FAQs, banners, social links). */
function listHooks<T extends { id: string }>(path: string, adminKey: QueryKey, publicKey: QueryKey) {
  const useList = () =>
    useQuery({
      queryKey: adminKey,
      queryFn: ({ signal }) => api.get<List<T>>(path, { signal }),
      select: (data) => data.items,
      staleTime: 0,
    });
  /** Mutations that answer with the whole list put it in the cache; the public copy refetches. */
  const useListMutation = <V, R extends List<T> = List<T>>(fn: (vars: V) => Promise<R>) => {
    const client = useQueryClient();
    const refresh = useRefresh();
    return useMutation({
      mutationFn: fn,
      onSuccess: async (list) => {
        client.setQueryData(adminKey, list);
        await refresh([publicKey]);
      },
    });
  };
  /** Mutations that answer with one row: the admin list and the public copy refetch. */
  const useRowMutation = <V>(fn: (vars: V) => Promise<T>) => {
    const refresh = useRefresh();
    return useMutation({ mutationFn: fn, onSuccess: () => refresh([adminKey, publicKey]) });
  };
  return {
    useList,
    useMove: () =>
      useListMutation(({ id, direction }: { id: string; direction: MoveDirection }) =>
        api.post<List<T>>(`${path}/${id}/move`, { direction }),
      ),
    useDelete: () => useListMutation((id: string) => api.delete<List<T>>(`${path}/${id}`)),
    useRowMutation,
    useListMutation,
  };
}

const faqHooks = listHooks<AdminFaq>('/api/admin/faqs', ADMIN_FAQS_KEY, PUBLIC_FAQS_KEY);
export const useAdminFaqs = faqHooks.useList;
export const useMoveFaq = faqHooks.useMove;
export const useDeleteFaq = faqHooks.useDelete;
export const useSaveFaqs = () =>
  faqHooks.useListMutation((input: SaveFaqsInput) =>
    api.put<List<AdminFaq> & { saved: number; skipped: number }>('/api/admin/faqs', input),
  );

const bannerHooks = listHooks<AdminBanner>('/api/admin/hero-banners', ADMIN_BANNERS_KEY, PUBLIC_BANNERS_KEY);
export const useAdminBanners = bannerHooks.useList;
export const useMoveBanner = bannerHooks.useMove;
export const useDeleteBanner = bannerHooks.useDelete;
export const useCreateBanner = () =>
  bannerHooks.useRowMutation((input: { imageUrl: string; altText?: string }) =>
    api.post<AdminBanner>('/api/admin/hero-banners', input),
  );
export const useUpdateBanner = () =>
  bannerHooks.useRowMutation(({ id, ...patch }: { id: string; isActive?: boolean; altText?: string }) =>
    api.patch<AdminBanner>(`/api/admin/hero-banners/${id}`, patch),
  );

const socialHooks = listHooks<AdminSocialLink>(
  '/api/admin/social-links',
  ADMIN_SOCIAL_KEY,
  SOCIAL_LINKS_QUERY_KEY,
);
export const useAdminSocialLinks = socialHooks.useList;
export const useMoveSocialLink = socialHooks.useMove;
export const useDeleteSocialLink = socialHooks.useDelete;
export const useCreateSocialLink = () =>
  socialHooks.useRowMutation((input: SocialLinkInput) =>
    api.post<AdminSocialLink>('/api/admin/social-links', input),
  );
export const useUpdateSocialLink = () =>
  socialHooks.useRowMutation(({ id, ...patch }: Partial<SocialLinkInput> & { id: string }) =>
    api.patch<AdminSocialLink>(`/api/admin/social-links/${id}`, patch),
  );
