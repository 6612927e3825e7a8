/**
 * Client engagement (enquiries, reviews, favourites): validation and response shapes shared by the server
 * (request bodies, responses) and the web app (forms). No I/O here.
 *
 * Length limits: the spec's messages read "must be less than N characters", but its limits are "at most N"
 * (section 5 and 9). So exactly N characters passes and N + 1 fails, after trimming.
 */
import { z } from 'zod';
import { ENQUIRY_STATUSES, LIMITS } from './constants.ts';
import { listingCardSchema } from './listings.ts';
import { optionalText, text } from './text.ts';

// ---------------------------------------------------------------------------------------------------------
// Enquiries

export const ENQUIRY_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: 'Name must be less than 100 characters',
  emailInvalid: 'Invalid email address',
  emailMax: 'Email must be less than 255 characters',
  phoneMax: 'Phone must be less than 20 characters',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must be less than 1000 characters',
  sent: 'Your enquiry has been sent successfully!',
  followUp: 'Sign up to track your enquiries and get faster responses!',
  failed: 'Failed to send enquiry. Please try again.',
  tooMany: 'Too many enquiries sent. Please wait a minute and try again.',
  loadFailed: 'Failed to load enquiries',
  empty: 'No enquiries found.',
} as const;

/** The enquiry form and the body of POST /api/enquiries (without listingId). */
export const enquirySchema = z.object({
  name: text(ENQUIRY_MESSAGES.nameRequired)
    .trim()
    .min(1, ENQUIRY_MESSAGES.nameRequired)
    .max(LIMITS.enquiryNameMax, ENQUIRY_MESSAGES.nameMax),
  email: text(ENQUIRY_MESSAGES.emailInvalid)
    .trim()
    .max(LIMITS.enquiryEmailMax, ENQUIRY_MESSAGES.emailMax)
    .pipe(z.email(ENQUIRY_MESSAGES.emailInvalid)),
  phone: optionalText(LIMITS.enquiryPhoneMax, ENQUIRY_MESSAGES.phoneMax),
  message: text(ENQUIRY_MESSAGES.messageMin)
    .trim()
    .min(LIMITS.enquiryMessageMin, ENQUIRY_MESSAGES.messageMin)
    .max(LIMITS.enquiryMessageMax, ENQUIRY_MESSAGES.messageMax),
});
export type EnquiryFormInput = z.input<typeof enquirySchema>;
export type EnquiryForm = z.output<typeof enquirySchema>;

export const createEnquirySchema = enquirySchema.extend({ listingId: z.uuid('Listing not found') });
export type CreateEnquiryRequest = z.input<typeof createEnquirySchema>;

export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES);
/** What a provider (or admin) may set: the status starts 'new' and never goes back. */
export const enquiryStatusUpdateSchema = z.object({
  status: z.enum(['read', 'replied', 'archived'], { message: 'Status must be read, replied or archived' }),
});
export type EnquiryStatusUpdate = z.infer<typeof enquiryStatusUpdateSchema>;

export const ENQUIRY_STATUS_LABELS: Record<z.infer<typeof enquiryStatusSchema>, string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  archived: 'Archived',
};

export const enquiryViewSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  serviceProviderId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string().nullable(),
  message: z.string(),
  status: enquiryStatusSchema,
  createdAt: z.string(),
  /** null when the listing was deleted ('Deleted Listing'). */
  listing: z.object({ id: z.string(), title: z.string(), categoryName: z.string().nullable() }).nullable(),
  /** The provider the enquiry went to (shown to users and admins). */
  providerName: z.string().nullable(),
});
export type EnquiryView = z.infer<typeof enquiryViewSchema>;

export const enquiryListSchema = z.object({
  items: z.array(enquiryViewSchema),
  /** All matching enquiries; items holds at most ENQUIRY_LIST_MAX of them, newest first. */
  total: z.number(),
});
export type EnquiryList = z.infer<typeof enquiryListSchema>;
export const ENQUIRY_LIST_MAX = 500;

// ---------------------------------------------------------------------------------------------------------
// Reviews

export const REVIEW_MESSAGES = {
  ratingRequiredTitle: 'Rating required',
  ratingRequired: 'Please select a star rating',
  commentMax: 'Comment must be at most 500 characters',
  authRequiredTitle: 'Authentication required',
  authRequired: 'Please sign in to leave a review',
  packageCannotReceive: 'This provider needs to upgrade to Standard or Premium package to receive reviews.',
  ownListing: 'You cannot review your own listing',
  notYours: 'You can only change your own reviews',
  submitted: 'Review submitted',
  updated: 'Review updated',
  deleted: 'Review deleted',
  deleteFailed: 'Failed to delete review',
  submitFailed: 'Failed to submit review',
  deleteConfirm: 'Are you sure you want to delete your review? This action cannot be undone.',
} as const;

export const reviewSchema = z.object({
  rating: z
    .number({ message: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(1, REVIEW_MESSAGES.ratingRequired)
    .max(5, REVIEW_MESSAGES.ratingRequired),
  comment: optionalText(LIMITS.reviewCommentMax, REVIEW_MESSAGES.commentMax),
});
export type ReviewInput = z.input<typeof reviewSchema>;
export type Review = z.output<typeof reviewSchema>;

export const reviewViewSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  userId: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ name: z.string().nullable(), avatarUrl: z.string().nullable() }),
});
export type ReviewView = z.infer<typeof reviewViewSchema>;

export const listingReviewsSchema = z.object({
  items: z.array(reviewViewSchema),
  /** Mean rating (0 without reviews); shown with one decimal. */
  average: z.number(),
  count: z.number(),
  /** Whether the listing's provider package can receive reviews. */
  canReceiveReviews: z.boolean(),
  /** The caller's own review on this listing, if any. */
  myReviewId: z.string().nullable(),
  /** Whether the caller owns the listing (providers do not review their own listings). */
  ownListing: z.boolean(),
});
export type ListingReviews = z.infer<typeof listingReviewsSchema>;

export const reviewChangeSchema = z.object({
  review: reviewViewSchema,
  /** The listing's kept aggregate after the change. */
  listing: z.object({ id: z.string(), rating: z.number(), reviewCount: z.number() }),
});
export type ReviewChange = z.infer<typeof reviewChangeSchema>;

/** Average with one decimal, as the reviews section shows it. */
export function averageLabel(average: number): string {
  return average.toFixed(1);
}

export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

// ---------------------------------------------------------------------------------------------------------
// Favourites

export const addFavoriteSchema = z.object({ listingId: z.uuid('Listing not found') });
export const favoriteIdsSchema = z.object({ ids: z.array(z.string()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

export const favoriteItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** null when the listing was deleted (or is no longer public): shown as 'Deleted Listing', category 'Unknown'. */
  listing: listingCardSchema.nullable(),
});
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;
export const favoriteListSchema = z.object({ items: z.array(favoriteItemSchema) });
export type FavoriteList = z.infer<typeof favoriteListSchema>;
