/**
 * Edits to an approved listing that wait for an admin (issue 28 item 3, docs/decisions/0041-held-listing-changes.md).
 * The fields that could mislead a customer (title, category, description, province, city, and an image set
 * that adds a picture) are held; price, coordinates, and the order, primary choice or removal of pictures
 * the admin already saw go live at once. Shared by the provider's edit screen, the admin's moderation
 * screens and the server. No I/O here.
 */
import { z } from 'zod';

export const HELD_CHANGES_MESSAGES = {
  awaiting: 'Changes awaiting approval',
  awaitingHint:
    'Customers see the approved version until an admin approves your changes. Saving again replaces them.',
  rejected: 'Changes not approved',
  rejectedHint: 'Customers still see the approved version.',
  approved: 'Changes approved!',
  approvedDescription: 'The new version is now live.',
  rejectedToast: 'Changes rejected',
  rejectedToastDescription: 'The approved version stays live.',
  failed: 'Error updating listing',
  none: 'This listing has no changes awaiting approval',
  stale: 'The provider edited these changes after you opened them. Review the latest version.',
  reasonRequired: 'Please give a reason',
  tab: 'Changes',
  approvedVersion: 'Approved version',
  newVersion: 'Awaiting approval',
} as const;

/** The fields an edit of an approved listing holds for moderation, in the order screens list them. */
export const HELD_FIELDS = ['title', 'categoryId', 'description', 'province', 'city', 'images'] as const;
export type HeldField = (typeof HELD_FIELDS)[number];
export const HELD_FIELD_LABELS: Record<HeldField, string> = {
  title: 'Title',
  categoryId: 'Category',
  description: 'Description',
  province: 'Province',
  city: 'City',
  images: 'Images',
};

export interface HeldContent {
  title: string;
  categoryId: string;
  description: string;
  province: string;
  city: string;
  /** Image URLs in display order. */
  imageUrls: readonly string[];
}

/** What an edit holds: the differing text fields, and `images` when the proposed set adds a picture. */
export type HeldPart = Partial<Omit<HeldContent, 'imageUrls'>> & { images?: true };

/**
 * The part of an edit that waits for an admin, or null when everything it changes may go live at once.
 * Images are held only when the proposed set contains a picture the approved version does not have:
 * reordering, choosing another primary among approved pictures or removing one cannot mislead.
 */
export function heldPartOf(approved: HeldContent, proposed: HeldContent): HeldPart | null {
  const held: HeldPart = {};
  for (const field of ['title', 'categoryId', 'description', 'province', 'city'] as const) {
    if (proposed[field] !== approved[field]) held[field] = proposed[field];
  }
  const live = new Set(approved.imageUrls);
  if (proposed.imageUrls.some((url) => !live.has(url))) held.images = true;
  return Object.keys(held).length > 0 ? held : null;
}

/** One changed field as both screens show it: the approved value beside the one awaiting approval. */
const changedFieldSchema = z.object({
  field: z.enum(HELD_FIELDS),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});

/** Held changes of one listing (the admin's detail and the provider's edit screen). */
export const listingChangesSchema = z.object({
  /** Names this submission; the admin's decision must name the one they saw. */
  revision: z.string(),
  submittedAt: z.string(),
  /** The text fields that differ, with the approved and the proposed value. */
  fields: z.array(changedFieldSchema),
  /** Both image sets (URLs in display order) when the new one adds a picture. */
  images: z.object({ before: z.array(z.string()), after: z.array(z.string()) }).nullable(),
});
export type ListingChanges = z.infer<typeof listingChangesSchema>;
