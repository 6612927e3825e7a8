/**
 * Which data each public page needs for its first paint, under the query keys its hooks use, so that server
 * rendering (src/web/entry-server.tsx) renders the content and the browser, handed the same cache, does not
 * fetch it again. The server supplies the loaders (its service functions: no HTTP round trip to itself).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ListingReviews } from '@domain/engagement.ts';
import type {
  BrowseResult,
  Category,
  Faq,
  HeroBanner,
  LandingPageList,
  ListingCard,
  ListingDetail,
  ProviderProfile,
  PublicPackage,
} from '@domain/listings.ts';
import { matchAppRoute } from '@domain/routes.ts';
import { categoryFromSlug, provinceFromSlug } from '@domain/seo.ts';
import { CONTENT_QUERY_KEY, type SiteContent } from '../features/content/use-site-content.ts';
import { SOCIAL_LINKS_QUERY_KEY, type SocialLink } from '../features/content/use-social-links.ts';
import {
  browseQueryKey,
  listingQueryKey,
  MARKETPLACE_KEYS,
  type BrowseFilters,
} from '../features/marketplace/api.ts';
import { browseFiltersFromParams, browseQueryFilters } from '../features/marketplace/browse-params.ts';
import { reviewsQueryKey } from '../features/reviews/use-reviews.ts';

/** The server's data, as the API would answer an anonymous visitor (JSON-shaped: dates as strings). */
export interface SsrLoaders {
  siteContent(): Promise<SiteContent>;
  socialLinks(): Promise<{ items: SocialLink[] }>;
  categories(): Promise<{ items: Category[] }>;
  heroBanners(): Promise<{ items: HeroBanner[] }>;
  homeListings(): Promise<{ items: ListingCard[] }>;
  faqs(): Promise<{ items: Faq[] }>;
  packages(): Promise<{ items: PublicPackage[] }>;
  landingPages(): Promise<LandingPageList>;
  browse(filters: BrowseFilters): Promise<BrowseResult>;
  listing(id: string): Promise<ListingDetail>;
  related(id: string): Promise<{ items: ListingCard[] }>;
  reviews(id: string): Promise<ListingReviews>;
  provider(id: string): Promise<ProviderProfile>;
}

/** Thrown when the page's main record does not exist for the public: the server serves the plain shell. */
export class SsrNotFound extends Error {}

function segment(pathname: string, index: number): string {
  const part = pathname.split('/')[index] ?? '';
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Fills the query cache for the page at `url` (pathname and search). */
export async function prefetchPage(qc: QueryClient, url: URL, load: SsrLoaders): Promise<void> {
  const route = matchAppRoute(url.pathname);
  const set = async <T>(key: readonly unknown[], loader: () => Promise<T>) => {
    qc.setQueryData(key, await loader());
  };
  const setPages = async (filters: BrowseFilters) => {
    const first = await load.browse(filters);
    qc.setQueryData(browseQueryKey(filters), { pages: [first], pageParams: [null] });
    return first;
  };
  // Every public page shows the header and footer (brand, logo, social links).
  const layout = [set(CONTENT_QUERY_KEY, load.siteContent), set(SOCIAL_LINKS_QUERY_KEY, load.socialLinks)];
  const page: Promise<unknown>[] = [];
  switch (route) {
    case '/':
      page.push(
        set(MARKETPLACE_KEYS.heroBanners, load.heroBanners),
        set(MARKETPLACE_KEYS.homeListings, load.homeListings),
        set(MARKETPLACE_KEYS.categories, load.categories),
      );
      break;
    case '/listing/:id': {
      const id = segment(url.pathname, 2);
      const listing = await load.listing(id).catch(() => null);
      if (!listing || listing.status !== 'approved') throw new SsrNotFound();
      qc.setQueryData(listingQueryKey(id), listing);
      page.push(
        set(reviewsQueryKey(id), () => load.reviews(id)),
        set(MARKETPLACE_KEYS.related(id), () => load.related(id)),
      );
      break;
    }
    case '/provider/:id': {
      const id = segment(url.pathname, 2);
      const profile = await load.provider(id).catch(() => null);
      if (!profile) throw new SsrNotFound();
      qc.setQueryData(MARKETPLACE_KEYS.provider(id), profile);
      break;
    }
    case '/browse': {
      // Server rendering knows no location: the same query the page asks for before one is given.
      const filters = {
        ...browseQueryFilters(browseFiltersFromParams(url.searchParams), null),
        location: null,
      };
      page.push(setPages(filters), set(MARKETPLACE_KEYS.landingPages, load.landingPages));
      break;
    }
    case '/faq':
      page.push(set(MARKETPLACE_KEYS.faqs, load.faqs));
      break;
    case '/packages':
      page.push(set(MARKETPLACE_KEYS.packages, load.packages));
      break;
    case '/services/:category':
    case '/services/:category/:province': {
      const category = categoryFromSlug(segment(url.pathname, 2));
      const provinceSlug = route === '/services/:category/:province' ? segment(url.pathname, 3) : null;
      const province = provinceSlug === null ? null : provinceFromSlug(provinceSlug);
      if (!category || (provinceSlug !== null && !province)) throw new SsrNotFound();
      const first = await setPages({ category: category.slug, province: province ?? undefined });
      if (first.items.length === 0) throw new SsrNotFound();
      page.push(set(MARKETPLACE_KEYS.landingPages, load.landingPages));
      break;
    }
    default:
      break;
  }
  await Promise.all([...layout, ...page]);
}
