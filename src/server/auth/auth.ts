/**
 * better-auth: email and password accounts with cookie sessions, stored in our database through Drizzle.
 * Our routes (features/auth) call its server API; its own HTTP handler is not exposed, so validation,
 * rate limits, cross-site checks and error messages stay ours.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { LIMITS } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  /** Silences better-auth's own logger (tests). */
  quiet?: boolean;
}

export function createAuth({ db, secret, publicUrl, quiet = false }: AuthOptions) {
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
      autoSignIn: true,
      requireEmailVerification: false,
    },
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
