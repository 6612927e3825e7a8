/**
 * The admin area's shared shapes (issue 11): the moderation, users and audit list queries, the bodies of
 * the admin actions, the package editor's schema with the rules of spec section 5, and the spec's texts.
 * Used by the server routes (validation, responses) and the admin screens (forms, URL state). No I/O here.
 */
import { z } from 'zod';
import { CATEGORY_SLUGS, PROVINCE_VALUES, ROLES } from './constants.ts';
import { HELD_CHANGES_MESSAGES, listingChangesSchema } from './held-changes.ts';
import { packageRequestSchema } from './package-requests.ts';
import { normalisePackageType } from './packages.ts';
import { choiceFilter, listQuerySchema, textFilter } from './table.ts';
import { optionalText, text } from './text.ts';

// ---------------------------------------------------------------------------------------------------------
// Texts of spec section 8 (and the guard rails of issue 11)

export const ADMIN_MESSAGES = {
  listingsLoadFailed: 'Error fetching listings',
  listingUpdateFailed: 'Error updating listing',
  bulkFailed: 'Error performing bulk action',
  listingDone: (status: 'approved' | 'rejected') => `Listing ${status}!`,
  listingDoneDescription: 'Changes are now live.',
  bulkDone: (n: number, status: 'approved' | 'rejected') => `${n} listings ${status}!`,
  bulkDoneDescription: 'Bulk action completed successfully.',
  usersLoadFailed: 'Failed to load users',
  packageUpdated: 'Package updated successfully',
  providerCreated: 'Service provider profile created with package',
  packageUpdateFailed: 'Failed to update package',
  packageExtended: (months: number) => `Package extended by ${months} month(s)`,
  extendFailed: 'Failed to extend package',
  roleUpdated: 'User role updated successfully',
  userDeleted: 'User deleted successfully',
  packagesLoadFailed: 'Failed to load packages',
  packageCreated: 'Package created successfully',
  packageSaveFailed: 'Failed to save package',
  packageInUse: 'Cannot delete: Package is currently in use by service providers',
  packageDeleted: 'Package deleted successfully',
  packageDeleteFailed: 'Failed to delete package',
  packageTypeRequired: 'Package type is required',
  packageNameRequired: 'Package name is required',
  packageTypeInvalid: 'Package type may only contain letters, digits and underscores',
  packageTypeTaken: 'A package with this type already exists',
  packageNotFound: 'Package not found',
  listingNotFound: 'Listing not found',
  userNotFound: 'User not found',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot remove your own admin role',
  lastAdmin: 'The last admin cannot be removed',
  demoModeOn: 'Demo mode is on',
  demoModeOff: 'Demo mode is off',
  demoModeFailed: 'Failed to update demo mode',
  auditLoadFailed: 'Failed to load the audit log',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Moderation (GET /api/admin/listings)

/** `changes`: listings with changes awaiting approval (docs/decisions/0041), whatever their status. */
export const MODERATION_TABS = ['pending', 'approved', 'rejected', 'all', 'changes'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];
export const MODERATION_TAB_LABELS: Record<ModerationTab, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
  changes: HELD_CHANGES_MESSAGES.tab,
};

export const MODERATION_SORTS = ['title', 'business_name', 'price_from', 'created_at'] as const;
export type ModerationSort = (typeof MODERATION_SORTS)[number];

export const moderationQuerySchema = listQuerySchema({
  sortFields: MODERATION_SORTS,
  defaultSort: 'created_at',
}).extend({
  status: choiceFilter(MODERATION_TABS, 'pending'),
  search: textFilter(),
  category: choiceFilter(CATEGORY_SLUGS),
  province: choiceFilter(PROVINCE_VALUES),
});
export type ModerationQuery = z.output<typeof moderationQuerySchema>;

const statusCounts = z.object({
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
  all: z.number(),
  changes: z.number(),
});
export type StatusCounts = z.infer<typeof statusCounts>;

export const moderationRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  businessName: z.string(),
  providerId: z.string(),
  category: z.object({ name: z.string(), slug: z.string() }),
  province: z.string(),
  city: z.string(),
  priceFrom: z.number().nullable(),
  priceTo: z.number().nullable(),
  primaryImageUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Whether changes to it await approval (the Changes tab). */
  hasChanges: z.boolean(),
});
export type ModerationRow = z.infer<typeof moderationRowSchema>;

export const moderationPageSchema = z.object({
  items: z.array(moderationRowSchema),
  /** Rows of the current tab with the current filters (the pagination's total). */
  total: z.number(),
  /** Per tab, with the current search, category and province (the tab labels). */
  counts: statusCounts,
  /** Per status over every listing (the stat cards). */
  stats: statusCounts,
});
export type ModerationPage = z.infer<typeof moderationPageSchema>;

