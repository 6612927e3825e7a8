/** Accounts: sign-up (with the optional package chosen on /packages), sign-in, sign-out and the /me view. */
import { randomUUID } from 'node:crypto';
import { addYears } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { BASIC_PACKAGE_YEARS } from '../../../domain/constants.ts';
import type { Me, SignInRequest, SignUpRequest, SignUpResponse } from '../../../domain/auth.ts';
import { emailVerificationToken, type Auth } from '../../auth/auth.ts';
import { effectiveRole } from '../../auth/policy.ts';
import { grantRole, rolesOf } from '../../auth/roles.ts';
import type { Db } from '../../db/client.ts';
import { packages, profiles, serviceProviders, user, userConsents } from '../../db/schema.ts';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { legalPolicyVersion } from '../content/legal.ts';
import { getDemoMode } from '../settings/service.ts';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_CREDENTIALS_CODE = 'INVALID_CREDENTIALS';

/** Maps better-auth's errors onto our error format. */
function fromAuthError(err: unknown, fallback: string): never {
  if (err instanceof APIError) {
    const code = (err.body as { code?: string } | undefined)?.code ?? '';
    if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')
      throw conflict(EMAIL_TAKEN);
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'USER_NOT_FOUND')
      throw new AppError(401, INVALID_CREDENTIALS_CODE, INVALID_CREDENTIALS);
    if (code === 'PASSWORD_TOO_SHORT') throw badRequest('Password must be at least 6 characters');
    if (code === 'PASSWORD_TOO_LONG') throw badRequest('Password must be at most 128 characters');
    if (code === 'INVALID_EMAIL') throw badRequest('Invalid email address');
    const status = err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    throw new AppError(status, code || 'AUTH_ERROR', (err.body as { message?: string })?.message ?? fallback);
  }
  if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
  throw err;
}

export async function loadMe(db: Db, userId: string): Promise<Me | null> {
  const [u] = await db
    .select({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!u) return null;
  const [[profile], roles, [provider], demoMode] = await Promise.all([
    db
      .select({
        fullName: profiles.fullName,
        phone: profiles.phone,
        city: profiles.city,
        province: profiles.province,
        avatarUrl: profiles.avatarUrl,
      })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    rolesOf(db, userId),
    db
      .select({
        id: serviceProviders.id,
        businessName: serviceProviders.businessName,
        packageType: serviceProviders.packageType,
        packageExpiresAt: serviceProviders.packageExpiresAt,
        paymentStatus: serviceProviders.paymentStatus,
      })
      .from(serviceProviders)
      .where(eq(serviceProviders.userId, userId)),
    getDemoMode(db),
  ]);
  return {
    user: u,
    profile: profile ?? null,
    role: effectiveRole(roles),
    roles,
    provider: provider
      ? { ...provider, packageExpiresAt: provider.packageExpiresAt?.toISOString() ?? null }
      : null,
    demoMode,
  };
}

export type PackageStatus = SignUpResponse['packageStatus'];

/**
 * The answer to a sign-up the form guard trapped (decision 0059): what a new account without a package
 * would get, for an account that does not exist. Nothing is stored.
 */
export function trappedSignUpAnswer(input: SignUpRequest): SignUpResponse {
  return {
    me: {
      user: {
        id: randomUUID(),
        email: input.email.toLowerCase(),
        name: input.fullName,
        emailVerified: false,
      },
      profile: { fullName: input.fullName, phone: null, city: null, province: null, avatarUrl: null },
      role: 'user',
      roles: ['user'],
      provider: null,
      demoMode: false,
    },
    packageStatus: null,
  };
}

/**
 * Creates the account, its profile and role `user`. With a package chosen on /packages the account also
 * becomes a provider: a free package is active for ten years, a paid one waits for payment (pending).
 */
export async function signUp(
  db: Db,
  auth: Auth,
  input: SignUpRequest,
  headers: Headers,
): Promise<{ userId: string; setCookies: string[]; packageStatus: PackageStatus }> {
  let chosen: { packageType: string; price: number } | undefined;
  if (input.packageType) {
    [chosen] = await db
      .select({ packageType: packages.packageType, price: packages.price })
      .from(packages)
      .where(and(eq(packages.packageType, input.packageType), eq(packages.active, true)));
    if (!chosen) throw badRequest('Please select a package first', { packageType: 'Unknown package' });
  }

  let result;
  try {
    result = await auth.api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password },
      headers,
      returnHeaders: true,
    });
  } catch (err) {
    // Two sign-ups for one email at once: the loser fails on the unique key inside better-auth.
    const [taken] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, input.email.toLowerCase()));
    if (taken) throw conflict(EMAIL_TAKEN);
    fromAuthError(err, 'Failed to sign up');
  }
  const userId = result.response.user.id;
  let packageStatus: PackageStatus = null;
  try {
    const created = { id: userId, name: result.response.user.name, email: result.response.user.email };
    const token = await emailVerificationToken((await auth.$context).secret, created.email, userId);
    await completeSignUp(db, created, token, input, chosen, (status) => (packageStatus = status));
  } catch (err) {
    // All or nothing: no account without its profile, role and chosen package (the session goes with it).
    await db.delete(user).where(eq(user.id, userId));
    if (err instanceof AppError && err.statusCode < 500) throw err;
    throw new AppError(
      500,
      'SIGN_UP_FAILED',
      chosen ? 'Failed to create provider profile' : 'Failed to sign up',
    );
  }
  return { userId, setCookies: result.headers.getSetCookie(), packageStatus };
}

