/**
 * Reports of listings and reviews (issue 24), and the provider's public response to a review: the request
 * bodies, the admin queue's list query and rows, and the words both sides show. No I/O here.
 *
 * The report bodies are plain zod objects so that form-wide checks (the spam guard's honeypot and fill time)
 * can be added with `.extend()`.
 */
import { z } from 'zod';
import { REJECTION_REASON_MAX } from './admin.ts';
import { formGuardShape } from './spam.ts';
import { choiceFilter, listQuerySchema, textFilter } from './table.ts';
import { text } from './text.ts';

export const REPORT_REASONS = ['misleading', 'inappropriate', 'scam', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  misleading: 'Misleading or false',
  inappropriate: 'Inappropriate content',
  scam: 'Scam or fraud',
  duplicate: 'Duplicate listing',
  other: 'Other',
};

export const REPORT_TYPES = ['listing', 'review'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = { listing: 'Listing', review: 'Review' };

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

export const REPORT_DETAILS_MAX = 1000;
export const REVIEW_RESPONSE_MAX = 1000;

export const REPORT_MESSAGES = {
  reasonRequired: 'Please choose a reason',
  detailsRequired: 'Please describe the problem',
  detailsMax: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
  listingAlreadyReported: 'You have already reported this listing. Our team is looking into it.',
  reviewAlreadyReported: 'You have already reported this review. Our team is looking into it.',
  tooMany: 'Too many reports sent. Please wait a few minutes and try again.',
  tooManyForListing: 'This listing has been reported many times recently. Our team is looking into it.',
  sent: 'Thank you. Your report has been sent to our team.',
  failed: 'Failed to send report. Please try again.',
  reportNotFound: 'Report not found',
  notOpen: 'This report has already been handled',
  reviewGone: 'This review has already been removed',
  notListingReport: 'Only a listing report can unpublish its listing',
  notReviewReport: 'Only a review report can remove its review',
  reviewSignInRequired: 'Please sign in to report a review',
} as const;

export const REVIEW_RESPONSE_MESSAGES = {
  required: 'Please write a response',
  max: `Response must be at most ${REVIEW_RESPONSE_MAX} characters`,
  notYours: 'Only the provider of this listing can respond to its reviews',
  notFound: 'This review has no response',
  saved: 'Response published',
  updated: 'Response updated',
  deleted: 'Response deleted',
  failed: 'Failed to save response. Please try again.',
  deleteFailed: 'Failed to delete response',
  deleteConfirm: 'Delete your response to this review? This cannot be undone.',
} as const;

const reportFields = {
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  details: text()
    .trim()
    .max(REPORT_DETAILS_MAX, REPORT_MESSAGES.detailsMax)
    .nullish()
    .transform((v) => (v ? v : null)),
};

function detailsForOther(value: { reason: ReportReason; details: string | null }, ctx: z.RefinementCtx) {
  if (value.reason === 'other' && !value.details) {
    ctx.addIssue({ code: 'custom', path: ['details'], message: REPORT_MESSAGES.detailsRequired });
  }
}

/** What the report dialog asks: a reason, and details (required for Other). */
export const reportSchema = z.object(reportFields).superRefine(detailsForOther);

/**
 * The body of POST /api/listings/{id}/reports and POST /api/reviews/{id}/reports: the dialog's fields and
 * the form guard's (honeypot and signed fill time, decision 0059).
 */
export const createReportSchema = z
  .object({ ...reportFields, ...formGuardShape })
  .superRefine(detailsForOther);
export type ReportInput = z.input<typeof reportSchema>;
export type Report = z.output<typeof reportSchema>;

export const reportCreatedSchema = z.object({ id: z.string() });

/** The body of PUT /api/reviews/{id}/response. */
export const reviewResponseSchema = z.object({
  body: text(REVIEW_RESPONSE_MESSAGES.required)
    .trim()
    .min(1, REVIEW_RESPONSE_MESSAGES.required)
    .max(REVIEW_RESPONSE_MAX, REVIEW_RESPONSE_MESSAGES.max),
});
export type ReviewResponseInput = z.input<typeof reviewResponseSchema>;

/** The response shown under a review ('Response from {business name}'). */
export const reviewResponseViewSchema = z.object({
  body: z.string(),
  businessName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewResponseView = z.infer<typeof reviewResponseViewSchema>;

export const responseHeading = (businessName: string) => `Response from ${businessName}`;

// ---------------------------------------------------------------------------------------------------------
// The admin queue (/admin/reports)

export const reportQuerySchema = listQuerySchema({
  sortFields: ['created_at', 'reason', 'listing'],
  defaultSort: 'created_at',
}).extend({
  search: textFilter(100, 'Search'),
  status: choiceFilter(REPORT_STATUSES, 'open'),
  type: choiceFilter(REPORT_TYPES),
  reason: choiceFilter(REPORT_REASONS),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const reportRowSchema = z.object({
  id: z.string(),
  type: z.enum(REPORT_TYPES),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  listing: z.object({
    id: z.string(),
    title: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    businessName: z.string(),
  }),
  /** The reported review (review reports); null once it has been removed. */
  review: z
    .object({
      id: z.string(),
      rating: z.number(),
      comment: z.string().nullable(),
      authorName: z.string().nullable(),
    })
    .nullable(),
  /** The reporter's name; null for a visitor or a deleted account ('Visitor'). */
  reporterName: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportPageSchema = z.object({
  items: z.array(reportRowSchema),
  total: z.number(),
  /** Open reports in the whole queue (the sidebar's count). */
  open: z.number(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

/** Unpublishing from a report: the reason the provider sees, as moderation's rejection reason. */
export const unpublishReasonSchema = z.object({
  reason: text('Please give the reason the provider will see')
    .trim()
    .min(1, 'Please give the reason the provider will see')
    .max(REJECTION_REASON_MAX, `Reason must be at most ${REJECTION_REASON_MAX} characters`),
});

export const reportActionResultSchema = z.object({
  /** The reports this action closed (every open report of the listing or review it acted on). */
  closed: z.number(),
  status: z.enum(['resolved', 'dismissed']),
});
export type ReportActionResult = z.infer<typeof reportActionResultSchema>;

export const reporterLabel = (name: string | null) => name ?? 'Visitor';
