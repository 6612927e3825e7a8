/**
 * Public marketplace shapes shared by the server (query validation, responses) and the web app (types,
 * URL parsing). No I/O here.
 */
import { z } from 'zod';
import { CATEGORY_SLUGS, LIMITS, PROVINCE_VALUES } from './constants.ts';
import { text } from './text.ts';
import { BROWSE_MAX_PRICE, BROWSE_SORTS } from './browse.ts';
import { providerContactSchema } from './contact.ts';

// ---------------------------------------------------------------------------------------------------------
// Browse query (GET /api/listings and the /browse page's URL)

/** Query strings send '' for a cleared field: treat it as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const coordinate = (name: 'Latitude' | 'Longitude', limit: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${name} must be a number` })
      .refine(Number.isFinite, `${name} must be a number`)
      .refine((v) => v >= -limit && v <= limit, `${name} must be between -${limit} and ${limit}`)
      .optional(),
  );

// The browse options live in a module without zod, so that the browse page can read them without loading
// the schemas; re-exported here for the server.
export {
  BROWSE_COUNT_CAP,
  BROWSE_MAX_PRICE,
  BROWSE_SORT_LABELS,
  BROWSE_SORTS,
  type BrowseSort,
} from './browse.ts';

const price = (name: 'Minimum' | 'Maximum') =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${name} price must be a number` })
      .refine(Number.isFinite, `${name} price must be a number`)
      .min(0, `${name} price must be at least R0`)
      .max(BROWSE_MAX_PRICE, `${name} price must be at most R10 000 000`)
      .optional(),
  );

export const browseQuerySchema = z
  .object({
    search: z.preprocess(
      blankToUndefined,
      text()
        .trim()
        .max(100, 'Search must be at most 100 characters')
        .optional()
        .transform((v) => (v ? v : undefined)),
    ),
    province: z.preprocess(
      blankToUndefined,
      z.enum(PROVINCE_VALUES, { error: 'Unknown province' }).optional(),
    ),
    category: z.preprocess(
      blankToUndefined,
      z.enum(CATEGORY_SLUGS, { error: 'Unknown category' }).optional(),
    ),
    lat: coordinate('Latitude', 90),
    lng: coordinate('Longitude', 180),
    sort: z.preprocess(blankToUndefined, z.enum(BROWSE_SORTS, { error: 'Unknown sort order' }).optional()),
    minPrice: price('Minimum'),
    maxPrice: price('Maximum'),
    /** The page after this position (`nextCursor` of the previous page). */
    cursor: z.preprocess(
      blankToUndefined,
      text()
        .max(512, 'Invalid cursor')
        .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
        .optional(),
    ),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Page size must be a whole number' })
        .int('Page size must be a whole number')
        .min(1, `Page size must be between 1 and ${LIMITS.browseMaxPageSize}`)
        .max(LIMITS.browseMaxPageSize, `Page size must be between 1 and ${LIMITS.browseMaxPageSize}`)
        .default(LIMITS.browsePageSize),
    ),
  })
  .superRefine((q, ctx) => {
    if ((q.lat === undefined) !== (q.lng === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.lat === undefined ? 'lat' : 'lng'],
        message: 'Latitude and longitude must be given together',
      });
    }
    if (q.sort === 'distance' && q.lat === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sort'], message: 'Turn on your location to sort by distance' });
    }
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.maxPrice < q.minPrice) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxPrice'],
        message: 'Maximum price must be at least the minimum price',
      });
    }
  });

export type BrowseQuery = z.infer<typeof browseQuerySchema>;
export type BrowseQueryInput = z.input<typeof browseQuerySchema>;

/** Route params: listing and provider ids are uuids; anything else is a 400, not a 500. */
export const idParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });

// ---------------------------------------------------------------------------------------------------------
// Listing cards (home, browse, related, provider profile, favourites)

export const categoryRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
});

