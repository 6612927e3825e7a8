/**
 * The head of every web page as crawlers and share previews see it: title, meta description, canonical URL,
 * Open Graph and Twitter card tags, JSON-LD, and `noindex` where a page must not be indexed. Written from the
 * same service functions the API uses. The web shell (src/server/web-shell.ts) puts it into the HTML.
 */
import { CATEGORIES, PRODUCT_NAME, type Province } from '../../../domain/constants.ts';
import { formatRand, imageVariant, provinceLabel } from '../../../domain/format.ts';
import { browseQuerySchema } from '../../../domain/listings.ts';
import type { AppRoute } from '../../../domain/routes.ts';
import {
  categoryFromSlug,
  escapeMarkup,
  scriptSafeJson,
  landingHeading,
  landingPath,
  metaDescription,
  placeName,
  provinceFromSlug,
  type CategorySlug,
} from '../../../domain/seo.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { browseListings } from '../marketplace/service.ts';
import { pageData, type PageData } from './page-data.ts';

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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DEFAULT_SHARE_IMAGE = '/og/default.jpg';

const STATIC_PAGES: Partial<Record<AppRoute, { title: string; description: string }>> = {
  '/about': {
    title: `About ${PRODUCT_NAME}`,
    description: `Who we are and why ${PRODUCT_NAME} helps South African learners and parents plan the matric farewell.`,
  },
  '/contact': {
    title: `Contact ${PRODUCT_NAME}`,
    description: `Questions about a booking, a listing or your package? Contact the ${PRODUCT_NAME} team.`,
  },
  '/how-it-works': {
    title: `How ${PRODUCT_NAME} works`,
    description:
      'Browse matric farewell services, compare providers, save favourites and send enquiries in a few steps.',
  },
  '/packages': {
    title: 'Packages for service providers',
    description: `List your matric farewell service on ${PRODUCT_NAME}: a free Basic package, or Standard and Premium with more listings, analytics and priority placement.`,
  },
  '/browse': {
    title: 'Browse matric farewell services',
    description:
      'Search car rentals, dresses and suits, photographers, venues, make-up and hair, catering, décor and entertainment near you.',
  },
  '/faq': {
    title: 'Frequently asked questions',
    description: `Answers to common questions about planning a matric farewell with ${PRODUCT_NAME}.`,
  },
};

/** Pages that must never be indexed (signed-in, admin, auth and checkout screens). */
function isPrivatePath(route: AppRoute): boolean {
  return (
    route.startsWith('/dashboard') ||
    route.startsWith('/admin') ||
    route === '/auth' ||
    route === '/checkout' ||
    route === '/become-provider' ||
    route.startsWith('/matric-access') ||
    route.startsWith('/matric-guide/')
  );
}

