import { describe, expect, it } from 'vitest';
import { cardPrice, favouritePrice, formatCount, formatRand, ownListingPrice, priceRange } from './format.ts';

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
});
