/**
 * Package limits of a provider, from the database: the package row's limits (-1 unlimited listings),
 * the listing count (the provider's listings that are not rejected), admins as premium 5/10 and demo mode
 * as unlimited premium. The checks that refuse a listing or images beyond the package live here too, so
 * every save applies them the same way.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_PACKAGE_LIMITS, isPackageActive } from '../../../domain/packages.ts';
import { tooManyImagesMessage } from '../../../domain/images.ts';
import { PACKAGE_MESSAGES, type PackageStatus } from '../../../domain/providers.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { listings, packages, serviceProviders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { getDemoMode } from '../settings/service.ts';

/** A transaction handle or the database. */
type Runner = Pick<Db, 'select' | 'update' | 'insert' | 'delete' | 'execute'>;

export interface ProviderRow {
  id: string;
  packageType: string;
  packageExpiresAt: Date | null;
  paymentStatus: string;
}

/** Admins are treated as premium with 5 listings and 10 images (spec section 6). */
const ADMIN_LIMITS = { maxListings: 5, maxImages: 10 };

/** 403 codes of the package rules, so the web can tell them apart. */
export const PACKAGE_ERROR_CODES = {
  limitReached: 'LISTING_LIMIT_REACHED',
  expired: 'PACKAGE_EXPIRED',
  paymentPending: 'PACKAGE_PAYMENT_PENDING',
  tooManyImages: 'TOO_MANY_IMAGES',
} as const;

/** The provider's listings that count against the package: all that are not rejected. */
export async function countedListings(db: Runner, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.serviceProviderId, providerId), ne(listings.status, 'rejected')));
  return Number(row?.n ?? 0);
}

/** The effective package of a provider for this actor (admins and demo mode lift the package's limits). */
export async function packageStatus(
  db: Runner,
  actor: Actor,
  provider: ProviderRow,
  demoMode?: boolean,
): Promise<PackageStatus> {
  // One after another: inside a transaction the queries share one connection.
  const [row] = await db.select().from(packages).where(eq(packages.packageType, provider.packageType));
  const listingCount = await countedListings(db, provider.id);
  const demo = demoMode ?? (await getDemoMode(db as Db));
  const fallback =
    DEFAULT_PACKAGE_LIMITS[provider.packageType as keyof typeof DEFAULT_PACKAGE_LIMITS] ??
    DEFAULT_PACKAGE_LIMITS.basic;
  const base = {
    packageType: provider.packageType,
    packageName: row?.name ?? provider.packageType,
    price: row?.price ?? fallback.price,
    expiresAt: provider.packageExpiresAt?.toISOString() ?? null,
    paymentStatus: provider.paymentStatus,
    listingCount,
    demoMode: demo,
  };
  const premium = DEFAULT_PACKAGE_LIMITS.premium;
  if (demo) {
    return {
      ...base,
      source: 'demo',
      active: true,
      maxListings: -1,
      maxImages: premium.maxImages,
      hasAnalytics: true,
    };
  }
  if (actor.role === 'admin') {
    return { ...base, source: 'admin', active: true, ...ADMIN_LIMITS, hasAnalytics: true };
  }
  return {
    ...base,
    source: 'package',
    active: provider.paymentStatus === 'active' && isPackageActive(provider.packageExpiresAt),
    maxListings: row?.maxListings ?? fallback.maxListings,
    maxImages: row?.maxImages ?? fallback.maxImages,
    hasAnalytics: row?.hasAnalytics ?? fallback.hasAnalytics,
  };
}

/** Refuses (403) a new listing when the package is not active or its listing limit is reached. */
export function assertMayCreateListing(status: PackageStatus): void {
  if (!status.active) {
    if (status.paymentStatus === 'pending')
      throw new AppError(403, PACKAGE_ERROR_CODES.paymentPending, PACKAGE_MESSAGES.paymentPending);
    throw new AppError(403, PACKAGE_ERROR_CODES.expired, PACKAGE_MESSAGES.expired);
  }
  if (status.maxListings !== -1 && status.listingCount >= status.maxListings) {
    throw new AppError(403, PACKAGE_ERROR_CODES.limitReached, PACKAGE_MESSAGES.limitReached);
  }
}

/**
 * Refuses (403 'Too many images') an image set larger than the allowance when it grows. A set that was
 * already larger (the package changed since) may be kept or shrunk, never grown.
 */
export function assertImageAllowance(status: PackageStatus, before: number, after: number): void {
  if (after <= status.maxImages || after <= before) return;
  const { description } = tooManyImagesMessage(Math.max(0, status.maxImages - before), status.maxImages);
  throw new AppError(403, PACKAGE_ERROR_CODES.tooManyImages, PACKAGE_MESSAGES.tooManyImages, {
    images: description,
  });
}

/** The provider record of a user, optionally locked for the rest of the transaction. */
export async function providerOfUser(
  db: Runner,
  userId: string,
  opts: { lock?: boolean } = {},
): Promise<ProviderRow | null> {
  const query = db
    .select({
      id: serviceProviders.id,
      packageType: serviceProviders.packageType,
      packageExpiresAt: serviceProviders.packageExpiresAt,
      paymentStatus: serviceProviders.paymentStatus,
    })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}
