import { describe, expect, it } from 'vitest';
import {
  countOf,
  countsAgainstPackage,
  imageAllowance,
  listingAllowance,
  listingLimitSummary,
} from './listing-count.ts';

const nb = (s: string) => s.replace(/ (?=\d{3}\b)/g, '\u00a0');

describe('what counts against a package', () => {
  it('counts pending and approved listings, not rejected ones', () => {
    expect(countsAgainstPackage('pending')).toBe(true);
    expect(countsAgainstPackage('approved')).toBe(true);
    expect(countsAgainstPackage('rejected')).toBe(false);
  });
});

describe('counts in words', () => {
  it('pluralises by the number', () => {
    expect(countOf(0, 'listing')).toBe('0 listings');
    expect(countOf(1, 'listing')).toBe('1 listing');
    expect(countOf(2, 'listing')).toBe('2 listings');
    expect(countOf(1000, 'listing')).toBe(nb('1 000 listings'));
  });

  it('says a package’s allowance without “(s)”', () => {
    expect(listingAllowance(-1)).toBe('Unlimited listings');
    expect(listingAllowance(1)).toBe('1 listing');
    expect(listingAllowance(5)).toBe('5 listings');
    expect(imageAllowance(1)).toBe('1 image per listing');
    expect(imageAllowance(10)).toBe('10 images per listing');
  });
});

describe('the limit card on My Listings', () => {
  const status = { listingCount: 1, maxListings: 1, packageName: 'Basic', source: 'package' as const };

  it('shows the count against the package’s limit', () => {
    expect(listingLimitSummary(status)).toEqual({ count: '1 of 1 listing', plan: 'Basic package' });
    expect(
      listingLimitSummary({ ...status, listingCount: 2, maxListings: 5, packageName: 'Premium' }),
    ).toEqual({ count: '2 of 5 listings', plan: 'Premium package' });
  });

  it('in demo mode says the simulated premium package and no limit, not the provider’s own package', () => {
    const demo = listingLimitSummary({ ...status, maxListings: -1, source: 'demo' });
    expect(demo).toEqual({ count: '1 listing · no limit', plan: 'Demo Mode: simulated Premium package' });
    expect(listingLimitSummary({ ...status, listingCount: 3, maxListings: -1, source: 'demo' }).count).toBe(
      '3 listings · no limit',
    );
  });

  it('says an admin is treated as premium', () => {
    expect(listingLimitSummary({ ...status, maxListings: 5, source: 'admin' })).toEqual({
      count: '1 of 5 listings',
      plan: 'Admin: treated as Premium',
    });
  });
});
