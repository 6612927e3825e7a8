/**
 * Account self-service shared by the server (request bodies, answers) and the web (forms, notices): forgot
 * and reset password, email verification, and the Settings › Account tab (change password, change email).
 * The password rules and messages are sign-up's. No I/O here.
 */
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { text } from './text.ts';

export const FORGOT_PASSWORD_SENT =
  "If an account exists for that email, we've sent a link to reset your password.";
export const PASSWORD_UPDATED = 'Password updated. Please sign in.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
export const VERIFY_EMAIL_NOTICE = 'Please verify your email address';
export const VERIFICATION_SENT = 'Verification email sent. Please check your inbox.';
export const EMAIL_VERIFIED = 'Your email address is verified.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired.';
export const EMAIL_CHANGED = 'Your email address has been changed.';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const PASSWORD_CHANGED = 'Password changed. Your other sessions have been signed out.';
export const SAME_EMAIL = 'This is already your email address';
export const TOO_MANY_RESET_REQUESTS = 'Too many reset requests. Please wait a few minutes and try again.';
export const TOO_MANY_VERIFICATION_EMAILS =
  'Too many verification emails. Please wait a few minutes and try again.';
export const TOO_MANY_ACCOUNT_CHANGES = 'Too many attempts. Please wait a few minutes and try again.';
export const changeEmailSent = (newEmail: string) =>
  `We've sent a confirmation link to ${newEmail}. Your email address changes once you open it.`;

/** How long a reset link works (the issue: one hour) and a verification link. */
export const RESET_LINK_SECONDS = 60 * 60;
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

const email = text()
  .trim()
  .min(1, 'Email is required')
  .max(255, 'Email must be less than 255 characters')
  .email('Invalid email address');

const newPassword = text()
  .min(1, 'Password is required')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

const confirmPassword = text().min(1, 'Please confirm your password');

const token = text().trim().min(1, RESET_LINK_INVALID).max(1000, RESET_LINK_INVALID);

const matching = <T extends { newPassword: string; confirmPassword: string }>(data: T) =>
  data.newPassword === data.confirmPassword;
const mismatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** POST /api/auth/forgot-password (and its form). */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the link's token and the new password, typed twice. */
export const resetPasswordSchema = z
  .object({ token, newPassword, confirmPassword })
  .refine(matching, mismatch);
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;
export const resetPasswordFormSchema = z.object({ newPassword, confirmPassword }).refine(matching, mismatch);

/** POST /api/auth/verify-email: the token of a verification (or change-of-address) link. */
export const verifyEmailSchema = z.object({
  token: text().trim().min(1, VERIFY_LINK_INVALID).max(2000, VERIFY_LINK_INVALID),
});

/** POST /api/me/password (and the Account tab's form). */
export const changePasswordSchema = z
  .object({
    currentPassword: text()
      .min(1, 'Current password is required')
      .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
    newPassword,
    confirmPassword,
  })
  .refine(matching, mismatch);
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** POST /api/me/email (and the Account tab's form). */
export const changeEmailSchema = z.object({ newEmail: email });
export type ChangeEmailRequest = z.infer<typeof changeEmailSchema>;

/** The answer of these routes: what to tell the user. */
export const accountMessageSchema = z.object({ message: z.string() });
export type AccountMessage = z.infer<typeof accountMessageSchema>;
