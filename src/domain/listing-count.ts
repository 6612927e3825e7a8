/**
 * Which of a provider's listings count, and how every screen says so (decision 0047). The package limit
 * counts the provider's listings that are not rejected (pending and approved: decision 0011); the
 * dashboard, the admin's user card and My Listings show that same number, with the same words.
 */
import { formatCount } from './format.ts';
import type { PackageStatus } from './providers.ts';

/** The one status that does not count against the package (a rejected listing is not public). */
export const UNCOUNTED_LISTING_STATUS = 'rejected';

/** Whether a listing of this status counts against its provider's package. */
export function countsAgainstPackage(status: string): boolean {
  return status !== UNCOUNTED_LISTING_STATUS;
}

/** What is counted, in the screens' words. */
export const COUNTED_LISTINGS = {
  /** The dashboard's My Listings card, under the number. */
  statHint: 'Pending and approved; rejected ones do not count',
  /** The admin's user card: the label of the count. */
  adminLabel: 'Listings (pending and approved)',
  /** My Listings' limit card, under the count. */
  limitNote: 'Pending and approved listings count towards your limit; rejected ones do not.',
} as const;

/** '1 listing', '2 listings', '0 listings'; counts grouped as the site groups them. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A package's listing allowance: 'Unlimited listings', '1 listing', '5 listings'. */
export function listingAllowance(maxListings: number): string {
  return maxListings === -1 ? 'Unlimited listings' : countOf(maxListings, 'listing');
}

/** A package's image allowance: '1 image per listing', '10 images per listing'. */
export function imageAllowance(maxImages: number): string {
  return `${countOf(maxImages, 'image')} per listing`;
}

/**
 * My Listings' limit card: how many listings count and against what. In demo mode every provider is an
 * unlimited premium one (decision 0011), so the card says that rather than the provider's own package;
 * admins are treated as premium with 5 listings.
 */
export function listingLimitSummary(
  status: Pick<PackageStatus, 'listingCount' | 'maxListings' | 'packageName' | 'source'>,
): { count: string; plan: string } {
  const n = status.listingCount;
  const count =
    status.maxListings === -1
      ? `${countOf(n, 'listing')} · no limit`
      : `${formatCount(n)} of ${countOf(status.maxListings, 'listing')}`;
  const plan =
    status.source === 'demo'
      ? 'Demo Mode: simulated Premium package'
      : status.source === 'admin'
        ? 'Admin: treated as Premium'
        : `${status.packageName} package`;
  return { count, plan };
}
