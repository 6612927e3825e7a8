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

/**
 * Detail price range: 'R from - R to', the upper part only when present and different; 'POA' if none. Both
 * ends follow one rule: cents on both when either has them ('R1 250.50 - R2 500.00').
 */
export function priceRange(from: number | null | undefined, to: number | null | undefined): string {
  if (from == null && to == null) return 'POA';
  if (from == null) return formatRand(to!);
  if (to == null || to === from) return formatRand(from);
  const decimals = Number.isInteger(from) && Number.isInteger(to) ? 0 : 2;
  return `${formatRand(from, decimals)} - ${formatRand(to, decimals)}`;
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

// ---------------------------------------------------------------------------------------------------------
// Dates: every date on every screen goes through these (docs/decisions/0038-time.md).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The marketplace's clock: South African time, whatever the server's or the visitor's device's zone. */
export const DISPLAY_TIME_ZONE = 'Africa/Johannesburg';

let partsFormat: Intl.DateTimeFormat | undefined;

/** Year, month (0–11), day, hour and minute of the moment in South Africa; null for an invalid value. */
function southAfricanParts(value: Date | string | number) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  partsFormat ??= new Intl.DateTimeFormat('en-ZA', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts = partsFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month') - 1,
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The spec's date format 'MMM d, yyyy' in South African time: 'Nov 27, 2026'. '' for an invalid value. */
export function formatDate(value: Date | string | number): string {
  const p = southAfricanParts(value);
  return p ? `${MONTHS[p.month]} ${p.day}, ${p.year}` : '';
}

/** A date with the time of day (24-hour), for logs and requests: 'Nov 27, 2026 14:05'. */
export function formatDateTime(value: Date | string | number): string {
  const p = southAfricanParts(value);
  if (!p) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[p.month]} ${p.day}, ${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** The calendar day in South Africa as 'YYYY-MM-DD' (the day analytics counts in). '' for an invalid value. */
export function southAfricanDate(value: Date | string | number): string {
  const p = southAfricanParts(value);
  if (!p) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month + 1)}-${pad(p.day)}`;
}

/** Month and day without the year ('Nov 27'), for chart axes where the year is in the heading. */
export function formatMonthDay(value: Date | string | number): string {
  const p = southAfricanParts(value);
  return p ? `${MONTHS[p.month]} ${p.day}` : '';
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
