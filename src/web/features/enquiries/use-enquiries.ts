/**
 * Enquiries: send one (anyone), list them by role, move their status on (provider or admin), and their
 * conversations (read, mark read, reply).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  CreateEnquiryRequest,
  EnquiryList,
  EnquiryMessageView,
  EnquiryReply,
  EnquiryStatusUpdate,
  EnquiryView,
} from '@domain/engagement.ts';
import type { EnquiryStatus } from '@domain/constants.ts';
import { api, qs } from '../../lib/api.ts';
import { DASHBOARD_STATS_QUERY_KEY } from '../../lib/use-dashboard-stats.ts';

export const ENQUIRIES_QUERY_KEY = ['enquiries'] as const;
const conversationKey = (enquiryId: string) => ['enquiry-conversation', enquiryId] as const;

export function useSendEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEnquiryRequest) => api.post<{ id: string }>('/api/enquiries', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ENQUIRIES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_QUERY_KEY });
    },
  });
}

export function useEnquiries(status: EnquiryStatus | undefined) {
  return useQuery({
    queryKey: [...ENQUIRIES_QUERY_KEY, { status: status ?? null }],
    queryFn: ({ signal }) => api.get<EnquiryList>(`/api/enquiries${qs({ status })}`, { signal }),
  });
}

export function useSetEnquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & EnquiryStatusUpdate) =>
      api.patch<EnquiryView>(`/api/enquiries/${id}`, { status }),
    onSuccess: (updated) => {
      // Show the new status at once in every cached list. The lists are only marked stale, not refetched
      // now: an enquiry the user is reading stays on screen even if the current filter no longer matches.
      queryClient.setQueriesData<EnquiryList>({ queryKey: ENQUIRIES_QUERY_KEY }, (list) =>
        list ? { ...list, items: list.items.map((e) => (e.id === updated.id ? updated : e)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: ENQUIRIES_QUERY_KEY, refetchType: 'none' });
    },
  });
}

/** The replies under one enquiry, oldest first (loaded when its card is opened). */
export function useConversation(enquiryId: string, enabled: boolean) {
  return useQuery({
    queryKey: conversationKey(enquiryId),
    queryFn: ({ signal }) => api.get<Conversation>(`/api/enquiries/${enquiryId}/messages`, { signal }),
    enabled,
  });
}

/** Clears the unread mark: every message so far is read. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enquiryId: string) => api.post<null>(`/api/enquiries/${enquiryId}/read`, {}),
    onSuccess: (_, enquiryId) => {
      queryClient.setQueriesData<EnquiryList>({ queryKey: ENQUIRIES_QUERY_KEY }, (list) =>
        list
          ? { ...list, items: list.items.map((e) => (e.id === enquiryId ? { ...e, unread: false } : e)) }
          : list,
      );
    },
  });
}

/** Adds a reply; the conversation and the lists (status, count) are loaded again. */
export function useSendReply(enquiryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnquiryReply) =>
      api.post<EnquiryMessageView>(`/api/enquiries/${enquiryId}/messages`, body),
    onSuccess: (message) => {
      queryClient.setQueryData<Conversation>(conversationKey(enquiryId), (c) =>
        c ? { items: [...c.items, message] } : c,
      );
      void queryClient.invalidateQueries({ queryKey: ENQUIRIES_QUERY_KEY });
    },
  });
}
