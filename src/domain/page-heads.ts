/**
 * What a page's head says to crawlers and share previews: title, meta description, canonical URL, share
 * image, Open Graph type, `noindex`, JSON-LD, and the previous and next pages of a list. Pure functions of
 * the page's data as the API answers it (the same records the page renders); src/domain/page-loads.ts
 * calls them, and the server writes the result into the HTML (src/server/features/seo/head.ts).
 */
import { CATEGORIES, PRODUCT_NAME, PROVINCE_VALUES, type Province } from './constants.ts';
import { formatRand, imageVariant, provinceLabel } from './format.ts';
import type { BrowseResult, Faq, ListingDetail, ProviderProfile } from './listings.ts';
import { landingHeading, landingPath, metaDescription, placeName } from './seo.ts';

export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical URL (made absolute with PUBLIC_URL). */
  canonical: string | null;
  /** Absolute path or URL of the share image. */
  image: string;
  imageAlt: string;
  ogType: 'website' | 'product' | 'profile';
  noindex: boolean;
  jsonLd: unknown[];
  /** Paths of the previous and next pages of a paginated list. */
  prev?: string;
  next?: string;
}

export const SITE_DESCRIPTION =
  'Matric Moments: find car rentals, dress and suit hire, photographers, venues, make-up, catering, décor and entertainment for your matric farewell across South Africa.';
export const DEFAULT_SHARE_IMAGE = '/og/default.jpg';

/** A page's own title and description, its canonical path, the brand's share image, no JSON-LD. */
export function basicHead(title: string, description: string, canonical: string | null): PageHead {
  return {
    status: 200,
    title,
    description,
    canonical,
    image: DEFAULT_SHARE_IMAGE,
    imageAlt: PRODUCT_NAME,
    ogType: 'website',
    noindex: false,
    jsonLd: [],
  };
}

/** Signed-in, admin, auth and checkout screens: noindex, no canonical, no share tags. */
export function privateHead(title: string = PRODUCT_NAME): PageHead {
  return { ...basicHead(title, SITE_DESCRIPTION, null), noindex: true };
}

/** Unknown paths and records the public may not see. */
export function notFoundHead(): PageHead {
  return { ...basicHead('Page not found', SITE_DESCRIPTION, null), status: 404, noindex: true };
}

function breadcrumbs(publicUrl: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${publicUrl}${item.path}`,
    })),
  };
}

/** The home page: the site as a WebSite with a search action, and the organisation. */
export function homeHead(publicUrl: string): PageHead {
  return {
    ...basicHead(`${PRODUCT_NAME}: matric farewell services across South Africa`, SITE_DESCRIPTION, '/'),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: PRODUCT_NAME,
        url: `${publicUrl}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}/browse?search={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: PRODUCT_NAME,
        url: `${publicUrl}/`,
        logo: `${publicUrl}/favicon.svg`,
      },
    ],
  };
}

/** An approved listing: a LocalBusiness with its price range, rating and provider, and its breadcrumbs. */
export function listingHead(listing: ListingDetail, publicUrl: string): PageHead {
  const place = [listing.city, provinceLabel(listing.province)].filter(Boolean).join(', ');
  const price =
    listing.priceFrom != null && listing.priceFrom > 0
      ? `From ${formatRand(listing.priceFrom)}`
      : 'Price on enquiry';
  const path = `/listing/${listing.id}`;
  const primary = listing.images[0]?.imageUrl;
  const offers =
    listing.priceFrom != null && listing.priceFrom > 0
      ? {
          '@type': 'AggregateOffer',
          priceCurrency: 'ZAR',
          lowPrice: listing.priceFrom,
          ...(listing.priceTo != null && listing.priceTo > 0 ? { highPrice: listing.priceTo } : {}),
        }
      : undefined;
  const category = CATEGORIES.find((c) => c.slug === listing.category.slug);
  const province = PROVINCE_VALUES.find((p) => p === listing.province);
  return {
    ...basicHead(
      `${listing.title}: ${listing.category.name} in ${listing.city || provinceLabel(listing.province)}`,
      metaDescription(`${listing.category.name} in ${place}. ${price}. ${listing.description}`),
      path,
    ),
    image: primary ? `/og/listings/${listing.id}.jpg` : DEFAULT_SHARE_IMAGE,
    imageAlt: listing.title,
    ogType: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        '@id': `${publicUrl}${path}`,
        name: listing.title,
        description: metaDescription(listing.description, 500),
        url: `${publicUrl}${path}`,
        ...(primary ? { image: `${publicUrl}${imageVariant(primary, 1600)}` } : {}),
        address: {
          '@type': 'PostalAddress',
          addressLocality: listing.city || undefined,
          addressRegion: provinceLabel(listing.province),
          addressCountry: 'ZA',
        },
        ...(listing.latitude != null && listing.longitude != null
          ? { geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude } }
          : {}),
        ...(listing.priceFrom != null && listing.priceFrom > 0
          ? {
              priceRange:
                listing.priceTo != null && listing.priceTo > listing.priceFrom
                  ? `ZAR ${listing.priceFrom}-${listing.priceTo}`
                  : `ZAR ${listing.priceFrom}+`,
            }
          : {}),
        ...(offers ? { makesOffer: { '@type': 'Offer', priceSpecification: offers } } : {}),
        ...(listing.reviewCount > 0 && listing.rating != null
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: Number(listing.rating),
                reviewCount: listing.reviewCount,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
        parentOrganization: {
          '@type': 'Organization',
          name: listing.provider.businessName,
          url: `${publicUrl}/provider/${listing.provider.id}`,
        },
      },
      breadcrumbs(publicUrl, [
        { name: 'Home', path: '/' },
        ...(category ? [{ name: category.name, path: landingPath(category.slug) }] : []),
        ...(category && province
          ? [{ name: provinceLabel(province), path: landingPath(category.slug, province) }]
          : []),
        { name: listing.title, path },
      ]),
    ],
  };
}