export const moderationDetailSchema = moderationRowSchema.extend({
  description: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  featured: z.boolean(),
  views: z.number(),
  images: z.array(z.object({ id: z.string(), imageUrl: z.string(), isPrimary: z.boolean() })),
  provider: z.object({
    id: z.string(),
    businessName: z.string(),
    description: z.string().nullable(),
    packageType: z.string(),
    email: z.string(),
  }),
  /** Changes awaiting approval, beside the approved values; null when there are none. */
  changes: listingChangesSchema.nullable(),
});
export type ModerationDetail = z.infer<typeof moderationDetailSchema>;

export const REJECTION_REASON_MAX = 500;
/** The most listings one bulk action may change (the largest page size). */
export const MODERATION_BATCH_MAX = 250;

export const moderateBodySchema = z.object({
  ids: z
    .array(z.uuid('Invalid listing id'))
    .min(1, 'Select at least one listing')
    .max(MODERATION_BATCH_MAX, `At most ${MODERATION_BATCH_MAX} listings at once`),
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  reason: optionalText(REJECTION_REASON_MAX, `Reason must be at most ${REJECTION_REASON_MAX} characters`),
});
export type ModerateBody = z.input<typeof moderateBodySchema>;

const reasonText = optionalText(
  REJECTION_REASON_MAX,
  `Reason must be at most ${REJECTION_REASON_MAX} characters`,
);

/** Body of POST /api/admin/listings/{id}/changes: approve or reject the revision the admin looked at. */
export const moderateChangesBodySchema = z
  .object({
    revision: z.uuid('Invalid revision'),
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    reason: reasonText,
  })
  .superRefine((v, ctx) => {
    if (v.status === 'rejected' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: HELD_CHANGES_MESSAGES.reasonRequired });
    }
  });
export type ModerateChangesBody = z.input<typeof moderateChangesBodySchema>;

/** The changes' rejection dialog: unlike a listing's, a reason is required. */
export const changesRejectionSchema = z.object({
  reason: reasonText.refine((v) => v !== null, HELD_CHANGES_MESSAGES.reasonRequired),
});

// ---------------------------------------------------------------------------------------------------------
// Users (GET /api/admin/users and the actions on one user)

