/**
 * The Matric Guide (paid articles): validation and response shapes shared by the server (bodies, answers)
 * and the web app (forms, pages). No I/O here.
 *
 * A user's access is decided by their latest request by purchase time: none, pending, approved or rejected.
 * Admins may always read. The article HTML is sanitised on the server when saved and again when served.
 */
import { z } from 'zod';
import { PREMIUM_GUIDE_PRICE } from './constants.ts';
import { optionalText, text } from './text.ts';

/** Once-off price of lifetime access, in Rand. */
export const GUIDE_PRICE = PREMIUM_GUIDE_PRICE;

export const GUIDE_LIMITS = {
  referenceMax: 100,
  reasonMax: 500,
  titleMax: 200,
  slugMax: 120,
  excerptMax: 500,
  contentMax: 100_000,
  categoryNameMax: 60,
  displayOrderMax: 10_000,
} as const;

export const GUIDE_MESSAGES = {
  // reader
  referenceRequired: 'Payment reference is required',
  referenceMax: `Payment reference must be ${GUIDE_LIMITS.referenceMax} characters or less`,
  alreadyPending: 'You already have a request awaiting review. We will let you know within 24 hours.',
  alreadyApproved: 'You already have access to the Matric Guide.',
  proofSubmitted: 'Payment proof submitted! Awaiting admin approval.',
  requestSubmitted: 'Access request submitted! An admin will review your payment.',
  proofFailed: 'Failed to submit payment proof',
  requestFailed: 'Failed to submit request. Please try again.',
  accessRequired: 'Premium Content Access Required',
  noAccess: 'You need approved Matric Guide access to read this',
  articleNotFound: 'Article not found',
  imageNotFound: 'Image not found',
  emptyGuide: 'No articles available yet. Check back soon!',
  // admin
  titleRequired: 'Title is required',
  titleMax: `Title must be ${GUIDE_LIMITS.titleMax} characters or less`,
  slugInvalid: 'Slug may contain only lower-case letters, numbers and single hyphens',
  slugMax: `Slug must be ${GUIDE_LIMITS.slugMax} characters or less`,
  slugFromTitle: 'Could not make a slug from this title. Please enter a slug.',
  slugTaken: 'Another article already uses this slug. Please choose a different one.',
  excerptMax: `Excerpt must be ${GUIDE_LIMITS.excerptMax} characters or less`,
  contentRequired: 'Content is required',
  contentMax: `Content must be ${GUIDE_LIMITS.contentMax.toLocaleString('en-ZA')} characters or less`,
  categoryRequired: 'Please choose a category',
  categoryNotFound: 'Category not found',
  orderInvalid: `Display order must be a whole number from 0 to ${GUIDE_LIMITS.displayOrderMax}`,
  categoryNameRequired: 'Category name is required',
  categoryNameMax: `Category name must be ${GUIDE_LIMITS.categoryNameMax} characters or less`,
  categoryNameTaken: 'A category with this name already exists',
  categoryInUse: 'This category still has articles. Move or delete them first.',
  categoryOrderMismatch: 'The category list has changed. Please reload and try again.',
  reasonMax: `Reason must be ${GUIDE_LIMITS.reasonMax} characters or less`,
  requestNotFound: 'Access request not found',
  requestNotPending: 'This request has already been reviewed',
  userNotApproved: 'This user does not have approved access',
  revokedReason: 'Your access was revoked by an admin.',
  loadFailed: 'Failed to load data',
  articleUpdated: 'Article updated successfully',
  articleCreated: 'Article created successfully',
  articleSaveFailed: 'Failed to save article',
  imageUploadFailed: 'Failed to upload image',
  articleDeleted: 'Article deleted',
  articleDeleteFailed: 'Failed to delete article',
  usersLoadFailed: 'Failed to load matric users',
  accessRevoked: 'Access revoked successfully',
  revokeFailed: 'Failed to revoke access',
  requestsLoadFailed: 'Failed to load access requests',
  accessApproved: 'Access approved',
  accessRejected: 'Access rejected',
  statusFailed: 'Failed to update status',
  noRequests: 'No access requests yet',
  noUsers: 'No approved matric users yet',
  noArticles: 'No articles yet',
  unknownUser: 'Unknown User',
} as const;

export const ACCESS_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const accessStatusSchema = z.enum(ACCESS_STATUSES);
export type AccessStatus = z.infer<typeof accessStatusSchema>;

// ---------------------------------------------------------------------------------------------------------
// Reader

/** The /matric-access form and the body of POST /api/guide/access/payment-proof. */
export const paymentProofSchema = z.object({
  paymentReference: text(GUIDE_MESSAGES.referenceRequired)
    .trim()
    .min(1, GUIDE_MESSAGES.referenceRequired)
    .max(GUIDE_LIMITS.referenceMax, GUIDE_MESSAGES.referenceMax),
});
export type PaymentProof = z.infer<typeof paymentProofSchema>;

export const accessRequestViewSchema = z.object({
  id: z.string(),
  paymentAmount: z.number(),
  paymentReference: z.string().nullable(),
  paymentStatus: accessStatusSchema,
  rejectionReason: z.string().nullable(),
  purchasedAt: z.string(),
  approvedAt: z.string().nullable(),
});
export type AccessRequestView = z.infer<typeof accessRequestViewSchema>;

