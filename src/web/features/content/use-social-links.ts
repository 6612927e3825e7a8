import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { CONTENT_STALE_MS } from './use-site-content.ts';

export interface SocialLink {
  id: string;
  platform: string;
  url: string;
  icon: string | null;
}

export const SOCIAL_LINKS_QUERY_KEY = ['social-links'] as const;

/** Active social links, in display order. */
export function useSocialLinks() {
  return useQuery({
    queryKey: SOCIAL_LINKS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<{ items: SocialLink[] }>('/api/social-links', { signal }),
    select: (data) => data.items,
    staleTime: CONTENT_STALE_MS,
  });
}
