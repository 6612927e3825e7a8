/**
 * The whole data model: better-auth's tables (user, session, account, verification) and every entity of
 * both specification documents. Constraints live here so that the database refuses what the API refuses.
 * ON DELETE behaviour is deliberate; see docs/decisions/0003-data-model.md.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Full-text search document; maintained by a trigger (migrations/0003_search_rank_triggers.sql). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A point on the unit sphere (cube extension), for nearest-first ordering through a GiST index. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

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
    // Contact details for the public (domain/contact.ts): South African numbers in the national form
    // '082 123 4567' (WhatsApp a mobile one), an email and an https website.
    phone: text('phone'),
    whatsApp: text('whatsapp'),
    enquiryEmail: text('enquiry_email'),
    website: text('website'),
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
    check('service_providers_phone_check', sql`${t.phone} ~ '^0[1-9][0-9] [0-9]{3} [0-9]{4}$'`),
    check(
      'service_providers_whatsapp_check',
      sql`${t.whatsApp} ~ '^0(6[0-9]|7[1-9]|8[1-4]) [0-9]{3} [0-9]{4}$'`,
    ),
    check(
      'service_providers_enquiry_email_check',
      sql`char_length(${t.enquiryEmail}) <= 255 and ${t.enquiryEmail} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`,
    ),
    check(
      'service_providers_website_check',
      sql`char_length(${t.website}) <= 200 and ${t.website} ~ '^https://[^[:space:]]+$'`,
    ),
    index('service_providers_package_type_idx').on(t.packageType),
    // The package job's windows (expiring in 7 days, tomorrow, just expired) and the lapse sweep.
    index('service_providers_package_expires_idx').on(t.packageExpiresAt),
    index('service_providers_business_name_trgm_idx').using('gin', sql`${t.businessName} gin_trgm_ops`),
  ],
);

/**
 * A provider's request for a paid package from /checkout (issue 28 item 2, decision 0039): an upgrade (another
 * package) or a renewal (the same one). Payment is not taken online; the request stays pending until an admin
 * activates a package for the provider, which closes it. One open request per provider (partial unique key),
 * so a double submit records nothing twice.
 */