export const USER_FILTERS = ['all', 'providers', 'users', 'expired', 'pending'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
export const USER_FILTER_LABELS: Record<UserFilter, string> = {
  all: 'All Users',
  providers: 'Service Providers',
  users: 'Regular Users',
  expired: 'Expired Packages',
  pending: 'Pending payments',
};

export const USER_SORTS = ['created_at', 'name', 'email'] as const;
export const usersQuerySchema = listQuerySchema({
  sortFields: USER_SORTS,
  defaultSort: 'created_at',
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
}).extend({
  search: textFilter(),
  filter: choiceFilter(USER_FILTERS, 'all'),
});
export type UsersQuery = z.output<typeof usersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  roles: z.array(z.enum(ROLES)),
  role: z.enum(ROLES),
  provider: z
    .object({
      id: z.string(),
      businessName: z.string(),
      packageType: z.string(),
      packageExpiresAt: z.string().nullable(),
      paymentStatus: z.string(),
      listingCount: z.number(),
      /** The provider's open package request from /checkout (decision 0039). */
      pendingRequest: packageRequestSchema.nullable(),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const usersPageSchema = z.object({ items: z.array(adminUserSchema), total: z.number() });
export type UsersPage = z.infer<typeof usersPageSchema>;

/** The packages an admin may give in the role dialog (spec section 4). */
export const ROLE_CHANGE_PACKAGES = ['basic', 'standard', 'premium'] as const;

export const changePackageBodySchema = z.object({
  packageType: text().trim().min(1, 'Choose a package').max(50, 'Choose a package'),
});
export const extendBodySchema = z.object({
  months: z.union([z.literal(1), z.literal(3)], { error: 'Extend by 1 or 3 months' }),
});
export const changeRoleBodySchema = z.object({
  role: z.enum(ROLES, { error: 'Choose a role' }),
  packageType: z.enum(ROLE_CHANGE_PACKAGES, { error: 'Choose basic, standard or premium' }).default('basic'),
});
export type ChangeRoleBody = z.input<typeof changeRoleBodySchema>;

/** Days an admin role change to service_provider gives a new provider record (spec: 2,592,000,000 ms). */
export const ROLE_CHANGE_PACKAGE_DAYS = 30;

// ---------------------------------------------------------------------------------------------------------
// Packages (spec sections 3 and 5)

export const PACKAGE_FEATURES_MAX = 30;
export const PACKAGE_FEATURE_MAX_LENGTH = 200;

/** Features entered one per line: trimmed, blank lines dropped. */
export function parseFeatureLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** A decimal with fallback 0 (spec section 5), as the editor's price field is read. */
export function parseDecimal(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

/** A whole number with fallback 0 (max listings, max images). */
export function parseWhole(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : 0;
}

const packageFields = {
  name: text()
    .trim()
    .min(1, ADMIN_MESSAGES.packageNameRequired)
    .max(60, 'Name must be at most 60 characters'),
  emoji: text().trim().max(16, 'Emoji must be at most 16 characters').default('📦'),
  price: z
    .number({ error: 'Price must be a number' })
    .min(0, 'Price cannot be negative')
    .max(1_000_000, 'Price must be at most R1 000 000'),
  period: text().trim().max(20, 'Period must be at most 20 characters').default('/month'),
  maxListings: z
    .number({ error: 'Max listings must be a whole number' })
    .int('Max listings must be a whole number')
    .min(-1, 'Max listings must be -1 (unlimited) or more')
    .max(10_000, 'Max listings must be at most 10 000'),
  maxImages: z
    .number({ error: 'Max images must be a whole number' })
    .int('Max images must be a whole number')
    .min(0, 'Max images cannot be negative')
    .max(50, 'Max images must be at most 50'),
  color: optionalText(200, 'Colour must be at most 200 characters'),
  features: z
    .array(
      text()
        .trim()
        .max(
          PACKAGE_FEATURE_MAX_LENGTH,
          `Each feature must be at most ${PACKAGE_FEATURE_MAX_LENGTH} characters`,
        ),
    )
    .max(PACKAGE_FEATURES_MAX, `At most ${PACKAGE_FEATURES_MAX} features`)
    .transform((lines) => lines.filter((line) => line.length > 0)),
  popular: z.boolean().default(false),
  active: z.boolean().default(true),
  canFeature: z.boolean().default(false),
  hasPriorityPlacement: z.boolean().default(false),
  hasAnalytics: z.boolean().default(false),
  hasVerificationBadge: z.boolean().default(false),
  canReceiveReviews: z.boolean().default(false),
  displayOrder: z
    .number({ error: 'Display order must be a whole number' })
    .int('Display order must be a whole number')
    .min(0, 'Display order cannot be negative')
    .max(1000, 'Display order must be at most 1000'),
};

/** Edit: every field but the package type, which cannot change after creation. */
export const packageUpdateSchema = z.object(packageFields);
export type PackageUpdate = z.output<typeof packageUpdateSchema>;

/** Create: the package type too, lower-cased with whitespace turned to underscores. */
export const packageCreateSchema = z.object({
  packageType: text()
    .trim()
    .min(1, ADMIN_MESSAGES.packageTypeRequired)
    .max(40, 'Package type must be at most 40 characters')
    .transform(normalisePackageType)
    .pipe(z.string().regex(/^[a-z0-9_]+$/, ADMIN_MESSAGES.packageTypeInvalid)),
  ...packageFields,
});
export type PackageCreate = z.output<typeof packageCreateSchema>;
export type PackageInput = z.input<typeof packageCreateSchema>;

export const adminPackageSchema = z.object({
  id: z.string(),
  packageType: z.string(),
  name: z.string(),
  emoji: z.string(),
  price: z.number(),
  period: z.string(),
  maxListings: z.number(),
  maxImages: z.number(),
  color: z.string().nullable(),
  features: z.array(z.string()),
  popular: z.boolean(),
  active: z.boolean(),
  canFeature: z.boolean(),
  hasPriorityPlacement: z.boolean(),
  hasAnalytics: z.boolean(),
  hasVerificationBadge: z.boolean(),
  canReceiveReviews: z.boolean(),
  displayOrder: z.number(),
  /** Providers on this package type (delete is refused while above 0). */
  providerCount: z.number(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

export const demoModeBodySchema = z.object({
  demoMode: z.boolean({ error: 'demoMode must be true or false' }),
});

// ---------------------------------------------------------------------------------------------------------
// Audit log (GET /api/admin/audit)

const dateFilter = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a date (YYYY-MM-DD)`)
      .optional(),
  );

export const auditQuerySchema = listQuerySchema({
  sortFields: ['created_at'],
  defaultSort: 'created_at',
}).extend({
  actor: textFilter(100, 'Admin'),
  action: textFilter(60, 'Action'),
  from: dateFilter('From'),
  to: dateFilter('To'),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditPageSchema = z.object({ items: z.array(auditRowSchema), total: z.number() });
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditFacetsSchema = z.object({
  actors: z.array(z.object({ id: z.string(), email: z.string() })),
  actions: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

/** Audit dates are South African calendar days (UTC+2, no daylight saving). */
export const SA_UTC_OFFSET = '+02:00';
