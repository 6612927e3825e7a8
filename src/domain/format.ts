/** Display rules shared by every screen. */
import { PROVINCES } from './constants.ts';

/** 'western_cape' → 'Western Cape'. */
export function provinceLabel(value: string | null | undefined): string {
  if (!value) return '';
  const known = PROVINCES.find((p) => p.value === value);
  if (known) return known.label;
  return value
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** The South African thousands separator: a no-break space, so 'R25 000' never wraps inside. */
export const THOUSANDS_SEPARATOR = '\u00a0';

/** Digits grouped in threes: 25000 → '25 000'. */
export function groupDigits(value: number, decimals = 0): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount in Rand with South African grouping: 'R25 000', 'R1 250.50'. `decimals` 'auto' (default)
 * shows cents only when there are any; 2 always shows them ('R285.00').
 */
export function formatRand(value: number, decimals: 'auto' | 0 | 2 = 'auto'): string {
  const places = decimals === 'auto' ? (Number.isInteger(value) ? 0 : 2) : decimals;
  return `R${groupDigits(value, places)}`;
}

/** A whole count with South African grouping: 1000 → '1 000'. */
export function formatCount(value: number): string {
  return groupDigits(Math.round(value));
}

/** Card price: R{price_from}+ or 'Contact'. */
export function cardPrice(priceFrom: number | null | undefined): string {
  return priceFrom == null ? 'Contact' : `${formatRand(priceFrom)}+`;
}

/** Detail price range: 'R from - R to', the upper part only when present and different; 'POA' if none. */
export function priceRange(from: number | null | undefined, to: number | null | undefined): string {
  if (from == null && to == null) return 'POA';
  if (from == null) return formatRand(to!);
  if (to == null || to === from) return formatRand(from);
  return `${formatRand(from)} - ${formatRand(to)}`;
}

/** Favourites: price_from with 2 decimals or 'Contact for pricing'. */
export function favouritePrice(priceFrom: number | null | undefined): string {
  return priceFrom == null ? 'Contact for pricing' : formatRand(priceFrom, 2);
}

/** A provider's own listings: the range, or 'Contact for pricing' when there is no price. */
export function ownListingPrice(from: number | null | undefined, to: number | null | undefined): string {
  return from == null && to == null ? 'Contact for pricing' : priceRange(from, to);
}

export function ratingLabel(rating: number | null | undefined, reviewCount = 0): string {
  if (!reviewCount || rating == null) return '5.0';
  return rating.toFixed(1);
}

export function distanceLabel(km: number): string {
  return `${km.toFixed(1)} km`;
}

/** Lower-case hyphenated title: 'Dress & Suit Hire' → 'dress-suit-hire', 'Décor' → 'decor'. */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Image variants: stored URLs end in -{width}.webp; pages ask for the width they need. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function imageVariant(url: string, width: ImageWidth): string {
  return url.replace(/-(400|800|1600)\.webp$/, `-${width}.webp`);
}

export function imageSrcSet(url: string): string | undefined {
  if (!/-(400|800|1600)\.webp$/.test(url)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageVariant(url, w)} ${w}w`).join(', ');
}
