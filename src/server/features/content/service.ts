/** Public site content: page_content rows grouped by page and section, and the active social links. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageContent, socialLinks } from '../../db/schema.ts';

export type SiteContent = Record<string, Record<string, string>>;

export async function loadSiteContent(db: Db): Promise<SiteContent> {
  const rows = await db
    .select({ page: pageContent.pageKey, section: pageContent.sectionKey, value: pageContent.contentValue })
    .from(pageContent)
    // The payment page's bank details are shown only on /matric-access (through its own endpoint); the
    // legal pages' HTML only on /privacy and /terms (GET /api/legal/{kind}).
    .orderBy(asc(pageContent.pageKey));
  const out: SiteContent = {};
  for (const row of rows) {
    if (row.page === 'payment' || row.page === 'legal') continue;
    (out[row.page] ??= {})[row.section] = row.value;
  }
  return out;
}

export async function activeSocialLinks(db: Db) {
  return db
    .select({
      id: socialLinks.id,
      platform: socialLinks.platform,
      url: socialLinks.url,
      icon: socialLinks.icon,
    })
    .from(socialLinks)
    .where(eq(socialLinks.isActive, true))
    .orderBy(asc(socialLinks.displayOrder));
}
