/**
 * The whole data model: better-auth's tables (user, session, account, verification) and every entity of
 * both specification documents. Constraints live here so that the database refuses what the API refuses.
 * ON DELETE behaviour is deliberate; see docs/decisions/0003-data-model.md.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Numeric columns come back as numbers (Rand amounts fit a double exactly at 2 decimals for display). */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

const PROVINCE_CHECK = sql.raw(
  "('gauteng','western_cape','kwazulu_natal','eastern_cape','limpopo','mpumalanga','north_west','free_state','northern_cape')",
);

// ---------------------------------------------------------------------------------------------------------
// better-auth core tables (names and fields as better-auth expects them)

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------------------
// Roles and profiles

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'service_provider', 'admin'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_roles_user_role_key').on(t.userId, t.role),
    check('user_roles_role_check', sql`${t.role} in ('user','service_provider','admin')`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    phone: text('phone'),
    city: text('city'),
    province: text('province'),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('profiles_province_check', sql`${t.province} is null or ${t.province} in ${PROVINCE_CHECK}`)],
);

// ---------------------------------------------------------------------------------------------------------
// Packages and providers

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageType: text('package_type').notNull().unique(),
    name: text('name').notNull(),
    emoji: text('emoji').notNull().default('📦'),
    price: money('price').notNull().default(0),
    period: text('period').notNull().default('/month'),
    maxListings: integer('max_listings').notNull().default(1),
    maxImages: integer('max_images').notNull().default(1),
    color: text('color'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    popular: boolean('popular').notNull().default(false),
    active: boolean('active').notNull().default(true),
    canFeature: boolean('can_feature').notNull().default(false),
    hasPriorityPlacement: boolean('has_priority_placement').notNull().default(false),
    hasAnalytics: boolean('has_analytics').notNull().default(false),
    hasVerificationBadge: boolean('has_verification_badge').notNull().default(false),
    canReceiveReviews: boolean('can_receive_reviews').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('packages_type_check', sql`${t.packageType} ~ '^[a-z0-9_]+$'`),
    check('packages_price_check', sql`${t.price} >= 0`),
    check('packages_max_listings_check', sql`${t.maxListings} >= -1`),
    check('packages_max_images_check', sql`${t.maxImages} >= 0`),
    index('packages_display_order_idx').on(t.displayOrder),
  ],
);