export const packageRequests = pgTable(
  'package_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceProviderId: uuid('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    packageType: text('package_type')
      .notNull()
      .references(() => packages.packageType, { onDelete: 'cascade', onUpdate: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('package_requests_kind_check', sql`${t.kind} in ('upgrade','renewal')`),
    check('package_requests_status_check', sql`${t.status} in ('pending','activated','cancelled')`),
    check('package_requests_closed_check', sql`(${t.status} = 'pending') = (${t.closedAt} is null)`),
    uniqueIndex('package_requests_one_open_key')
      .on(t.serviceProviderId)
      .where(sql`${t.status} = 'pending'`),
    index('package_requests_provider_idx').on(t.serviceProviderId, t.createdAt.desc()),
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
    /** Why an admin rejected it (optional; shown to the provider next to the Rejected badge). */
    rejectionReason: text('rejection_reason'),
    /**
     * Why an admin rejected the provider's last held changes (listing_changes) to this approved listing;
     * shown to the provider until their next edit (docs/decisions/0041-held-listing-changes.md).
     */
    changesRejectionReason: text('changes_rejection_reason'),
    /**
     * Browse rank: 2 × featured + 1 × the provider package's priority placement. Kept by triggers whenever
     * the listing's featured flag or provider, the provider's package or the package's flag changes, so
     * the default order can come from an index (docs/decisions/0008-browse-at-scale.md).
     */
    rank: smallint('rank').notNull().default(0),
    /** The primary image's URL (primary first, then display order), kept by a trigger on listing_images. */
    primaryImageUrl: text('primary_image_url'),
    /** Weighted document: title (A), category and city (B), description (C). Kept by a trigger. */
    searchVector: tsvector('search_vector'),
    /** The title's own document, so that title matches (ranked first) are cheap to test. Kept by a trigger. */
    titleVector: tsvector('title_vector'),
    /** Unit-sphere point of (latitude, longitude), null without coordinates. Kept by a trigger. */
    geo: cube('geo'),
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
    check('listings_rank_check', sql`${t.rank} between 0 and 3`),
    // The package job's sweep (decision 0040): the ranked listings, few, by provider.
    index('listings_ranked_provider_idx')
      .on(t.serviceProviderId)
      .where(sql`${t.rank} > 0`),
    check(
      'listings_rejection_reason_check',
      sql`${t.rejectionReason} is null or char_length(${t.rejectionReason}) <= 500`,
    ),
    check(
      'listings_changes_rejection_reason_check',
      sql`${t.changesRejectionReason} is null or char_length(${t.changesRejectionReason}) <= 500`,
    ),
    // Public browse orders, each an index scan that stops after one page (partial: approved only).
    index('listings_browse_idx')
      .on(t.rank.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index('listings_browse_category_idx')
      .on(t.categoryId, t.rank.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index('listings_browse_province_idx')
      .on(t.province, t.rank.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index('listings_browse_category_province_idx')
      .on(t.categoryId, t.province, t.rank.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index('listings_browse_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Price sorts: listings without a price come last in both directions. The ascending index also carries
    // (INCLUDE, written by migration 0009: drizzle has no INCLUDE) price_from and the other orders' columns
    // (rank, created_at, rating, review_count) and filters (category, province), so that a price range is
    // counted and its matches ordered from the index alone, without reading their rows (decision 0008).
    index('listings_browse_price_asc_idx')
      .using('btree', sql`coalesce(${t.priceFrom}, 'Infinity'::numeric)`, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('listings_browse_price_desc_idx')
      .using('btree', sql`coalesce(${t.priceFrom}, '-Infinity'::numeric) desc`, sql`${t.id} desc`)
      .where(sql`${t.status} = 'approved'`),
    index('listings_browse_rating_idx')
      .on(t.rating.desc(), t.reviewCount.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // The text indexes take each change at once (no pending list): a search never scans a list of recent
    // entries that only a vacuum would fold in (decision 0008).
    index('listings_search_idx')
      .using('gin', t.searchVector)
      .with({ fastupdate: false })
      .where(sql`${t.status} = 'approved'`),
    // Title matches rank above other matches: the title's own document, indexed.
    index('listings_title_search_idx')
      .using('gin', t.titleVector)
      .with({ fastupdate: false })
      .where(sql`${t.status} = 'approved'`),
    index('listings_geo_idx')
      .using('gist', t.geo)
      .where(sql`${t.status} = 'approved' and ${t.geo} is not null`),
    // Nearest first ends with the listings without coordinates, in the browse order: an index of their own,
    // so that reading them never walks the listings that have coordinates.
    index('listings_browse_no_geo_idx')
      .on(t.rank.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved' and ${t.geo} is null`),
    // Moderation (admin): by status and date, and the search over title and city.
    index('listings_status_created_idx').on(t.status, t.createdAt.desc()),
    index('listings_category_idx').on(t.categoryId, t.status),
    index('listings_province_idx').on(t.province, t.status),
    index('listings_provider_idx').on(t.serviceProviderId, t.createdAt.desc()),
    index('listings_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('listings_city_trgm_idx').using('gin', sql`${t.city} gin_trgm_ops`),
  ],
);

/**
 * Changes a provider made to an approved listing that wait for an admin (docs/decisions/0041): one row per
 * listing, only the fields that could mislead and differ from the approved version (null: unchanged).
 * `images` is the whole proposed image set ({ url, isPrimary } in display order) when it adds an image.
 * The public reads only `listings` and `listing_images`, so it keeps seeing the approved version; an admin
 * approving the changes copies them there (the triggers then update the search documents) and deletes the
 * row. Each submission gets a new `revision`, which the admin's decision must name.
 */
export const listingChanges = pgTable(
  'listing_changes',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    revision: uuid('revision').notNull().defaultRandom(),
    title: text('title'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    description: text('description'),
    province: text('province'),
    city: text('city'),
    images: jsonb('images').$type<{ url: string; isPrimary: boolean }[]>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('listing_changes_province_check', sql`${t.province} is null or ${t.province} in ${PROVINCE_CHECK}`),
    check(
      'listing_changes_not_empty_check',
      sql`num_nonnulls(${t.title}, ${t.categoryId}, ${t.description}, ${t.province}, ${t.city}, ${t.images}) > 0`,
    ),
    check(
      'listing_changes_images_check',
      sql`${t.images} is null or (jsonb_typeof(${t.images}) = 'array' and jsonb_array_length(${t.images}) > 0)`,
    ),
    // The moderation tab of changed listings, oldest submission first.
    index('listing_changes_submitted_idx').on(t.submittedAt),
  ],
);

/**
 * Every word that has appeared in a listing title (lower case, no digits, 3 to 40 letters), kept by a
 * trigger on listings (migration 0005). A misspelt search is corrected against this small table, by
 * trigram similarity, instead of comparing the search with every title (marketplace/browse.ts). The table
 * is read whole (its size follows the vocabulary): pg_trgm's `%` and `<->` operators misbehave in PGlite
 * next to the cube extension, so the similarity function is called instead, which no index serves.
 */
export const titleWords = pgTable(
  'title_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [check('title_words_word_check', sql`length(${t.word}) between 3 and 40`)],
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
    // Which listings show a file: the access check of a non-public image (features/uploads/files.ts).
    index('listing_images_image_url_idx').on(t.imageUrl),
    // At most one primary image per listing.
    uniqueIndex('listing_images_one_primary_key')
      .on(t.listingId)
      .where(sql`${t.isPrimary}`),
  ],
);

/**
 * One row per visitor and listing: when that visitor's view was last counted. A view counts again only
 * after 30 minutes. `visitor_key` is an HMAC of the visitor (user id, or address and user agent) under the
 * server's secret: no personal data is stored. Old rows are pruned.
 */
export const listingViewMarks = pgTable(
  'listing_view_marks',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.visitorKey] }),
    index('listing_view_marks_counted_idx').on(t.countedAt),
  ],
);

/** Daily counters per listing for provider analytics, changed atomically with each view and enquiry. */
export const listingDailyStats = pgTable(
  'listing_daily_stats',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    enquiries: integer('enquiries').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.day] }),
    check('listing_daily_stats_counters_check', sql`${t.views} >= 0 and ${t.enquiries} >= 0`),
    index('listing_daily_stats_day_idx').on(t.day),
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
    // 'My Enquiries' also lists what a verified account's address sent as a visitor (decision 0045).
    index('enquiries_email_idx').on(sql`lower(${t.userEmail})`, t.createdAt.desc()),
  ],
);

/**
 * The conversation of an enquiry: the messages written after the enquiry itself, oldest first by `seq`
 * (a sequence, so that order and read marks never depend on two rows' clock readings; decision 0045).
 * `author_side` says who wrote it: the client, the provider, or an admin; `author_name` is the name shown.
 */
export const enquiryMessages = pgTable(
  'enquiry_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    // A deleted account's messages stay, without the account.
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    authorSide: text('author_side', { enum: ['client', 'provider', 'admin'] }).notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('enquiry_messages_side_check', sql`${t.authorSide} in ('client','provider','admin')`),
    check(
      'enquiry_messages_lengths_check',
      sql`char_length(${t.body}) between 10 and 1000 and char_length(${t.authorName}) between 1 and 200`,
    ),
    index('enquiry_messages_enquiry_idx').on(t.enquiryId, t.seq),
  ],
);

