/** Constants shared by the server and the web app. No I/O here. */

export const PRODUCT_NAME = 'Matric Moments';

export const PROVINCES = [
  { value: 'gauteng', label: 'Gauteng', lat: -26.2708, lng: 28.1123 },
  { value: 'western_cape', label: 'Western Cape', lat: -33.2278, lng: 21.8569 },
  { value: 'kwazulu_natal', label: 'Kwazulu Natal', lat: -28.5306, lng: 30.8958 },
  { value: 'eastern_cape', label: 'Eastern Cape', lat: -32.2968, lng: 26.4194 },
  { value: 'limpopo', label: 'Limpopo', lat: -23.4013, lng: 29.4179 },
  { value: 'mpumalanga', label: 'Mpumalanga', lat: -25.5653, lng: 30.5279 },
  { value: 'north_west', label: 'North West', lat: -26.6639, lng: 25.2838 },
  { value: 'free_state', label: 'Free State', lat: -28.4541, lng: 26.7968 },
  { value: 'northern_cape', label: 'Northern Cape', lat: -29.0467, lng: 21.8569 },
] as const;

export type Province = (typeof PROVINCES)[number]['value'];
export const PROVINCE_VALUES = PROVINCES.map((p) => p.value) as [Province, ...Province[]];

/** The eight categories of the spec, in the order the home page shows them. Icons are lucide names. */
export const CATEGORIES = [
  { name: 'Car Rentals', slug: 'car-rentals', icon: 'car' },
  { name: 'Dress & Suit Hire', slug: 'dress-suit-hire', icon: 'shirt' },
  { name: 'Photography', slug: 'photography', icon: 'camera' },
  { name: 'Venues', slug: 'venues', icon: 'building-2' },
  { name: 'Makeup & Hair', slug: 'makeup-hair', icon: 'sparkles' },
  { name: 'Catering', slug: 'catering', icon: 'utensils' },
  { name: 'Décor', slug: 'decor', icon: 'flower-2' },
  { name: 'Entertainment', slug: 'entertainment', icon: 'music' },
] as const;

export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [string, ...string[]];

export const ROLES = ['user', 'service_provider', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Precedence when a user holds several roles: admin, then service_provider, then user. */
export const ROLE_PRECEDENCE: readonly Role[] = ['admin', 'service_provider', 'user'];
export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  service_provider: 'Service Provider',
  admin: 'Admin',
};

export const LISTING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const ENQUIRY_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const PROVIDER_PAYMENT_STATUSES = ['active', 'pending', 'expired', 'cancelled'] as const;
export const PREMIUM_PAYMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PremiumPaymentStatus = (typeof PREMIUM_PAYMENT_STATUSES)[number];

export const PAGE_KEYS = [
  'site',
  'hero',
  'categories',
  'featured',
  'cta',
  'footer',
  'about',
  'contact',
  'payment',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];
export const CONTENT_TYPES = ['text', 'image', 'html'] as const;

export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'twitter',
  'youtube',
  'tiktok',
  'linkedin',
  'whatsapp',
  'telegram',
] as const;

export const LIMITS = {
  homeListings: 18,
  relatedListings: 6,
  heroAutoplayMs: 5000,
  browsePageSize: 24,
  browseMaxPageSize: 60,
  passwordMin: 6,
  passwordMax: 128,
  reviewCommentMax: 500,
  enquiryNameMax: 100,
  enquiryEmailMax: 255,
  enquiryPhoneMax: 20,
  enquiryMessageMin: 10,
  enquiryMessageMax: 1000,
  dashboardRecentListings: 5,
  packageWarningDays: 7,
  imageMaxBytes: 10 * 1024 * 1024,
  imageDefaultAllowance: 3,
  faqSkeletonCount: 5,
  enquiryFollowUpDelayMs: 2000,
  enquiryFollowUpDurationMs: 5000,
  contactSendDelayMs: 1000,
  geolocationTimeoutMs: 10000,
} as const;

export const PREMIUM_GUIDE_PRICE = 50;
export const DEFAULT_STATS = { providers: '500', provinces: '9', clients: '1000' } as const;
export const EARTH_RADIUS_KM = 6371;
/** Basic package at sign-up or on becoming a provider runs ten years. */
export const BASIC_PACKAGE_YEARS = 10;

/** The element that carries a server-rendered page's query cache to the browser (a JSON data block). */
export const SSR_STATE_ELEMENT_ID = 'mm-ssr-state';

/**
 * Marks the web app's stylesheet on a page whose critical CSS is inlined (src/server/critical-css.ts): it
 * loads as `media="print"`, without blocking the first paint, until src/web/main.tsx switches it on.
 */
export const DEFERRED_STYLE_ATTRIBUTE = 'data-deferred-style';

/** Set on <html> once React has hydrated (or rendered) the page; end-to-end specs wait for it. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** Favourites' texts (kept apart from the schemas so that listing cards load no validation code). */
export const FAVORITE_MESSAGES = {
  added: 'Added to favorites',
  removed: 'Removed from favorites',
  updateFailed: 'Failed to update favorites',
  signInRequired: 'Please sign in to save favorites',
  loadFailed: 'Failed to load favorites',
  removeFailed: 'Failed to remove favorite',
  empty: "You haven't saved any favorites yet.",
  deletedListing: 'Deleted Listing',
  unknownCategory: 'Unknown',
} as const;
