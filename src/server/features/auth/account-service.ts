/**
 * Account self-service through better-auth's own flows: forgot and reset password, email verification
 * (resend, confirm), change password and change email. better-auth's send functions (auth/auth.ts) put the
 * mail in the outbox; the notice to the old address of a changed email is written here, in the transaction
 * that settles the change on our side (decision 0043).
 */
import { and, eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import {
  ALREADY_VERIFIED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGED,
  EMAIL_VERIFIED,
  FORGOT_PASSWORD_SENT,
  PASSWORD_CHANGED,
  PASSWORD_UPDATED,
  RESET_LINK_INVALID,
  SAME_EMAIL,
  VERIFICATION_SENT,
  VERIFY_LINK_INVALID,
  changeEmailSent,
  type AccountMessage,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '../../../domain/account.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { AppError, badRequest, unauthorized } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';

const codeOf = (err: unknown) =>
  err instanceof APIError ? ((err.body as { code?: string } | undefined)?.code ?? '') : '';

/** Password length errors better-auth checks again (our schemas refuse them first). */
function passwordRuleError(err: unknown): AppError | null {
  const code = codeOf(err);
  if (code === 'PASSWORD_TOO_SHORT')
    return badRequest('Password must be at least 6 characters', {
      newPassword: 'Password must be at least 6 characters',
    });
  if (code === 'PASSWORD_TOO_LONG')
    return badRequest('Password must be at most 128 characters', {
      newPassword: 'Password must be at most 128 characters',
    });
  return null;
}

/** Same answer whether or not the account exists (better-auth does nothing for an unknown address). */
export async function requestPasswordReset(
  auth: Auth,
  email: string,
  headers: Headers,
): Promise<AccountMessage> {
  await auth.api.requestPasswordReset({ body: { email: email.trim().toLowerCase() }, headers });
  return { message: FORGOT_PASSWORD_SENT };
}

/** Sets the new password, spends the link and ends every session of the account (auth.ts). */
export async function resetPassword(auth: Auth, input: ResetPasswordRequest): Promise<AccountMessage> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (err) {
    const rule = passwordRuleError(err);
    if (rule) throw rule;
    if (err instanceof APIError && err.statusCode < 500) throw badRequest(RESET_LINK_INVALID);
    throw err;
  }
  return { message: PASSWORD_UPDATED };
}

/** What a verification link's token says, read without trusting it (better-auth checks the signature). */
function tokenClaims(token: string): {
  email?: string;
  updateTo?: string;
  requestType?: string;
  userId?: string;
} {
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Opens a verification link: confirms the account's address, or, for a change of address, moves the
 * account to the new one (which the link proved to be the user's) and tells the old address.
 */
export async function verifyEmail(
  db: Db,
  auth: Auth,
  token: string,
  headers: Headers,
): Promise<{ message: string; setCookies: string[] }> {
  const claims = tokenClaims(token);
  let setCookies: string[];
  try {
    const result = await auth.api.verifyEmail({ query: { token }, headers, returnHeaders: true });
    setCookies = result.headers.getSetCookie();
  } catch (err) {
    if (err instanceof APIError && err.statusCode < 500) throw badRequest(VERIFY_LINK_INVALID);
    throw err;
  }
  const change =
    claims.requestType === 'change-email-verification' && claims.updateTo && claims.email && claims.userId;
  if (!change) return { message: EMAIL_VERIFIED, setCookies };
  const oldEmail = claims.email!;
  const newEmail = claims.updateTo!;
  const userId = claims.userId!;
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(and(eq(user.id, userId), eq(user.email, newEmail)))
      .returning({ name: user.name });
    if (!changed) return;
    await enqueueMail(tx, {
      kind: 'email_changed',
      to: oldEmail,
      userId,
      payload: { name: changed.name, oldEmail, newEmail, changedAt: new Date().toISOString() },
    });
  });
  return { message: EMAIL_CHANGED, setCookies };
}

/** Sends the signed-in user a fresh verification link (refused once the address is verified). */
export async function resendVerification(
  db: Db,
  auth: Auth,
  actor: Actor,
  headers: Headers,
): Promise<AccountMessage> {
  const [me] = await db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, actor.userId));
  if (!me) throw unauthorized();
  if (me.emailVerified) throw new AppError(409, 'ALREADY_VERIFIED', ALREADY_VERIFIED);
  await auth.api.sendVerificationEmail({ body: { email: me.email }, headers });
  return { message: VERIFICATION_SENT };
}

/** Changes the password (the current one required); every other session ends, this one gets a new cookie. */
export async function changePassword(
  auth: Auth,
  input: ChangePasswordRequest,
  headers: Headers,
): Promise<{ message: string; setCookies: string[] }> {
  try {
    const result = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    return { message: PASSWORD_CHANGED, setCookies: result.headers.getSetCookie() };
  } catch (err) {
    const rule = passwordRuleError(err);
    if (rule) throw rule;
    const code = codeOf(err);
    if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
      throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
    if (err instanceof APIError && err.statusCode === 401) throw unauthorized();
    throw err;
  }
}

/**
 * Sends a confirmation link to the new address; the account moves to it when the link is opened. An
 * address another account uses gets the same answer and no mail (better-auth's choice: nothing leaks).
 */
export async function changeEmail(
  auth: Auth,
  actor: Actor,
  input: ChangeEmailRequest,
  headers: Headers,
): Promise<AccountMessage> {
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === actor.email.toLowerCase()) throw badRequest(SAME_EMAIL, { newEmail: SAME_EMAIL });
  try {
    await auth.api.changeEmail({ body: { newEmail }, headers });
  } catch (err) {
    if (err instanceof APIError && err.statusCode === 401) throw unauthorized();
    throw err;
  }
  return { message: changeEmailSent(newEmail) };
}