/** How far each reader has read a conversation: the `seq` of the last message they saw (0: none). */
export const enquiryReads = pgTable(
  'enquiry_reads',
  {
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastSeenSeq: bigint('last_seen_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.enquiryId, t.userId] })],
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
    // A deleted account's reviews stay, without their author ('Anonymous User'; decision 0056).
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    /** The listing's provider's public answer (one per review; decision 0058). */
    response: text('response'),
    responseCreatedAt: timestamp('response_created_at', { withTimezone: true }),
    responseUpdatedAt: timestamp('response_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_check', sql`${t.comment} is null or char_length(${t.comment}) <= 500`),
    check(
      'reviews_response_check',
      sql`(${t.response} is null and ${t.responseCreatedAt} is null and ${t.responseUpdatedAt} is null)
          or (char_length(${t.response}) between 1 and 1000 and ${t.responseCreatedAt} is not null
              and ${t.responseUpdatedAt} is not null)`,
    ),
    uniqueIndex('reviews_user_listing_key').on(t.userId, t.listingId),
    index('reviews_listing_idx').on(t.listingId, t.createdAt.desc()),
    index('reviews_provider_idx').on(t.serviceProviderId),
  ],
);

/**
 * Reports of listings and reviews (issue 24, decision 0057). A visitor's report has no reporter; a deleted
 * account's reports stay without one. A signed-in reporter has at most one open report per listing (or
 * review): the partial unique indexes. A review report keeps its row when the review is removed (review_id
 * becomes null, shown as removed); a deleted listing takes its reports with it.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['listing', 'review'] }).notNull(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    reporterUserId: text('reporter_user_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason', {
      enum: ['misleading', 'inappropriate', 'scam', 'duplicate', 'other'],
    }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: text('resolved_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('content_reports_type_check', sql`${t.type} in ('listing', 'review')`),
    check('content_reports_listing_has_no_review_check', sql`${t.type} = 'review' or ${t.reviewId} is null`),
    check(
      'content_reports_reason_check',
      sql`${t.reason} in ('misleading', 'inappropriate', 'scam', 'duplicate', 'other')`,
    ),
    check('content_reports_status_check', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    check(
      'content_reports_details_check',
      sql`${t.details} is null or char_length(${t.details}) between 1 and 1000`,
    ),
    check('content_reports_other_has_details_check', sql`${t.reason} <> 'other' or ${t.details} is not null`),
    check('content_reports_resolved_check', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
    uniqueIndex('content_reports_open_listing_key')
      .on(t.reporterUserId, t.listingId)
      .where(sql`${t.status} = 'open' and ${t.type} = 'listing'`),
    uniqueIndex('content_reports_open_review_key')
      .on(t.reporterUserId, t.reviewId)
      .where(sql`${t.status} = 'open' and ${t.type} = 'review'`),
    index('content_reports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('content_reports_listing_idx').on(t.listingId),
    index('content_reports_review_idx').on(t.reviewId),
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
    check(
      'premium_content_access_reference_check',
      sql`${t.paymentReference} is null or char_length(${t.paymentReference}) <= 100`,
    ),
    check(
      'premium_content_access_reason_check',
      sql`${t.rejectionReason} is null or char_length(${t.rejectionReason}) <= 500`,
    ),
    // A second request while one is pending is refused by the database too.
    uniqueIndex('premium_content_access_one_pending_key')
      .on(t.userId)
      .where(sql`${t.paymentStatus} = 'pending'`),
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
      sql`${t.pageKey} in ('site','hero','categories','featured','cta','footer','about','contact','payment','legal')`,
    ),
    check('page_content_type_check', sql`${t.contentType} in ('text','image','html')`),
  ],
);

/**
 * What an account agreed to at sign-up (decision 0055): the Terms and Privacy Policy (`terms`) and the
 * age or guardian statement (`guardian`), with the version of the policies then in force (the time they
 * last changed) and when. Goes with the account.
 */
export const userConsents = pgTable(
  'user_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['terms', 'guardian'] }).notNull(),
    policyVersion: text('policy_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_consents_kind_check', sql`${t.kind} in ('terms','guardian')`),
    check('user_consents_version_check', sql`char_length(${t.policyVersion}) between 1 and 100`),
    index('user_consents_user_idx').on(t.userId, t.acceptedAt.desc()),
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

// ---------------------------------------------------------------------------------------------------------
// Uploads and the audit log

/**
 * Every image uploaded through POST /api/uploads, with its uploader. A feature that attaches an upload to
 * a record (listing image, logo, avatar, banner, article image) claims it; unclaimed uploads older than a
 * day are deleted with their files.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    bucket: text('bucket').notNull(),
    url: text('url').notNull().unique(),
    createdAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'uploads_bucket_check',
      sql`${t.bucket} in ('listing-images','logos','avatars','hero-banners','site-assets')`,
    ),
    index('uploads_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.claimedAt} is null`),
    index('uploads_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * What admins did: one row per action, written in the same transaction as the action. `before` and
 * `after` hold the changed record's values as JSON.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Kept so that the row still names the admin after their account is deleted. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    check('audit_log_action_check', sql`${t.action} ~ '^[a-z_]+\\.[a-z_]+$'`),
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Mail and scheduled jobs (docs/decisions/0033-mail-outbox-and-jobs.md)

const OUTBOX_STATUS_CHECK = sql.raw("('pending','sending','sent','failed')");
const NOTIFICATION_CATEGORY_CHECK = sql.raw(
  "('enquiries','conversations','listing_moderation','guide_access','packages','admin_listings','admin_guide_payments')",
);

/**
 * Every email, recorded in the transaction of the change that causes it (`enqueueMail`) and sent by the
 * outbox worker: claimed with FOR UPDATE SKIP LOCKED under a lease (`locked_until`, `claim_token`), retried
 * with back-off (`next_attempt_at`), `failed` after the last attempt. `dedupe_key` makes a message exactly
 * once (a package's expiry warning per expiry date): the second insert does nothing. `last_error` holds the
 * transport's error without addresses. Sent rows are redacted after 30 days and deleted after a year.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The template (src/server/mail/templates). */
    kind: text('kind').notNull(),
    /** 'account' (essential) or a notification category. */
    category: text('category').notNull(),
    recipient: text('recipient').notNull(),
    /** The recipient's account, when they have one (unsubscribe link, settings). */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_status_check', sql`${t.status} in ${OUTBOX_STATUS_CHECK}`),
    check('outbox_attempts_check', sql`${t.attempts} >= 0`),
    check(
      'outbox_claim_check',
      sql`${t.status} <> 'sending' or (${t.lockedUntil} is not null and ${t.claimToken} is not null)`,
    ),
    check('outbox_sent_check', sql`${t.status} <> 'sent' or ${t.sentAt} is not null`),
    check('outbox_kind_check', sql`${t.kind} ~ '^[a-z_]{1,60}$'`),
    check(
      'outbox_category_check',
      sql`${t.category} = 'account' or ${t.category} in ${NOTIFICATION_CATEGORY_CHECK}`,
    ),
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
    // The worker's claim: due pending rows, and rows whose claim's lease ran out.
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'sending'`),
    // The admin list by status, newest first.
    index('outbox_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('outbox_user_idx').on(t.userId),
  ],
);

/** A user's switch per notification category; no row means on. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category] }),
    check('notification_settings_category_check', sql`${t.category} in ${NOTIFICATION_CATEGORY_CHECK}`),
  ],
);

/**
 * Categories turned off by an address that has no account (a visitor who enquired unsubscribing from
 * replies). The address is kept only as the SHA-256 of its lower-case form, as the unsubscribe link
 * carries it: neither the link, nor a log of it, nor this table holds the address itself.
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    addressHash: text('address_hash').notNull(),
    category: text('category').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.addressHash, t.category] }),
    check('mail_opt_outs_address_hash_check', sql`${t.addressHash} ~ '^[0-9a-f]{64}$'`),
    check('mail_opt_outs_category_check', sql`${t.category} in ${NOTIFICATION_CATEGORY_CHECK}`),
  ],
);

/**
 * When each scheduled job last ran (src/server/jobs/scheduler.ts): with the job's advisory lock, a run
 * starts only when the interval has passed since the last start, whichever process started it.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});