function base(title: string, description: string, canonical: string | null): PageHead {
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

export const NOT_FOUND_HEAD: PageHead = {
  ...base('Page not found', SITE_DESCRIPTION, null),
  status: 404,
  noindex: true,
};

function notFoundHead(): PageHead {
  return { ...NOT_FOUND_HEAD };
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

function isNotFound(err: unknown): boolean {
  return err instanceof AppError && (err.statusCode === 404 || err.statusCode === 400);
}

/** The path parameters of a request path for a route pattern ('/listing/:id' → { id }). */
export function routeParams(route: string, pathname: string): Record<string, string> {
  const names = route.split('/');
  const parts = pathname.replace(/\/+$/, '').split('/');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (name.startsWith(':') && parts[i] !== undefined) {
      try {
        params[name.slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        params[name.slice(1)] = parts[i];
      }
    }
  });
  return params;
}

export interface HeadRequest {
  route: AppRoute;
  pathname: string;
  query: URLSearchParams;
}

export async function pageHead(
  db: Db,
  publicUrl: string,
  req: HeadRequest,
  data: PageData = pageData(db),
): Promise<PageHead> {
  const { route } = req;
  const params = routeParams(route, req.pathname);
  if (isPrivatePath(route)) {
    const title = route === '/auth' ? 'Sign In' : PRODUCT_NAME;
    return { ...base(title, SITE_DESCRIPTION, null), noindex: true };
  }
  if ((route === '/listing/:id' || route === '/provider/:id') && !UUID.test(params.id ?? '')) {
    return notFoundHead();
  }
  try {
    switch (route) {
      case '/':
        return homeHead(publicUrl);
      case '/listing/:id':
        return await listingHead(data, publicUrl, params.id ?? '');
      case '/provider/:id':
        return await providerHead(data, publicUrl, params.id ?? '');
      case '/faq':
        return await faqHead(data, publicUrl);
      case '/services/:category':
      case '/services/:category/:province':
        return await landingHead(db, publicUrl, params.category ?? '', params.province ?? null, req.query);
      case '/matric-guide':
        return base(
          'The Matric Guide',
          'The Matric Guide: premium articles on planning, budgets, outfits, transport, photos and the big night.',
          '/matric-guide',
        );
      default: {
        const page = STATIC_PAGES[route];
        if (page) return base(page.title, page.description, route);
        return base(PRODUCT_NAME, SITE_DESCRIPTION, route);
      }
    }
  } catch (err) {
    if (isNotFound(err)) return notFoundHead();
    throw err;
  }
}

function homeHead(publicUrl: string): PageHead {
  return {
    ...base(`${PRODUCT_NAME}: matric farewell services across South Africa`, SITE_DESCRIPTION, '/'),
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

async function listingHead(data: PageData, publicUrl: string, id: string): Promise<PageHead> {
  const listing = await data.listing(id);
  if (listing.status !== 'approved') return notFoundHead();
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
  return {
    ...base(
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
        ...(category && listing.province
          ? [
              {
                name: provinceLabel(listing.province),
                path: landingPath(category.slug, listing.province as Province),
              },
            ]
          : []),
        { name: listing.title, path },
      ]),
    ],
  };
}

async function providerHead(data: PageData, publicUrl: string, id: string): Promise<PageHead> {
  const profile = await data.provider(id);
  if (profile.listings.length === 0) return notFoundHead();
  const { provider } = profile;
  const categories = [...new Set(profile.listings.map((l) => l.category.name))];
  const provinces = [...new Set(profile.listings.map((l) => provinceLabel(l.province)).filter(Boolean))];
  const path = `/provider/${provider.id}`;
  const summary = `${categories.join(', ')} for matric farewells in ${provinces.join(', ')}.`;
  return {
    ...base(
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

async function faqHead(data: PageData, publicUrl: string): Promise<PageHead> {
  const faqs = await data.faqs();
  const page = STATIC_PAGES['/faq']!;
  return {
    ...base(page.title, page.description, '/faq'),
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

async function landingHead(
  db: Db,
  publicUrl: string,
  categorySlug: string,
  provinceSlugValue: string | null,
  query: URLSearchParams,
): Promise<PageHead> {
  const category = categoryFromSlug(categorySlug);
  const province = provinceSlugValue === null ? null : provinceFromSlug(provinceSlugValue);
  if (!category || (provinceSlugValue !== null && !province)) return notFoundHead();
  const filters = { category: category.slug, province: province ?? undefined };
  const cursor = query.get('cursor') ?? undefined;
  const parsed = browseQuerySchema.safeParse({ ...filters, cursor });
  const result = await browseListings(db, parsed.success ? parsed.data : browseQuerySchema.parse(filters));
  if (result.items.length === 0) return notFoundHead();
  const path = landingPath(category.slug, province);
  const heading = landingHeading(
    category.slug as CategorySlug,
    province,
    result.total ?? 0,
    result.totalExact,
  );
  const where = province ? placeName(province) : 'South Africa';
  return {
    ...base(
      `${category.name} for matric farewells in ${where}`,
      metaDescription(
        `${heading}. Compare prices, photos and reviews, save favourites and send enquiries on ${PRODUCT_NAME}.`,
      ),
      path,
    ),
    ...(result.nextCursor ? { next: `${path}?cursor=${encodeURIComponent(result.nextCursor)}` } : {}),
    ...(parsed.success && cursor ? { prev: path } : {}),
    jsonLd: [
      breadcrumbs(publicUrl, [
        { name: 'Home', path: '/' },
        { name: category.name, path: landingPath(category.slug) },
        ...(province ? [{ name: provinceLabel(province), path }] : []),
      ]),
    ],
  };
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/** The HTML of a page head: every value escaped for its attribute or element. */
export function renderHead(head: PageHead, publicUrl: string): string {
  const title = head.title === PRODUCT_NAME ? PRODUCT_NAME : `${head.title} | ${PRODUCT_NAME}`;
  const image = absolute(publicUrl, head.image);
  const tags = [
    `<title>${escapeMarkup(title)}</title>`,
    `<meta name="description" content="${escapeMarkup(head.description)}">`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeMarkup(publicUrl + head.canonical)}">`);
  if (head.prev) tags.push(`<link rel="prev" href="${escapeMarkup(publicUrl + head.prev)}">`);
  if (head.next) tags.push(`<link rel="next" href="${escapeMarkup(publicUrl + head.next)}">`);
  if (!head.noindex) {
    tags.push(
      `<meta property="og:site_name" content="${PRODUCT_NAME}">`,
      '<meta property="og:locale" content="en_ZA">',
      `<meta property="og:type" content="${head.ogType}">`,
      `<meta property="og:title" content="${escapeMarkup(head.title)}">`,
      `<meta property="og:description" content="${escapeMarkup(head.description)}">`,
      `<meta property="og:image" content="${escapeMarkup(image)}">`,
      `<meta property="og:image:alt" content="${escapeMarkup(head.imageAlt)}">`,
      '<meta name="twitter:card" content="summary_large_image">',
      `<meta name="twitter:title" content="${escapeMarkup(head.title)}">`,
      `<meta name="twitter:description" content="${escapeMarkup(head.description)}">`,
      `<meta name="twitter:image" content="${escapeMarkup(image)}">`,
    );
    if (head.canonical)
      tags.push(`<meta property="og:url" content="${escapeMarkup(publicUrl + head.canonical)}">`);
    if (head.image.startsWith('/og/')) {
      tags.push(
        '<meta property="og:image:width" content="1200">',
        '<meta property="og:image:height" content="630">',
      );
    }
    for (const data of head.jsonLd)
      tags.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  }
  return tags.join('\n    ');
}
