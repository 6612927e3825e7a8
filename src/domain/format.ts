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

function amount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** Card price: R{price_from}+ or 'Contact'. */
export function cardPrice(priceFrom: number | null | undefined): string {
  return priceFrom == null ? 'Contact' : `R${amount(priceFrom)}+`;
}

/** Detail price range: 'R from - R to', the upper part only when present and different; 'POA' if none. */
export function priceRange(from: number | null | undefined, to: number | null | undefined): string {
  if (from == null && to == null) return 'POA';
  if (from == null) return `R${amount(to!)}`;
  if (to == null || to === from) return `R${amount(from)}`;
  return `R${amount(from)} - R${amount(to)}`;
}

/** Favourites: price_from with 2 decimals or 'Contact for pricing'. */
export function favouritePrice(priceFrom: number | null | undefined): string {
  return priceFrom == null ? 'Contact for pricing' : `R${priceFrom.toFixed(2)}`;
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