export const bankDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branchCode: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** GET /api/guide/access: the caller's state, their latest request and how to pay. */
export const accessStateSchema = z.object({
  status: z.enum(['none', ...ACCESS_STATUSES]),
  /** Whether the guide and articles open for the caller (approved, or an admin). */
  canRead: z.boolean(),
  latest: accessRequestViewSchema.nullable(),
  amount: z.number(),
  /** What to write as the payment reference: the user's email, or phone. */
  reference: z.string(),
  bank: bankDetailsSchema,
});
export type AccessState = z.infer<typeof accessStateSchema>;

export const guideArticleCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type GuideArticleCard = z.infer<typeof guideArticleCardSchema>;

/** GET /api/guide/articles: published articles grouped by category, both in display order. */
export const guideListSchema = z.object({
  groups: z.array(
    z.object({
      id: z.string().nullable(),
      name: z.string(),
      articles: z.array(guideArticleCardSchema),
    }),
  ),
});
export type GuideList = z.infer<typeof guideListSchema>;

export const guideArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  imageUrl: z.string().nullable(),
  categoryName: z.string().nullable(),
  /** Sanitised HTML. */
  content: z.string(),
  publishedAt: z.string(),
});
export type GuideArticle = z.infer<typeof guideArticleSchema>;

// ---------------------------------------------------------------------------------------------------------
// Admin: articles and categories

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const displayOrder = z.coerce
  .number({ error: GUIDE_MESSAGES.orderInvalid })
  .int(GUIDE_MESSAGES.orderInvalid)
  .min(0, GUIDE_MESSAGES.orderInvalid)
  .max(GUIDE_LIMITS.displayOrderMax, GUIDE_MESSAGES.orderInvalid);

/** The article dialog and the body of POST/PATCH /api/admin/guide/articles. Empty slug: made from the title. */
export const articleFormSchema = z.object({
  title: text(GUIDE_MESSAGES.titleRequired)
    .trim()
    .min(1, GUIDE_MESSAGES.titleRequired)
    .max(GUIDE_LIMITS.titleMax, GUIDE_MESSAGES.titleMax),
  slug: text()
    .trim()
    .max(GUIDE_LIMITS.slugMax, GUIDE_MESSAGES.slugMax)
    .refine((v) => v === '' || SLUG_PATTERN.test(v), GUIDE_MESSAGES.slugInvalid)
    .default(''),
  categoryId: z.uuid(GUIDE_MESSAGES.categoryRequired),
  excerpt: optionalText(GUIDE_LIMITS.excerptMax, GUIDE_MESSAGES.excerptMax),
  content: text(GUIDE_MESSAGES.contentRequired)
    .trim()
    .min(1, GUIDE_MESSAGES.contentRequired)
    .max(GUIDE_LIMITS.contentMax, GUIDE_MESSAGES.contentMax),
  featuredImageUrl: text()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
  displayOrder: displayOrder.default(0),
  isPublished: z.boolean().default(false),
});
export type ArticleFormInput = z.input<typeof articleFormSchema>;
export type ArticleForm = z.output<typeof articleFormSchema>;

export const adminArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  excerpt: z.string().nullable(),
  content: z.string(),
  featuredImageUrl: z.string().nullable(),
  displayOrder: z.number(),
  isPublished: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const categoryFormSchema = z.object({
  name: text(GUIDE_MESSAGES.categoryNameRequired)
    .trim()
    .min(1, GUIDE_MESSAGES.categoryNameRequired)
    .max(GUIDE_LIMITS.categoryNameMax, GUIDE_MESSAGES.categoryNameMax),
});
export type CategoryForm = z.infer<typeof categoryFormSchema>;

export const categoryOrderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(200) });

export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  displayOrder: z.number(),
  articleCount: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** The admin's preview of article HTML: the sanitised result the readers will get. */
export const previewSchema = z.object({
  content: text().max(GUIDE_LIMITS.contentMax, GUIDE_MESSAGES.contentMax),
});

// ---------------------------------------------------------------------------------------------------------
// Admin: access requests and matric users

export const rejectSchema = z.object({
  reason: optionalText(GUIDE_LIMITS.reasonMax, GUIDE_MESSAGES.reasonMax),
});
export type RejectForm = z.input<typeof rejectSchema>;

export const adminAccessRequestSchema = accessRequestViewSchema.extend({
  userId: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  approvedByEmail: z.string().nullable(),
});
export type AdminAccessRequest = z.infer<typeof adminAccessRequestSchema>;

export const matricUserSchema = z.object({
  userId: z.string(),
  requestId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  paidAmount: z.number(),
  approvedAt: z.string().nullable(),
  lastAccessAt: z.string().nullable(),
  accessCount: z.number(),
});
export type MatricUser = z.infer<typeof matricUserSchema>;

export const matricUsersSchema = z.object({
  items: z.array(matricUserSchema),
  totals: z.object({ activeUsers: z.number(), totalAccess: z.number(), totalRevenue: z.number() }),
});
export type MatricUsers = z.infer<typeof matricUsersSchema>;

/** Rand amount as the guide pages show it: R50.00. */
export function rand(amount: number): string {
  return `R${amount.toFixed(2)}`;
}
