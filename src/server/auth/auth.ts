/**
 * better-auth: email and password accounts with cookie sessions, stored in our database through Drizzle.
 * Our routes (features/auth) call its server API; its own HTTP handler is not exposed, so validation,
 * rate limits, cross-site checks and error messages stay ours.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createEmailVerificationToken } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { RESET_LINK_SECONDS, VERIFICATION_LINK_SECONDS } from '../../domain/account.ts';
import { LIMITS } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  /** Silences better-auth's own logger (tests). */
  quiet?: boolean;
  /**
   * Tests: each distinct password is hashed once, and each (hash, password) pair checked once, per process.
   * Still better-auth's scrypt, whose cost is the point in production and only waiting in tests: a
   * thousand sign-ups and sign-ins of 'secret123' took minutes of CI (decision 0062).
   */
  rememberPasswordWork?: boolean;
}

const hashes = new Map<string, Promise<string>>();
const checks = new Map<string, Promise<boolean>>();
const rememberedPasswordWork = {
  hash(password: string): Promise<string> {
    let hash = hashes.get(password);
    if (!hash) hashes.set(password, (hash = hashPassword(password)));
    return hash;
  },
  verify(data: { hash: string; password: string }): Promise<boolean> {
    const key = JSON.stringify([data.hash, data.password]);
    let ok = checks.get(key);
    if (!ok) checks.set(key, (ok = verifyPassword(data)));
    return ok;
  },
};

export function createAuth({
  db,
  secret,
  publicUrl,
  quiet = false,
  rememberPasswordWork = false,
}: AuthOptions) {
  return betterAuth({
    appName: 'Matric Moments',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      ...(rememberPasswordWork ? { password: rememberedPasswordWork } : {}),
      autoSignIn: true,
      requireEmailVerification: false,
      // Reset links: single use (better-auth consumes the token with the new password), one hour, and every
      // session of the account ends. better-auth writes the token itself, outside any transaction of ours,
      // then calls this: the message is its own committed write (decision 0043).
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, token }) => {
        await enqueueMail(db, {
          kind: 'password_reset',
          to: u.email,
          userId: u.id,
          payload: { name: u.name, token },
        });
      },
    },
    // Verification links (sign-up's is enqueued in the sign-up transaction, features/auth/service.ts; this
    // sends the resent ones and the confirmation of a new address, to that new address).
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user: u, token }) => {
        await enqueueMail(db, {
          kind: 'email_verification',
          to: u.email,
          userId: u.id,
          payload: { name: u.name, email: u.email, token },
        });
      },
    },
    // A new address is confirmed by a link sent to it; the old one is told afterwards (account-service.ts).
    user: { changeEmail: { enabled: true } },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      // Sessions slide: used within the last day keeps them alive another 30 days.
      updateAge: 60 * 60 * 24,
    },
    // Our routes apply their own per-IP and per-email limits.
    rateLimit: { enabled: false },
    trustedOrigins: [publicUrl],
    telemetry: { enabled: false },
    logger: { disabled: quiet },
    advanced: {
      cookiePrefix: 'mm',
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The token of a verification link for a new account's address (the same one better-auth signs). */
export async function emailVerificationToken(secret: string, email: string, userId: string): Promise<string> {
  return createEmailVerificationToken(secret, email, undefined, VERIFICATION_LINK_SECONDS, { userId });
}