export const serviceProviders = pgTable(
  'service_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    description: text('description'),
    logoUrl: text('logo_url'),
    phone: text('phone'),
    // A package in use cannot be deleted: the foreign key refuses it.
    packageType: text('package_type')
      .notNull()
      .default('basic')
      .references(() => packages.packageType, { onDelete: 'restrict', onUpdate: 'cascade' }),
    packageExpiresAt: timestamp('package_expires_at', { withTimezone: true }),
    paymentStatus: text('payment_status').notNull().default('active'),
    totalViews: integer('total_views').notNull().default(0),
    totalEnquiries: integer('total_enquiries').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'service_providers_payment_status_check',
      sql`${t.paymentStatus} in ('active','pending','expired','cancelled')`,
    ),
    check('service_providers_totals_check', sql`${t.totalViews} >= 0 and ${t.totalEnquiries} >= 0`),
    index('service_providers_package_type_idx').on(t.packageType),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Listings

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  icon: text('icon'),
  displayOrder: integer('display_order').notNull().default(0),
  createdAt: createdAt(),
});

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceProviderId: uuid('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    priceFrom: money('price_from'),
    priceTo: money('price_to'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    featured: boolean('featured').notNull().default(false),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    views: integer('views').notNull().default(0),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('listings_status_check', sql`${t.status} in ('pending','approved','rejected')`),
    check('listings_province_check', sql`${t.province} in ${PROVINCE_CHECK}`),
    check('listings_price_from_check', sql`${t.priceFrom} is null or ${t.priceFrom} >= 0`),
    check('listings_price_to_check', sql`${t.priceTo} is null or ${t.priceTo} >= 0`),
    check(
      'listings_price_range_check',
      sql`${t.priceFrom} is null or ${t.priceTo} is null or ${t.priceTo} >= ${t.priceFrom}`,
    ),
    check('listings_latitude_check', sql`${t.latitude} is null or ${t.latitude} between -90 and 90`),
    check('listings_longitude_check', sql`${t.longitude} is null or ${t.longitude} between -180 and 180`),
    check('listings_counters_check', sql`${t.views} >= 0 and ${t.reviewCount} >= 0`),
    check('listings_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    index('listings_public_order_idx').on(t.status, t.featured.desc(), t.createdAt.desc()),
    index('listings_category_idx').on(t.categoryId, t.status),
    index('listings_province_idx').on(t.province, t.status),
    index('listings_provider_idx').on(t.serviceProviderId, t.createdAt.desc()),
    index('listings_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('listings_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_images_listing_idx').on(t.listingId, t.displayOrder),
    // At most one primary image per listing.
    uniqueIndex('listing_images_one_primary_key')
      .on(t.listingId)
      .where(sql`${t.isPrimary}`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Client engagement

export const favorites = pgTable(
  'favorites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // A deleted listing leaves the favourite behind, shown as 'Deleted Listing' (spec).
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorites_user_listing_key').on(t.userId, t.listingId),
    index('favorites_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Enquiries a deleted user sent stay, without the user.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    serviceProviderId: uuid('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    userPhone: text('user_phone'),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'read', 'replied', 'archived'] })
      .notNull()
      .default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('enquiries_status_check', sql`${t.status} in ('new','read','replied','archived')`),
    check(
      'enquiries_lengths_check',
      sql`char_length(${t.userName}) between 1 and 100 and char_length(${t.userEmail}) between 3 and 255
        and (${t.userPhone} is null or char_length(${t.userPhone}) <= 20)
        and char_length(${t.message}) between 10 and 1000`,
    ),
    index('enquiries_provider_idx').on(t.serviceProviderId, t.createdAt.desc()),
    index('enquiries_user_idx').on(t.userId, t.createdAt.desc()),
    index('enquiries_created_idx').on(t.createdAt.desc()),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    serviceProviderId: uuid('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_check', sql`${t.comment} is null or char_length(${t.comment}) <= 500`),
    uniqueIndex('reviews_user_listing_key').on(t.userId, t.listingId),
    index('reviews_listing_idx').on(t.listingId, t.createdAt.desc()),
    index('reviews_provider_idx').on(t.serviceProviderId),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Matric Guide (premium content)

export const premiumContentAccess = pgTable(
  'premium_content_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    paymentAmount: money('payment_amount').notNull().default(50),
    paymentReference: text('payment_reference'),
    paymentStatus: text('payment_status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'premium_content_access_status_check',
      sql`${t.paymentStatus} in ('pending','approved','rejected')`,
    ),
    check('premium_content_access_amount_check', sql`${t.paymentAmount} >= 0`),
    index('premium_content_access_user_idx').on(t.userId, t.purchasedAt.desc()),
    index('premium_content_access_status_idx').on(t.paymentStatus, t.purchasedAt.desc()),
  ],
);

export const premiumCategories = pgTable('premium_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  displayOrder: integer('display_order').notNull().default(0),
  createdAt: createdAt(),
});

export const premiumArticles = pgTable(
  'premium_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt'),
    content: text('content').notNull(),
    categoryId: uuid('category_id').references(() => premiumCategories.id, { onDelete: 'set null' }),
    featuredImageUrl: text('featured_image_url'),
    isPublished: boolean('is_published').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('premium_articles_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index('premium_articles_published_idx').on(t.isPublished, t.displayOrder),
  ],
);

export const premiumAccessLogs = pgTable(
  'premium_access_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    accessedAt: timestamp('accessed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('premium_access_logs_user_idx').on(t.userId, t.accessedAt.desc())],
);

// ---------------------------------------------------------------------------------------------------------
// Site content

export const pageContent = pgTable(
  'page_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageKey: text('page_key').notNull(),
    sectionKey: text('section_key').notNull(),
    contentType: text('content_type').notNull().default('text'),
    contentValue: text('content_value').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('page_content_key').on(t.pageKey, t.sectionKey, t.contentType),
    check(
      'page_content_page_key_check',
      sql`${t.pageKey} in ('site','hero','categories','featured','cta','footer','about','contact','payment')`,
    ),
    check('page_content_type_check', sql`${t.contentType} in ('text','image','html')`),
  ],
);

export const heroBanners = pgTable(
  'hero_banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    imageUrl: text('image_url').notNull(),
    altText: text('alt_text'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('hero_banners_order_idx').on(t.isActive, t.displayOrder)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('faqs_text_check', sql`length(trim(${t.question})) > 0 and length(trim(${t.answer})) > 0`),
    index('faqs_order_idx').on(t.isActive, t.displayOrder),
  ],
);

export const socialLinks = pgTable(
  'social_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
    icon: text('icon'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'social_links_platform_check',
      sql`${t.platform} in ('facebook','instagram','twitter','youtube','tiktok','linkedin','whatsapp','telegram')`,
    ),
    check('social_links_url_check', sql`${t.url} ~ '^https?://'`),
    index('social_links_order_idx').on(t.isActive, t.displayOrder),
  ],
);

/** Site-wide settings such as demo_mode (boolean). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
