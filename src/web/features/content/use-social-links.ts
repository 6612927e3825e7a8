import { useQuery } from '@tanstack/react-query';
import type { SocialLinkList } from '@domain/public-content.ts';
import { SOCIAL_LINKS_QUERY_KEY } from '@domain/layout-query-keys.ts';
import { api } from '../../lib/api.ts';
import { CONTENT_STALE_MS } from './use-site-content.ts';

/** The key this hook reads (src/domain/layout-query-keys.ts): server rendering fills it. */
export { SOCIAL_LINKS_QUERY_KEY };

/** Active social links, in display order. */
export function useSocialLinks() {
  return useQuery({
    queryKey: SOCIAL_LINKS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<SocialLinkList>('/api/social-links', { signal }),
    select: (data) => data.items,
    staleTime: CONTENT_STALE_MS,
  });
}
