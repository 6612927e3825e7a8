/**
 * The head of every web page as crawlers and share previews see it, as HTML: title, meta description,
 * canonical URL, previous and next pages, Open Graph and Twitter card tags, JSON-LD, and `noindex` where a
 * page must not be indexed. What it says comes from the page's entry in src/domain/page-loads.ts; the web
 * shell (src/server/web-shell.ts) puts it into the HTML.
 */
import { PRODUCT_NAME } from '../../../domain/constants.ts';
import type { PageHead } from '../../../domain/page-heads.ts';
import { escapeMarkup, scriptSafeJson } from '../../../domain/seo.ts';

function absolute(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/** The HTML of a page head: every value escaped for its attribute or element. */
export function renderHead(head: PageHead, publicUrl: string): string {
  const title = head.title === PRODUCT_NAME ? PRODUCT_NAME : `${head.title} | ${PRODUCT_NAME}`;
  const image = absolute(publicUrl, head.image);
  const tags = [
    `<title>${escapeMarkup(title)}</title>`,
    `<meta name="description" content="${escapeMarkup(head.description)}">`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeMarkup(publicUrl + head.canonical)}">`);
  if (head.prev) tags.push(`<link rel="prev" href="${escapeMarkup(publicUrl + head.prev)}">`);
  if (head.next) tags.push(`<link rel="next" href="${escapeMarkup(publicUrl + head.next)}">`);
  if (!head.noindex) {
    tags.push(
      `<meta property="og:site_name" content="${PRODUCT_NAME}">`,
      '<meta property="og:locale" content="en_ZA">',
      `<meta property="og:type" content="${head.ogType}">`,
      `<meta property="og:title" content="${escapeMarkup(head.title)}">`,
      `<meta property="og:description" content="${escapeMarkup(head.description)}">`,
      `<meta property="og:image" content="${escapeMarkup(image)}">`,
      `<meta property="og:image:alt" content="${escapeMarkup(head.imageAlt)}">`,
      '<meta name="twitter:card" content="summary_large_image">',
      `<meta name="twitter:title" content="${escapeMarkup(head.title)}">`,
      `<meta name="twitter:description" content="${escapeMarkup(head.description)}">`,
      `<meta name="twitter:image" content="${escapeMarkup(image)}">`,
    );
    if (head.canonical)
      tags.push(`<meta property="og:url" content="${escapeMarkup(publicUrl + head.canonical)}">`);
    if (head.image.startsWith('/og/')) {
      tags.push(
        '<meta property="og:image:width" content="1200">',
        '<meta property="og:image:height" content="630">',
      );
    }
    for (const data of head.jsonLd)
      tags.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  }
  return tags.join('\n    ');
}
