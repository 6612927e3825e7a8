/**
 * Email notification categories, shared by the server (the outbox honours them, the unsubscribe link turns
 * one off) and the web (the Account tab's switches). Essential mail (address verification, password reset,
 * a changed address) is always sent and has no switch; every other kind of message belongs to one
 * category that each user may turn off. No I/O here.
 */
import { z } from 'zod';
import type { Role } from './constants.ts';
import { choiceFilter, listQuerySchema, textFilter } from './table.ts';

export const NOTIFICATION_CATEGORIES = [
  'enquiries',
  'conversations',
  'listing_moderation',
  'guide_access',
  'packages',
  'admin_listings',
  'admin_guide_payments',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** The category of essential mail: never switched off, never carries an unsubscribe link. */
export const ESSENTIAL_CATEGORY = 'account' as const;
export type MailCategory = NotificationCategory | typeof ESSENTIAL_CATEGORY;

export interface NotificationCategoryInfo {
  label: string;
  description: string;
  /** Who gets this mail, so the settings screen shows only the switches that concern the user. */
  roles: readonly Role[];
}

export const NOTIFICATION_CATEGORY_INFO: Record<NotificationCategory, NotificationCategoryInfo> = {
  enquiries: {
    label: 'New enquiries',
    description: 'When a client sends an enquiry about one of your listings.',
    roles: ['service_provider', 'admin'],
  },
  conversations: {
    label: 'Replies to enquiries',
    description: 'When someone replies in one of your enquiry conversations.',
    roles: ['user', 'service_provider', 'admin'],
  },
  listing_moderation: {
    label: 'Listing approvals',
    description: 'When one of your listings is approved or rejected.',
    roles: ['service_provider', 'admin'],
  },
  guide_access: {
    label: 'Matric Guide access',
    description: 'When your Matric Guide access is approved, rejected or revoked.',
    roles: ['user', 'service_provider', 'admin'],
  },
  packages: {
    label: 'Package reminders',
    description: 'When your package is activated, is about to expire or has expired.',
    roles: ['service_provider', 'admin'],
  },
  admin_listings: {
    label: 'Listings awaiting moderation',
    description: 'When a provider submits a listing for review.',
    roles: ['admin'],
  },
  admin_guide_payments: {
    label: 'Matric Guide payment proofs',
    description: 'When a user submits proof of payment for the Matric Guide.',
    roles: ['admin'],
  },
};

/** The categories whose switches a user with this role sees. */
export function categoriesFor(role: Role): NotificationCategory[] {
  return NOTIFICATION_CATEGORIES.filter((c) => NOTIFICATION_CATEGORY_INFO[c].roles.includes(role));
}

export const notificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES, {
  error: 'Unknown notification category',
});

/** GET /api/me/notification-settings: every category the user sees, on unless they turned it off. */
export const notificationSettingsSchema = z.object({
  settings: z.array(
    z.object({
      category: notificationCategorySchema,
      label: z.string(),
      description: z.string(),
      enabled: z.boolean(),
    }),
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/me/notification-settings: the switches that change (others stay as they are). */
export const notificationSettingsUpdateSchema = z.object({
  settings: z
    .array(z.object({ category: notificationCategorySchema, enabled: z.boolean() }))
    .min(1, 'Choose at least one setting')
    .max(NOTIFICATION_CATEGORIES.length, 'Too many settings')
    .refine(
      (list) => new Set(list.map((s) => s.category)).size === list.length,
      'Each category may appear once',
    ),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// The outbox as admins see it

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET /api/admin/outbox: newest first; filter by status (e.g. ?status=failed) and kind. */
export const outboxQuerySchema = listQuerySchema({
  sortFields: ['created_at', 'next_attempt_at'],
  defaultSort: 'created_at',
}).extend({
  status: choiceFilter(OUTBOX_STATUSES),
  kind: textFilter(60, 'Kind'),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

export const outboxRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  category: z.string(),
  /** Empty once the row is redacted (30 days after it was settled). */
  recipient: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;
export const outboxPageSchema = z.object({ items: z.array(outboxRowSchema), total: z.number() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;