export const listingCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  province: z.string(),
  priceFrom: z.number().nullable(),
  priceTo: z.number().nullable(),
  featured: z.boolean(),
  rating: z.number(),
  reviewCount: z.number().int(),
  views: z.number().int(),
  category: categoryRefSchema,
  provider: z.object({
    id: z.string(),
    businessName: z.string(),
    packageType: z.string(),
    logoUrl: z.string().nullable(),
  }),
  primaryImageUrl: z.string().nullable(),
  /** Great-circle distance from the caller's location; null without a location or without coordinates. */
  distanceKm: z.number().nullable(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

export const listingCardListSchema = z.object({ items: z.array(listingCardSchema) });
export type ListingCardList = z.infer<typeof listingCardListSchema>;

export const browseResultSchema = z.object({
  items: z.array(listingCardSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * How many listings match, counted on the first page only (null on later pages): exact up to
   * BROWSE_COUNT_CAP, otherwise BROWSE_COUNT_CAP with `totalExact` false ('1,000+').
   */
  total: z.number().int().nullable(),
  totalExact: z.boolean(),
  /** The order actually used (the default depends on search and location). */
  sort: z.enum(BROWSE_SORTS),
});
export type BrowseResult = z.infer<typeof browseResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Listing detail

export const listingImageSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  isPrimary: z.boolean(),
  displayOrder: z.number().int(),
});
export type ListingImage = z.infer<typeof listingImageSchema>;

export const listingDetailProviderSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** How to reach the provider (contact.ts): phone, WhatsApp, email for enquiries, website. */
  ...providerContactSchema.shape,
  packageType: z.string(),
  packageLabel: z.string(),
  isPremium: z.boolean(),
  hasVerificationBadge: z.boolean(),
  canReceiveReviews: z.boolean(),
});

export const listingDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  city: z.string(),
  province: z.string(),
  priceFrom: z.number().nullable(),
  priceTo: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  featured: z.boolean(),
  /** Always 'approved' for the public; owners and admins also see their pending or rejected listings. */
  status: z.enum(['pending', 'approved', 'rejected']),
  views: z.number().int(),
  rating: z.number(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
  category: categoryRefSchema,
  provider: listingDetailProviderSchema,
  /** Primary first, then display_order. */
  images: z.array(listingImageSchema),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

// ---------------------------------------------------------------------------------------------------------
// Provider profile (/provider/{id})

export const providerProfileSchema = z.object({
  provider: z.object({
    id: z.string(),
    businessName: z.string(),
    description: z.string().nullable(),
    logoUrl: z.string().nullable(),
    packageType: z.string(),
    packageLabel: z.string(),
    isPremium: z.boolean(),
    hasVerificationBadge: z.boolean(),
    /** Shown once the provider has an approved listing (an admin has seen the business); else all null. */
    ...providerContactSchema.shape,
  }),
  /** Average of the reviews on its approved listings; null when there are none. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  listings: z.array(listingCardSchema),
});
export type ProviderProfile = z.infer<typeof providerProfileSchema>;

// ---------------------------------------------------------------------------------------------------------
// Public reference data

export const heroBannerSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  altText: z.string().nullable(),
});
export type HeroBanner = z.infer<typeof heroBannerSchema>;
export const heroBannerListSchema = z.object({ items: z.array(heroBannerSchema) });

export const categorySchema = categoryRefSchema;
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ items: z.array(categorySchema) });

export const faqSchema = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqListSchema = z.object({ items: z.array(faqSchema) });

export const publicPackageSchema = z.object({
  id: z.string(),
  packageType: z.string(),
  name: z.string(),
  emoji: z.string(),
  price: z.number(),
  period: z.string(),
  maxListings: z.number().int(),
  maxImages: z.number().int(),
  color: z.string().nullable(),
  features: z.array(z.string()),
  popular: z.boolean(),
  active: z.boolean(),
  canFeature: z.boolean(),
  hasPriorityPlacement: z.boolean(),
  hasAnalytics: z.boolean(),
  hasVerificationBadge: z.boolean(),
  canReceiveReviews: z.boolean(),
  displayOrder: z.number().int(),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;
export const publicPackageListSchema = z.object({ items: z.array(publicPackageSchema) });

/** Landing pages that exist (a category across the country, or in a province, with approved listings). */
export const landingPageListSchema = z.object({
  items: z.array(z.object({ category: z.string(), province: z.enum(PROVINCE_VALUES).nullable() })),
});
export type LandingPageList = z.infer<typeof landingPageListSchema>;
