/**
 * A user's own data (issue 24, POPIA): the Settings › Privacy tab's download and account deletion, shared by
 * the server (request body, messages) and the web (form, notices). No I/O here. Decision 0056.
 */
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { text } from './text.ts';

/** The word typed to confirm a deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const PRIVACY_MESSAGES = {
  passwordRequired: 'Password is required',
  passwordWrong: 'Password is incorrect',
  confirmationWrong: `Type ${DELETE_CONFIRMATION_WORD} to confirm`,
  lastAdmin: 'You are the only admin. Make another user an admin before deleting your account.',
  accountDeleted: 'Your account has been deleted.',
  tooManyExports: 'Too many downloads of your data. Please try again in an hour.',
  tooManyDeletions: 'Too many attempts. Please wait a few minutes and try again.',
  exportFailed: 'Failed to download your data',
  deleteFailed: 'Failed to delete your account',
} as const;

/** What an enquiry keeps of a sender whose account was deleted (the provider keeps the enquiry itself). */
export const DELETED_SENDER_NAME = 'Deleted user';
/** Not an address (the reserved .invalid domain): nothing is ever mailed to it. */
export const DELETED_SENDER_EMAIL = 'removed@deleted-account.invalid';

/** How many data exports a user may download per hour. */
export const DATA_EXPORTS_PER_HOUR = 5;

/** POST /api/me/delete-account (and the Privacy tab's form). */
export const deleteAccountSchema = z.object({
  password: text()
    .min(1, PRIVACY_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
  confirmation: text()
    .trim()
    .max(50, PRIVACY_MESSAGES.confirmationWrong)
    .refine((v) => v === DELETE_CONFIRMATION_WORD, PRIVACY_MESSAGES.confirmationWrong),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;

export const deleteAccountResponseSchema = z.object({ message: z.string() });

/** The file name of a download: `matric-moments-data-2026-11-27.json`. */
export function exportFileName(now: Date): string {
  return `matric-moments-data-${now.toISOString().slice(0, 10)}.json`;
}
