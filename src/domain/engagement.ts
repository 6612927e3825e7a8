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
import { formGuardShape, LINK_ONLY_MESSAGES, notOnlyLinks } from './spam.ts';
import { reviewResponseViewSchema } from './reports.ts';
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
  tooManyForEmail: 'Too many enquiries sent from this email address. Please try again in an hour.',
  loadFailed: 'Failed to load enquiries',
  empty: 'No enquiries found.',
} as const;

/** The conversation under an enquiry (issue 23): replies, the unread mark, the provider's mail note. */
export const CONVERSATION_MESSAGES = {
  replyLabel: 'Your reply',
  replyPlaceholder: 'Write your reply…',
  send: 'Send reply',
  sent: 'Reply sent',
  failed: 'Failed to send reply. Please try again.',
  loadFailed: 'Failed to load the conversation',
  tooMany: 'Too many replies sent. Please wait a minute and try again.',
  unread: 'New reply',
  empty: 'No replies yet.',
  verifyEmail:
    'Please verify your email address to receive new enquiries and replies by email. Until then they only appear here.',
  guestLink: 'Create an account with this email to continue the conversation',
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
    .max(LIMITS.enquiryMessageMax, ENQUIRY_MESSAGES.messageMax)
    .refine(notOnlyLinks, LINK_ONLY_MESSAGES.message),
});
export type EnquiryFormInput = z.input<typeof enquirySchema>;
export type EnquiryForm = z.output<typeof enquirySchema>;

/** Body of POST /api/enquiries: the form, its listing and the form guard's fields (decision 0059). */
export const createEnquirySchema = enquirySchema.extend({
  listingId: z.uuid('Listing not found'),
  ...formGuardShape,
});
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

/** A reply in an enquiry's conversation (POST /api/enquiries/{id}/messages): validated like the enquiry. */
export const enquiryReplySchema = z.object({
  body: text(ENQUIRY_MESSAGES.messageMin)
    .trim()
    .min(LIMITS.enquiryMessageMin, ENQUIRY_MESSAGES.messageMin)
    .max(LIMITS.enquiryMessageMax, ENQUIRY_MESSAGES.messageMax)
    .refine(notOnlyLinks, LINK_ONLY_MESSAGES.message),
});
export type EnquiryReplyInput = z.input<typeof enquiryReplySchema>;
export type EnquiryReply = z.output<typeof enquiryReplySchema>;

export const ENQUIRY_AUTHOR_SIDES = ['client', 'provider', 'admin'] as const;
export type EnquiryAuthorSide = (typeof ENQUIRY_AUTHOR_SIDES)[number];

export const enquiryMessageViewSchema = z.object({
  id: z.string(),
  authorSide: z.enum(ENQUIRY_AUTHOR_SIDES),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Written by the caller. */
  mine: z.boolean(),
});
export type EnquiryMessageView = z.infer<typeof enquiryMessageViewSchema>;

/** The messages after the enquiry itself, oldest first. */
export const conversationSchema = z.object({ items: z.array(enquiryMessageViewSchema) });
export type Conversation = z.infer<typeof conversationSchema>;

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
  /** Replies in its conversation. */
  messageCount: z.number(),
  /** A message from the other side the caller has not opened yet. */
  unread: z.boolean(),
});
export type EnquiryView = z.infer<typeof enquiryViewSchema>;

export const enquiryListSchema = z.object({
  items: z.array(enquiryViewSchema),
  /** All matching enquiries; items holds at most ENQUIRY_LIST_MAX of them, newest first. */
  total: z.number(),
  /** Whether the caller's address is verified: notifications go to verified addresses only. */
  emailVerified: z.boolean(),
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
  comment: optionalText(LIMITS.reviewCommentMax, REVIEW_MESSAGES.commentMax).refine(notOnlyLinks, {
    message: LINK_ONLY_MESSAGES.comment,
  }),
});
export type ReviewInput = z.input<typeof reviewSchema>;
export type Review = z.output<typeof reviewSchema>;

export const reviewViewSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  /** null: the author deleted their account ('Anonymous User'). */
  userId: z.string().nullable(),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ name: z.string().nullable(), avatarUrl: z.string().nullable() }),
  /** The provider's public response, if any. */
  response: reviewResponseViewSchema.nullable(),
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
