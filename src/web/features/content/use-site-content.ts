import { useQuery } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@domain/constants.ts';
import type { SiteContent } from '@domain/public-content.ts';
import { CONTENT_QUERY_KEY } from '@domain/layout-query-keys.ts';
import { api } from '../../lib/api.ts';

/** The key this hook reads (src/domain/layout-query-keys.ts): server rendering fills it. */
export { CONTENT_QUERY_KEY };

/** How long site content, FAQs, banners and social links are reused before a mount refetches them. */
export const CONTENT_STALE_MS = 5_000;

export function useSiteContent() {
  return useQuery({
    queryKey: CONTENT_QUERY_KEY,
    queryFn: ({ signal }) => api.get<SiteContent>('/api/content', { signal }),
    // Admins change it at any time (the server answers no-cache): a few seconds at most.
    staleTime: CONTENT_STALE_MS,
  });
}

/** One content value, or the fallback when the page, the key or the value is missing or blank. */
export function contentValue(
  content: SiteContent | undefined,
  pageKey: string,
  sectionKey: string,
  fallback: string,
): string {
  const value = content?.[pageKey]?.[sectionKey];
  return value && value.trim() ? value : fallback;
}

/** The brand text: footer.brand_name, else "Matric Moments". */
export function brandName(content: SiteContent | undefined): string {
  return contentValue(content, 'footer', 'brand_name', PRODUCT_NAME);
}
