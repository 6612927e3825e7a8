import { describe, expect, it } from 'vitest';
import { packageRequestInputSchema } from './package-requests.ts';
import { effectivePackageType, packageInForce } from './packages.ts';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const later = new Date(NOW.getTime() + 1);

describe('a package in force (decision 0040)', () => {
  it('needs active payment and an expiry after now', () => {
    expect(packageInForce({ paymentStatus: 'active', packageExpiresAt: later }, NOW)).toBe(true);
    expect(packageInForce({ paymentStatus: 'active', packageExpiresAt: NOW }, NOW)).toBe(false);
    expect(packageInForce({ paymentStatus: 'active', packageExpiresAt: null }, NOW)).toBe(false);
    expect(packageInForce({ paymentStatus: 'pending', packageExpiresAt: later }, NOW)).toBe(false);
    expect(packageInForce({ paymentStatus: 'active', packageExpiresAt: later.toISOString() }, NOW)).toBe(
      true,
    );
  });

  it('gives a lapsed provider the basic package', () => {
    const premium = { packageType: 'premium', paymentStatus: 'active', packageExpiresAt: later };
    expect(effectivePackageType(premium, NOW)).toBe('premium');
    expect(effectivePackageType(premium, new Date(later.getTime() + 1))).toBe('basic');
    expect(effectivePackageType({ ...premium, paymentStatus: 'pending' }, NOW)).toBe('basic');
  });
});

describe('a package request', () => {
  it('takes a package type and refuses what is not one', () => {
    expect(packageRequestInputSchema.parse({ packageType: ' premium ' })).toEqual({ packageType: 'premium' });
    for (const packageType of [undefined, '', '   ', 7, 'a\u0000b', 'x'.repeat(51)]) {
      expect(packageRequestInputSchema.safeParse({ packageType }).success, String(packageType)).toBe(false);
    }
  });
});
