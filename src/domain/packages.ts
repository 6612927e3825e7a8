/** Package rules shared by server and web: defaults from the spec and the limit checks. */

export interface PackageLimits {
  packageType: string;
  maxListings: number; // -1 means unlimited
  maxImages: number;
  canFeature: boolean;
  hasPriorityPlacement: boolean;
  hasAnalytics: boolean;
  hasVerificationBadge: boolean;
  canReceiveReviews: boolean;
  price: number;
}

export const DEFAULT_PACKAGE_LIMITS: Record<'basic' | 'standard' | 'premium', PackageLimits> = {
  basic: {
    packageType: 'basic',
    maxListings: 1,
    maxImages: 3,
    canFeature: false,
    hasPriorityPlacement: false,
    hasAnalytics: false,
    hasVerificationBadge: false,
    canReceiveReviews: false,
    price: 0,
  },
  standard: {
    packageType: 'standard',
    maxListings: 2,
    maxImages: 10,
    canFeature: false,
    hasPriorityPlacement: true,
    hasAnalytics: true,
    hasVerificationBadge: false,
    canReceiveReviews: true,
    price: 499,
  },
  premium: {
    packageType: 'premium',
    maxListings: 5,
    maxImages: 10,
    canFeature: true,
    hasPriorityPlacement: true,
    hasAnalytics: true,
    hasVerificationBadge: true,
    canReceiveReviews: true,
    price: 999,
  },
};

export const PACKAGE_LABELS: Record<string, string> = {
  basic: 'FREE',
  standard: 'R499/mo',
  premium: 'R999/mo',
};

/** Colour family by package type: basic green, standard blue, premium purple, other grey. */
export function packageColor(packageType: string): 'green' | 'blue' | 'purple' | 'grey' {
  switch (packageType) {
    case 'basic':
      return 'green';
    case 'standard':
      return 'blue';
    case 'premium':
      return 'purple';
    default:
      return 'grey';
  }
}

/** Package type entered by an admin: lower case, whitespace turned to underscores. */
export function normalisePackageType(input: string): string {
  return input.trim().toLowerCase().replace(/\s+/g, '_');
}

export function isPackageActive(expiresAt: Date | string | null | undefined, now = new Date()): boolean {
  if (!expiresAt) return false;
  return new Date(expiresAt).getTime() > now.getTime();
}

/**
 * The one rule of a package in force (issue 23, decision 0040): payment active and an expiry in the future.
 * The database has the same rule as `mm_package_in_force` (migration package_requests_lapse); the server's
 * queries use `packageInForceSql` (features/packages/service.ts), which calls it.
 */
export function packageInForce(
  provider: { paymentStatus: string; packageExpiresAt: Date | string | null | undefined },
  now = new Date(),
): boolean {
  return provider.paymentStatus === 'active' && isPackageActive(provider.packageExpiresAt, now);
}

/** The package whose powers the public sees: the provider's own while in force, otherwise basic's. */
export function effectivePackageType(
  provider: {
    packageType: string;
    paymentStatus: string;
    packageExpiresAt: Date | string | null | undefined;
  },
  now = new Date(),
): string {
  return packageInForce(provider, now) ? provider.packageType : 'basic';
}
