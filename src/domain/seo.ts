/**
 * What crawlers and share previews read, shared by the server (which writes the page head, the sitemap and
 * the landing pages' data) and the web app (which links to the landing pages). No I/O here.
 */
import { CATEGORIES, PROVINCES, type Province } from './constants.ts';
import { formatCount } from './format.ts';

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/** How a landing page's heading names the providers of a category: one and many. */
export const CATEGORY_NOUNS: Record<CategorySlug, { one: string; many: string }> = {
  'car-rentals': { one: 'matric farewell car rental', many: 'matric farewell car rentals' },
  'dress-suit-hire': {
    one: 'matric farewell dress and suit hire',
    many: 'matric farewell dress and suit hires',
  },
  photography: { one: 'matric farewell photographer', many: 'matric farewell photographers' },
  venues: { one: 'matric farewell venue', many: 'matric farewell venues' },
  'makeup-hair': {
    one: 'matric farewell makeup and hair artist',
    many: 'matric farewell makeup and hair artists',
  },
  catering: { one: 'matric farewell caterer', many: 'matric farewell caterers' },
  decor: { one: 'matric farewell décor service', many: 'matric farewell décor services' },
  entertainment: { one: 'matric farewell entertainer', many: 'matric farewell entertainers' },
};

/** Provinces in URLs use hyphens: western_cape ↔ western-cape. */
export function provinceSlug(province: Province): string {
  return province.replace(/_/g, '-');
}

export function provinceFromSlug(slug: string): Province | null {
  const value = slug.replace(/-/g, '_');
  return PROVINCES.find((p) => p.value === value)?.value ?? null;
}

export function categoryFromSlug(slug: string): (typeof CATEGORIES)[number] | null {
  return CATEGORIES.find((c) => c.slug === slug) ?? null;
}

/** The path of a category landing page, across the country or in one province. */
export function landingPath(category: string, province?: Province | null): string {
  return province ? `/services/${category}/${provinceSlug(province)}` : `/services/${category}`;
}

export function provinceName(province: Province): string {
  return PROVINCES.find((p) => p.value === province)?.label ?? province;
}

/**
 * "23 matric farewell photographers in the Western Cape" — the article before a province name reads as
 * South Africans say it ('the Western Cape', 'the Free State', but 'Gauteng', 'KwaZulu-Natal').
 */
export function landingHeading(
  category: CategorySlug,
  province: Province | null,
  count: number,
  exact: boolean,
): string {
  const nouns = CATEGORY_NOUNS[category];
  const noun = count === 1 && exact ? nouns.one : nouns.many;
  const number = exact ? formatCount(count) : `${formatCount(count)}+`;
  return `${number} ${noun} ${province ? `in ${placeName(province)}` : 'in South Africa'}`;
}

const WITH_ARTICLE: readonly Province[] = [
  'western_cape',
  'eastern_cape',
  'northern_cape',
  'free_state',
  'north_west',
];

export function placeName(province: Province): string {
  const name = provinceName(province);
  return WITH_ARTICLE.includes(province) ? `the ${name}` : name;
}

/** Text for HTML or XML, in element content or a quoted attribute value (head tags, the shell, sitemaps). */
export function escapeMarkup(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON for a script data block (JSON-LD, the server-rendered query cache): no text in it can close the element or open a comment. */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Shortens text for a meta description at a word boundary (about 160 characters). */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/[ \t\r\n\f\v]+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
