/**
 * The keys of the queries of the header and footer, which every server-rendered page carries into the
 * browser (src/domain/page-loads.ts fills them; src/web/features/content/ reads them). The other pages'
 * keys are in src/domain/query-keys.ts; these two are apart because the layout is part of every page's
 * first script and the catalogue's keys need not be.
 */

/** GET /api/content. */
export const CONTENT_QUERY_KEY = ['content'] as const;

/** GET /api/social-links. */
export const SOCIAL_LINKS_QUERY_KEY = ['social-links'] as const;
