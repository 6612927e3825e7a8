/**
 * robots.txt and the sitemaps: a sitemap index with chunks of at most 50,000 URLs (approved listings with
 * lastmod, providers with an approved listing, category × province landing pages with an approved listing,
 * and the pages the page table (src/domain/pages.ts) marks `sitemap`). Generated from the database; the
 * routes cache them briefly.
 */
import { sql } from 'drizzle-orm';
import { PROVINCE_VALUES, type Province } from '../../../domain/constants.ts';
import { STATIC_SITEMAP_PATHS } from '../../../domain/pages.ts';
import { escapeMarkup, landingPath } from '../../../domain/seo.ts';
import { queryRows, type Db } from '../../db/client.ts';

export const SITEMAP_CHUNK = 50_000;

/**
 * What crawlers must not fetch: the signed-in area, the sign-in and checkout screens, the API. Every page
 * under these prefixes is one the page table (src/domain/pages.ts) marks not indexable (a test checks it);
 * noindex in their heads covers the rest.
 */
export const ROBOTS_DISALLOW = [
  '/dashboard',
  '/admin',
  '/auth',
  '/api',
  '/checkout',
  '/matric-access',
] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function urlSet(entries: { loc: string; lastmod?: string }[]): string {
  const body = entries
    .map(
      (e) =>
        `<url><loc>${escapeMarkup(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeMarkup(e.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export async function approvedListingCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listings where status = 'approved'`,
  );
  return row?.n ?? 0;
}

export async function sitemapIndex(db: Db, publicUrl: string): Promise<string> {
  const chunks = Math.max(1, Math.ceil((await approvedListingCount(db)) / SITEMAP_CHUNK));
  const names = ['pages', 'providers', ...Array.from({ length: chunks }, (_, i) => `listings-${i + 1}`)];
  const body = names
    .map((name) => `<sitemap><loc>${escapeMarkup(`${publicUrl}/sitemaps/${name}.xml`)}</loc></sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** Category × province combinations (and categories) that have at least one approved listing. */
export async function landingCombinations(
  db: Db,
): Promise<{ category: string; province: Province | null }[]> {
  const rows = await queryRows<{ slug: string; province: string }>(
    db,
    sql`select distinct c.slug, l.province
        from listings l join categories c on c.id = l.category_id
        where l.status = 'approved'
        order by 1, 2`,
  );
  const out: { category: string; province: Province | null }[] = [];
  let last = '';
  for (const row of rows) {
    if (row.slug !== last) {
      out.push({ category: row.slug, province: null });
      last = row.slug;
    }
    if ((PROVINCE_VALUES as readonly string[]).includes(row.province)) {
      out.push({ category: row.slug, province: row.province as Province });
    }
  }
  return out;
}

export async function pagesSitemap(db: Db, publicUrl: string): Promise<string> {
  const landing = await landingCombinations(db);
  return urlSet([
    ...STATIC_SITEMAP_PATHS.map((p) => ({ loc: `${publicUrl}${p}` })),
    ...landing.map((l) => ({ loc: `${publicUrl}${landingPath(l.category, l.province)}` })),
  ]);
}

export async function providersSitemap(db: Db, publicUrl: string): Promise<string> {
  const rows = await queryRows<{ id: string; lastmod: string }>(
    db,
    sql`select l.service_provider_id as id, max(l.updated_at) as lastmod
        from listings l where l.status = 'approved'
        group by l.service_provider_id order by 1`,
  );
  return urlSet(
    rows.map((r) => ({ loc: `${publicUrl}/provider/${r.id}`, lastmod: new Date(r.lastmod).toISOString() })),
  );
}

/** Chunk `n` (1-based) of the approved listings in id order, or null past the last chunk. */
export async function listingsSitemap(db: Db, publicUrl: string, n: number): Promise<string | null> {
  if (!Number.isInteger(n) || n < 1) return null;
  const rows = await queryRows<{ id: string; lastmod: string }>(
    db,
    sql`select id, updated_at as lastmod from listings where status = 'approved'
        order by id limit ${SITEMAP_CHUNK} offset ${(n - 1) * SITEMAP_CHUNK}`,
  );
  if (rows.length === 0 && n > 1) return null;
  return urlSet(
    rows.map((r) => ({ loc: `${publicUrl}/listing/${r.id}`, lastmod: new Date(r.lastmod).toISOString() })),
  );
}