/** A provider with approved listings: an Organization with the areas it serves and its rating. */
export function providerHead(profile: ProviderProfile, publicUrl: string): PageHead {
  const { provider } = profile;
  const categories = [...new Set(profile.listings.map((l) => l.category.name))];
  const provinces = [...new Set(profile.listings.map((l) => provinceLabel(l.province)).filter(Boolean))];
  const path = `/provider/${provider.id}`;
  const summary = `${categories.join(', ')} for matric farewells in ${provinces.join(', ')}.`;
  return {
    ...basicHead(
      provider.businessName,
      metaDescription(`${provider.businessName}: ${summary} ${provider.description ?? ''}`),
      path,
    ),
    image: provider.logoUrl ?? DEFAULT_SHARE_IMAGE,
    imageAlt: provider.businessName,
    ogType: 'profile',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: provider.businessName,
        description: provider.description ? metaDescription(provider.description, 500) : summary,
        url: `${publicUrl}${path}`,
        ...(provider.logoUrl ? { logo: `${publicUrl}${provider.logoUrl}` } : {}),
        areaServed: provinces.map((name) => ({ '@type': 'AdministrativeArea', name })),
        ...(profile.reviewCount > 0 && profile.averageRating != null
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: profile.averageRating,
                reviewCount: profile.reviewCount,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    ],
  };
}

/** The FAQ page's own head, with its questions and answers as an FAQPage. */
export function faqHead(
  title: string,
  description: string,
  faqs: readonly Faq[],
  publicUrl: string,
): PageHead {
  return {
    ...basicHead(title, description, '/faq'),
    jsonLd: faqs.length
      ? [
          {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            url: `${publicUrl}/faq`,
            mainEntity: faqs.map((f) => ({
              '@type': 'Question',
              name: f.question,
              acceptedAnswer: { '@type': 'Answer', text: f.answer },
            })),
          },
        ]
      : [],
  };
}

/**
 * A category (× province) landing page, from the page of results it shows: the heading's count, the next
 * page's link, and `prev` when it is not the first page.
 */
export function landingHead(
  category: (typeof CATEGORIES)[number],
  province: Province | null,
  results: BrowseResult,
  cursor: string | undefined,
  publicUrl: string,
): PageHead {
  const path = landingPath(category.slug, province);
  const heading = landingHeading(category.slug, province, results.total ?? 0, results.totalExact);
  const where = province ? placeName(province) : 'South Africa';
  return {
    ...basicHead(
      `${category.name} for matric farewells in ${where}`,
      metaDescription(
        `${heading}. Compare prices, photos and reviews, save favourites and send enquiries on ${PRODUCT_NAME}.`,
      ),
      path,
    ),
    ...(results.nextCursor ? { next: `${path}?cursor=${encodeURIComponent(results.nextCursor)}` } : {}),
    ...(cursor ? { prev: path } : {}),
    jsonLd: [
      breadcrumbs(publicUrl, [
        { name: 'Home', path: '/' },
        { name: category.name, path: landingPath(category.slug) },
        ...(province ? [{ name: provinceLabel(province), path }] : []),
      ]),
    ],
  };
}
