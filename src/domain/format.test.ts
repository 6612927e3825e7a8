import { describe, expect, it } from 'vitest';
import {
  cardPrice,
  favouritePrice,
  formatCount,
  formatDate,
  formatDateTime,
  formatMonthDay,
  formatRand,
  ownListingPrice,
  priceRange,
  southAfricanDate,
} from './format.ts';

const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('Rand amounts with South African grouping', () => {
  it('groups thousands with a no-break space', () => {
    expect(formatRand(25000)).toBe(nb('R25 000'));
    expect(formatRand(999)).toBe('R999');
    expect(formatRand(1234567.5)).toBe(nb('R1 234 567.50'));
    expect(formatRand(285, 2)).toBe('R285.00');
    expect(formatRand(0)).toBe('R0');
    expect(formatCount(1000)).toBe(nb('1 000'));
  });

  it('keeps each screen’s rule', () => {
    expect(cardPrice(25000)).toBe(nb('R25 000+'));
    expect(cardPrice(null)).toBe('Contact');
    expect(priceRange(2500, 4800)).toBe('R2\u00a0500 - R4\u00a0800');
    expect(priceRange(2500, 2500)).toBe(nb('R2 500'));
    expect(priceRange(null, null)).toBe('POA');
    expect(favouritePrice(285)).toBe('R285.00');
    expect(favouritePrice(12500)).toBe(nb('R12 500.00'));
    expect(favouritePrice(null)).toBe('Contact for pricing');
    expect(ownListingPrice(null, null)).toBe('Contact for pricing');
    expect(ownListingPrice(1000, 2000)).toBe('R1\u00a0000 - R2\u00a0000');
  });

  it('shows both ends of a range by one rule: cents on both when either has them', () => {
    expect(ownListingPrice(1250.5, 2500)).toBe('R1\u00a0250.50 - R2\u00a0500.00');
    expect(priceRange(1250, 2500.99)).toBe('R1\u00a0250.00 - R2\u00a0500.99');
    expect(priceRange(1250.5, null)).toBe(nb('R1 250.50'));
    expect(priceRange(null, 99.9)).toBe('R99.90');
  });
});

describe('dates', () => {
  it("read 'MMM d, yyyy' (the spec's format), never the month's full name", () => {
    expect(formatDate('2026-11-27T10:00:00.000Z')).toBe('Nov 27, 2026');
    expect(formatDate(new Date('2026-09-05T10:00:00.000Z'))).toBe('Sep 5, 2026');
    expect(formatDate(Date.UTC(2027, 0, 1, 12))).toBe('Jan 1, 2027');
    expect(formatDateTime('2026-11-27T12:05:00.000Z')).toBe('Nov 27, 2026 14:05');
    expect(formatMonthDay('2026-11-27')).toBe('Nov 27');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });

  it('are South African days and times, whatever the zone of the server or the device', () => {
    // 22:30 UTC on the 26th is 00:30 on the 27th in South Africa (UTC+2 all year).
    expect(formatDate('2026-11-26T22:30:00.000Z')).toBe('Nov 27, 2026');
    expect(formatDateTime('2026-12-31T22:00:00.000Z')).toBe('Jan 1, 2027 00:00');
    expect(southAfricanDate('2026-11-27T21:59:59.999Z')).toBe('2026-11-27');
    expect(southAfricanDate('2026-11-27T22:00:00.000Z')).toBe('2026-11-28');
    // A calendar day ('YYYY-MM-DD', the analytics days) stays that day.
    expect(formatDate('2026-11-27')).toBe('Nov 27, 2026');
  });
});
