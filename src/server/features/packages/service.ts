/**
 * Package limits of a provider, from the database: the package row's limits (-1 unlimited listings),
 * the listing count (the provider's listings that are not rejected), admins as premium 5/10 and demo mode
 * as unlimited premium. The checks that refuse a listing or images beyond the package live here too, so
 * every save applies them the same way.
 */
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PackageRequest, PackageRequestKind } from '../../../domain/package-requests.ts';
import { DEFAULT_PACKAGE_LIMITS, packageInForce } from '../../../domain/packages.ts';
import { tooManyImagesMessage } from '../../../domain/images.ts';
import type { PublicPackage } from '../../../domain/listings.ts';
import { PACKAGE_MESSAGES, type PackageStatus } from '../../../domain/providers.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { listings, packageRequests, packages, serviceProviders } from '../../db/schema.ts';
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

/**
 * A packages row as the API shows it: /packages reads it, and the admin's package list adds how many
 * providers use each. The one place a row becomes a view (price is a number: the column reads as one).
 */
export function packageView(p: typeof packages.$inferSelect): PublicPackage {
  return {
    id: p.id,
    packageType: p.packageType,
    name: p.name,
    emoji: p.emoji,
    price: p.price,
    period: p.period,
    maxListings: p.maxListings,
    maxImages: p.maxImages,
    color: p.color,
    features: Array.isArray(p.features) ? p.features.map(String) : [],
    popular: p.popular,
    active: p.active,
    canFeature: p.canFeature,
    hasPriorityPlacement: p.hasPriorityPlacement,
    hasAnalytics: p.hasAnalytics,
    hasVerificationBadge: p.hasVerificationBadge,
    canReceiveReviews: p.canReceiveReviews,
    displayOrder: p.displayOrder,
  };
}

/**
 * The lapse rule in SQL (decision 0040), over a service_providers row aliased `sp` in raw SQL: the same rule
 * as `packageInForce` of the domain, through the database's `mm_package_in_force` (which the browse rank's
 * triggers use too). Read at the process's clock, as every expiry is (decision 0038).
 */
export function packageInForceSql(sp = 'sp', now = new Date()): SQL {
  const a = sql.raw(sp);
  return sql`mm_package_in_force(${a}.payment_status, ${a}.package_expires_at, ${now.toISOString()}::timestamptz)`;
}

/** The package type whose powers the public sees (basic while the provider's own is not in force). */
export function effectivePackageTypeSql(sp = 'sp', now = new Date()): SQL {
  return sql`(case when ${packageInForceSql(sp, now)} then ${sql.raw(sp)}.package_type else 'basic' end)`;
}

/** The same rule over the Drizzle columns of service_providers (queries built with the query builder). */
export function packageInForceColumn(now = new Date()): SQL<boolean> {
  return sql<boolean>`mm_package_in_force(${serviceProviders.paymentStatus}, ${serviceProviders.packageExpiresAt}, ${now.toISOString()}::timestamptz)`;
}

/** The effective package type over the Drizzle columns of service_providers. */
export function effectivePackageTypeColumn(now = new Date()): SQL<string> {
  return sql<string>`(case when ${packageInForceColumn(now)} then ${serviceProviders.packageType} else 'basic' end)`;
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
  const pendingRequest = await openPackageRequest(db, provider);
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
    pendingRequest,
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
    active: packageInForce(provider),
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

/** 'renewal' when the chosen package is the provider's own, 'upgrade' for any other. */
export function requestKind(provider: { packageType: string }, packageType: string): PackageRequestKind {
  return provider.packageType === packageType ? 'renewal' : 'upgrade';
}

/** The provider's open package request (decision 0039), or null. */
export async function openPackageRequest(
  db: Runner,
  provider: { id: string },
): Promise<PackageRequest | null> {
  const [row] = await db
    .select({
      id: packageRequests.id,
      packageType: packageRequests.packageType,
      kind: packageRequests.kind,
      createdAt: packageRequests.createdAt,
      name: packages.name,
      price: packages.price,
    })
    .from(packageRequests)
    .innerJoin(packages, eq(packages.packageType, packageRequests.packageType))
    .where(and(eq(packageRequests.serviceProviderId, provider.id), eq(packageRequests.status, 'pending')))
    .orderBy(desc(packageRequests.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    packageType: row.packageType,
    packageName: row.name,
    price: Number(row.price),
    kind: row.kind as PackageRequestKind,
    requestedAt: row.createdAt.toISOString(),
  };
}

/**
 * Closes the provider's open request when an admin activates a package for them (assign or extend): the
 * admin's action is the activation, whichever package it gives. Call inside the admin's transaction.
 */
export async function closePackageRequest(tx: Runner, providerId: string, now: Date): Promise<boolean> {
  const closed = await tx
    .update(packageRequests)
    .set({ status: 'activated', closedAt: now })
    .where(and(eq(packageRequests.serviceProviderId, providerId), eq(packageRequests.status, 'pending')))
    .returning({ id: packageRequests.id });
  return closed.length > 0;
}
