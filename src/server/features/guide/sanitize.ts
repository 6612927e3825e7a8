/**
 * Article HTML through an allow-list (sanitize-html): headings, paragraphs, lists, links with safe schemes,
 * images, emphasis, quotes, code and tables. Everything else is dropped: scripts, event handlers, styles,
 * iframes, forms, SVG, `javascript:`/`data:` URLs. Links that open a new tab get rel="noopener noreferrer".
 * Images come only from our uploads (`/uploads/<storage key>`) or an https address: any other source (a
 * path of the app such as `/api/...`, a relative or protocol-relative URL, `http:`, `data:`) would make every
 * reader's browser send a request of the article author's choosing, so such an `<img>` is dropped.
 * Used when an article is saved and again when it is served, so rows written another way stay inert.
 */
import sanitizeHtml from 'sanitize-html';
import { isValidKey, UPLOADS_PATH } from '../../storage/storage.ts';

/**
 * Whether an article image may load from `src` (already entity-decoded): an upload of our storage, by its
 * exact key (so no `..`, `%2e`, backslash or query can lead the browser elsewhere), or an https URL.
 */
export function isAllowedImageSource(src: string | undefined): boolean {
  if (!src) return false;
  if (src.startsWith(`${UPLOADS_PATH}/`)) return isValidKey(src.slice(UPLOADS_PATH.length + 1));
  if (!/^https:\/\//i.test(src)) return false;
  try {
    return new URL(src).protocol === 'https:';
  } catch {
    return false;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'small',
    'a',
    'img',
    'figure',
    'figcaption',
    'blockquote',
    'code',
    'pre',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Text inside these is not content either (scripts, styles, embedded documents): dropped with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'title',
    'select',
    'noembed',
    'noframes',
    'xmp',
  ],
  disallowedTagsMode: 'discard',
  allowedClasses: {},
  allowedStyles: {},
  allowVulnerableTags: false,
  // An image whose source is not ours or https goes entirely (an <img> without src is no use either).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
