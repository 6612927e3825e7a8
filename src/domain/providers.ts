/**
 * Provider area shared by the server (request bodies, responses) and the web app (forms, screens):
 * becoming a provider, the listing form, settings, package status and analytics. No I/O here.
 */
import { z } from 'zod';
import { LIMITS, PROVINCE_VALUES } from './constants.ts';
import { contactInputShape, providerContactSchema } from './contact.ts';
import { listingChangesSchema } from './held-changes.ts';
import { packageRequestSchema } from './package-requests.ts';
import { optionalText, text } from './text.ts';

export const PROVIDER_MESSAGES = {
  businessNameRequired: 'Business name is required',
  businessNameMax: 'Business name must be less than 100 characters',
  descriptionRequired: 'Description is required',
  descriptionMax: 'Description must be less than 2000 characters',
  created: 'Welcome! Your service provider account has been created.',
  createFailed: 'Failed to create service provider account',
  alreadyProvider: 'You are already a service provider',
  signInFirst: 'Please sign in to continue',
  profileMissing: 'You need to complete your service provider profile first',
  profileNotFound: 'Service provider profile not found',
  mustBeProvider: 'You must be a service provider to create listings',
  profileUpdated: 'Profile updated successfully',
  businessUpdated: 'Business settings updated successfully',
  profileLoadFailed: 'Failed to load profile',
  providerLoadFailed: 'Failed to load service provider details',
} as const;

export const PACKAGE_MESSAGES = {
  limitReached: "You've reached your listing limit. Upgrade your package to create more.",
  expired: 'Your package has expired. Please renew to create listings.',
  paymentPending: 'Your package payment is pending. Complete your payment to create listings.',
  tooManyImages: 'Too many images',
  noAnalytics: 'Analytics are included in the Standard and Premium packages. Upgrade to see them.',
} as const;

export const LISTING_MESSAGES = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be less than 100 characters',
  categoryRequired: 'Category is required',
  descriptionRequired: 'Description is required',
  descriptionMax: 'Description must be less than 2000 characters',
  provinceRequired: 'Province is required',
  cityRequired: 'City is required',
  cityMax: 'City must be less than 100 characters',
  priceNumber: 'Price must be a number',
  priceMin: 'Price must be at least R0',
  priceMax: 'Price must be at most R10 000 000',
  priceRange: 'Price to must be at least price from',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  coordinatesTogether: 'Latitude and longitude must be given together',
  imagesRequired: 'Please add at least one image to your listing',
  notFound: 'Listing not found',
  loadFailed: 'Failed to load listing',
  listFailed: 'Failed to load listings',
  categoriesFailed: 'Failed to load categories',
  createFailed: 'Failed to create listing',
  updateFailed: 'Failed to update listing',
  deleteFailed: 'Failed to delete listing',
  created: 'Listing created successfully! Awaiting admin approval.',
  updated: 'Your listing has been updated',
  deleted: 'Listing deleted successfully',
  confirmDelete: 'Are you sure you want to delete this listing?',
  empty: "You haven't created any listings yet.",
} as const;

export const MAX_LISTING_PRICE = 10_000_000;

// ---------------------------------------------------------------------------------------------------------
// Becoming a provider and business settings

const businessName = text(PROVIDER_MESSAGES.businessNameRequired)
  .trim()
  .min(1, PROVIDER_MESSAGES.businessNameRequired)
  .max(100, PROVIDER_MESSAGES.businessNameMax);
const businessDescription = text(PROVIDER_MESSAGES.descriptionRequired)
  .trim()
  .min(1, PROVIDER_MESSAGES.descriptionRequired)
  .max(2000, PROVIDER_MESSAGES.descriptionMax);

/** Body of POST /api/providers and the /dashboard/become-provider form. */
export const becomeProviderSchema = z.object({ businessName, description: businessDescription });
export type BecomeProvider = z.infer<typeof becomeProviderSchema>;

/**
 * Body of PUT /api/provider/settings (Business tab). The logo is an upload URL or null; the contact
 * details (contact.ts) are optional, and a blank or missing one is cleared.
 */
