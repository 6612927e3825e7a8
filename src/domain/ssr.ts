/**
 * The bridge between the server and its rendering bundle (src/web/entry-server.tsx, built into
 * dist/server): the data the server hands the pages (`SsrLoaders`, implemented by `ssrLoaders` in
 * src/server/ssr.ts) and what a render asks and answers. Types only.
 */
import type { z } from 'zod';
import type { BrowsePageQuery } from './browse.ts';
import type { SiteContent, SocialLinkList } from './public-content.ts';
import type { ListingReviews } from './engagement.ts';
import type {
  BrowseResult,
  categoryListSchema,
  faqListSchema,
  heroBannerListSchema,
  LandingPageList,
  ListingCardList,
  ListingDetail,
  ProviderProfile,
  publicPackageListSchema,
} from './listings.ts';
import type { LegalDocument, LegalDocumentKind } from './legal.ts';
import type { PageHead } from './page-heads.ts';

/**
 * The public data of the pages, exactly as the API answers an anonymous visitor (through the response
 * schemas and JSON). Within one request each read is made at most once, so a page's head and its
 * rendering share their records.
 */
export interface SsrLoaders {
  siteContent(): Promise<SiteContent>;
  socialLinks(): Promise<SocialLinkList>;
  categories(): Promise<z.infer<typeof categoryListSchema>>;
  heroBanners(): Promise<z.infer<typeof heroBannerListSchema>>;
  homeListings(): Promise<ListingCardList>;
  faqs(): Promise<z.infer<typeof faqListSchema>>;
  /** The privacy policy or the terms. */
  legal(kind: LegalDocumentKind): Promise<LegalDocument>;
  packages(): Promise<z.infer<typeof publicPackageListSchema>>;
  landingPages(): Promise<LandingPageList>;
  /** One page of results, of the browse page's size. */
  browse(query: BrowsePageQuery): Promise<BrowseResult>;
  /** Null when the public may not see it (the API answers 404, or 400 for a malformed id). */
  listing(id: string): Promise<ListingDetail | null>;
  related(id: string): Promise<ListingCardList>;
  reviews(id: string): Promise<ListingReviews>;
  /** Null when there is no such provider. */
  provider(id: string): Promise<ProviderProfile | null>;
}

export interface RenderRequest {
  /** The page's absolute URL (PUBLIC_URL, path and query). */
  url: string;
  publicUrl: string;
  loaders: SsrLoaders;
  /** Aborted when the time limit is reached. */
  signal: AbortSignal;
}

export interface RenderResult {
  status: 200 | 404;
  head: PageHead;
  /** The markup of #root and the query cache to hydrate; null for a page the public may not see. */
  page: { html: string; state: unknown } | null;
}

/** The server bundle's module. `render` resolves to null when it has no page for the URL. */
export interface ServerEntry {
  render(request: RenderRequest): Promise<RenderResult | null>;
}