/**
 * The rows a new account gets besides better-auth's own (profile, role, its consents, the provider record
 * of a chosen package), and the mail with its address's verification link, in one transaction.
 */
async function completeSignUp(
  db: Db,
  created: { id: string; name: string; email: string },
  verificationToken: string,
  input: SignUpRequest,
  chosen: { packageType: string; price: number } | undefined,
  report: (status: PackageStatus) => void,
): Promise<void> {
  let packageStatus: PackageStatus = null;
  const userId = created.id;
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id: userId, fullName: input.fullName }).onConflictDoNothing();
    await grantRole(tx as unknown as Db, userId, 'user');
    // The request's schema refused it without both boxes ticked: record what was agreed, to which version.
    const policyVersion = await legalPolicyVersion(tx);
    await tx.insert(userConsents).values([
      { userId, kind: 'terms', policyVersion },
      { userId, kind: 'guardian', policyVersion },
    ]);
    if (chosen) {
      const free = chosen.price === 0;
      packageStatus = free ? 'active' : 'pending';
      await tx
        .insert(serviceProviders)
        .values({
          userId,
          businessName: input.fullName,
          packageType: chosen.packageType,
          paymentStatus: packageStatus,
          packageExpiresAt: free ? addYears(new Date(), BASIC_PACKAGE_YEARS) : null,
        })
        .onConflictDoNothing();
      await grantRole(tx as unknown as Db, userId, 'service_provider');
    }
    await enqueueMail(tx, {
      kind: 'email_verification',
      to: created.email,
      userId,
      payload: { name: created.name, email: created.email, token: verificationToken },
    });
  });
  report(packageStatus);
}

export async function signIn(
  auth: Auth,
  input: SignInRequest,
  headers: Headers,
): Promise<{ userId: string; setCookies: string[] }> {
  try {
    const result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers,
      returnHeaders: true,
    });
    return { userId: result.response.user.id, setCookies: result.headers.getSetCookie() };
  } catch (err) {
    fromAuthError(err, 'Failed to sign in');
  }
}

const SESSION_COOKIES = ['mm.session_token', 'mm.session_data', 'mm.dont_remember'];

/** Set-Cookie headers that clear the session's cookies (over https better-auth uses the __Secure- prefix). */
export function clearSessionCookies(secure: boolean): string[] {
  return SESSION_COOKIES.map(
    (name) =>
      `${secure ? '__Secure-' : ''}${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** Ends the session (if any) and returns the cookie-clearing headers. Never fails for a missing session. */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    return [];
  }
}