export const businessSettingsSchema = z.object({
  businessName,
  description: optionalText(2000, PROVIDER_MESSAGES.descriptionMax),
  logoUrl: text().max(500).nullable(),
  ...contactInputShape,
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
export type BusinessSettingsInput = z.input<typeof businessSettingsSchema>;

/** Body of PUT /api/profile (Profile tab). */
export const profileSettingsSchema = z.object({
  fullName: text('Full name is required')
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be less than 100 characters'),
  phone: optionalText(20, 'Phone must be less than 20 characters'),
  city: optionalText(100, 'City must be less than 100 characters'),
  province: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(PROVINCE_VALUES, { error: 'Unknown province' }).nullish(),
  ),
  avatarUrl: text().max(500).nullable(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export type ProfileSettingsInput = z.input<typeof profileSettingsSchema>;

export const profileViewSchema = z.object({
  email: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const businessViewSchema = providerContactSchema.extend({
  id: z.string(),
  businessName: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  packageType: z.string(),
  packageName: z.string(),
  packageExpiresAt: z.string().nullable(),
  paymentStatus: z.string(),
});
export type BusinessView = z.infer<typeof businessViewSchema>;

// ---------------------------------------------------------------------------------------------------------
// Package status (banner, limit card, image allowance, analytics switch)

export const packageStatusSchema = z.object({
  packageType: z.string(),
  packageName: z.string(),
  price: z.number(),
  expiresAt: z.string().nullable(),
  paymentStatus: z.string(),
  /** 'package': the package row; 'admin': premium 5/10; 'demo': demo mode, unlimited premium. */
  source: z.enum(['package', 'admin', 'demo']),
  /** Expiry in the future and payment active (always true for admins and in demo mode). */
  active: z.boolean(),
  maxListings: z.number().int(),
  maxImages: z.number().int(),
  hasAnalytics: z.boolean(),
  /** The provider's listings that are not rejected. */
  listingCount: z.number().int(),
  demoMode: z.boolean(),
  /** The provider's open request from /checkout, waiting for an admin to activate it. */
  pendingRequest: packageRequestSchema.nullable(),
});
export type PackageStatus = z.infer<typeof packageStatusSchema>;

export type PackageWarning =
  { kind: 'expired' } | { kind: 'pending' } | { kind: 'expiring'; days: number } | { kind: 'limit' };

/** The banner's warnings (none in demo mode or for admins): expired or pending, ≤ 7 days left, limit reached. */
export function packageWarnings(status: PackageStatus, now = new Date()): PackageWarning[] {
  if (status.source !== 'package') return [];
  const warnings: PackageWarning[] = [];
  if (status.paymentStatus === 'pending') warnings.push({ kind: 'pending' });
  else if (!status.expiresAt || new Date(status.expiresAt).getTime() <= now.getTime())
    warnings.push({ kind: 'expired' });
  else {
    const days = Math.ceil((new Date(status.expiresAt).getTime() - now.getTime()) / 86_400_000);
    if (days <= LIMITS.packageWarningDays) warnings.push({ kind: 'expiring', days });
  }
  if (status.maxListings !== -1 && status.listingCount >= status.maxListings)
    warnings.push({ kind: 'limit' });
  return warnings;
}

export function expiringMessage(days: number): string {
  return `Your package expires in ${days} day(s). Consider renewing soon.`;
}

// ---------------------------------------------------------------------------------------------------------
// The listing form (create and edit)

const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

const priceField = z.preprocess(
  blankToNull,
  z.coerce
    .number({ error: LISTING_MESSAGES.priceNumber })
    .refine(Number.isFinite, LISTING_MESSAGES.priceNumber)
    .min(0, LISTING_MESSAGES.priceMin)
    .max(MAX_LISTING_PRICE, LISTING_MESSAGES.priceMax)
    .transform((v) => Math.round(v * 100) / 100)
    .nullable(),
);

const coordinateField = (limit: number, message: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: message })
      .refine(Number.isFinite, message)
      .min(-limit, message)
      .max(limit, message)
      .nullable(),
  );

export const listingImageInputSchema = z.object({
  url: text().min(1).max(500),
  isPrimary: z.boolean(),
});

/** Body of POST /api/provider/listings and PUT /api/provider/listings/{id}, and the listing form. */
export const listingFormSchema = z
  .object({
    title: text(LISTING_MESSAGES.titleRequired)
      .trim()
      .min(1, LISTING_MESSAGES.titleRequired)
      .max(100, LISTING_MESSAGES.titleMax),
    categoryId: text(LISTING_MESSAGES.categoryRequired)
      .min(1, LISTING_MESSAGES.categoryRequired)
      .pipe(z.uuid({ error: LISTING_MESSAGES.categoryRequired })),
    description: text(LISTING_MESSAGES.descriptionRequired)
      .trim()
      .min(1, LISTING_MESSAGES.descriptionRequired)
      .max(2000, LISTING_MESSAGES.descriptionMax),
    province: z.enum(PROVINCE_VALUES, { error: LISTING_MESSAGES.provinceRequired }),
    city: text(LISTING_MESSAGES.cityRequired)
      .trim()
      .min(1, LISTING_MESSAGES.cityRequired)
      .max(100, LISTING_MESSAGES.cityMax),
    priceFrom: priceField,
    priceTo: priceField,
    latitude: coordinateField(90, LISTING_MESSAGES.latitude),
    longitude: coordinateField(180, LISTING_MESSAGES.longitude),
    images: z.array(listingImageInputSchema).min(1, LISTING_MESSAGES.imagesRequired).max(50),
  })
  .superRefine((v, ctx) => {
    if (v.priceFrom !== null && v.priceTo !== null && v.priceTo < v.priceFrom) {
      ctx.addIssue({ code: 'custom', path: ['priceTo'], message: LISTING_MESSAGES.priceRange });
    }
    if ((v.latitude === null) !== (v.longitude === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.latitude === null ? 'latitude' : 'longitude'],
        message: LISTING_MESSAGES.coordinatesTogether,
      });
    }
  });
export type ListingForm = z.infer<typeof listingFormSchema>;
export type ListingFormInput = z.input<typeof listingFormSchema>;

/** A listing as its owner edits it (GET /api/provider/listings/{id}). */
export const ownListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  categoryId: z.string(),
  description: z.string(),
  province: z.string(),
  city: z.string(),
  priceFrom: z.number().nullable(),
  priceTo: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** With changes awaiting approval: the proposed version (what the form edits). */
  images: z.array(
    z.object({ id: z.string(), url: z.string(), isPrimary: z.boolean(), displayOrder: z.number().int() }),
  ),
  /** Changes awaiting approval beside the approved values (the public sees those), or null. */
  changes: listingChangesSchema.nullable(),
  /** Why an admin rejected the last changes (until the next edit). */
  changesRejectionReason: z.string().nullable(),
});
export type OwnListing = z.infer<typeof ownListingSchema>;

/** A card on My Listings. */
export const ownListingCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  categoryName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  province: z.string(),
  city: z.string(),
  description: z.string(),
  priceFrom: z.number().nullable(),
  priceTo: z.number().nullable(),
  views: z.number().int(),
  primaryImageUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Changes awaiting approval (the card shows the approved version and says so). */
  hasChanges: z.boolean(),
  changesRejectionReason: z.string().nullable(),
});
export type OwnListingCard = z.infer<typeof ownListingCardSchema>;
export const ownListingListSchema = z.object({ items: z.array(ownListingCardSchema) });

// ---------------------------------------------------------------------------------------------------------
// Analytics

export const ANALYTICS_DAYS = 30;

export const analyticsPointSchema = z.object({
  day: z.string(),
  views: z.number().int(),
  enquiries: z.number().int(),
});
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.array(analyticsPointSchema),
  listings: z.array(z.object({ id: z.string(), title: z.string(), points: z.array(analyticsPointSchema) })),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** Enquiries per view as a percentage with one decimal; 0 without views. */
export function conversionRate(views: number, enquiries: number): number {
  if (views <= 0) return 0;
  return Math.round((enquiries / views) * 1000) / 10;
}
