/**
 * The critical CSS of a server-rendered page (decision 0061): the rules of the web app's stylesheet that the
 * page's markup can use, inlined in a `<style>` in the head, while the whole stylesheet loads without
 * blocking the first paint (`media="print"` until src/web/main.tsx switches it on; a `<noscript>` link
 * for browsers without JavaScript).
 *
 * The stylesheet is compiled once (beasties' compiler: every selector reduced to the tags, classes and
 * attributes it needs), lazily on the first page so that processes which never serve a page do not pay for
 * it; until it is ready pages are served with the blocking stylesheet as before. A page's markup is then
 * scanned in one pass and the rules it needs are picked; beasties keeps the result per set of tokens, and the
 * result per markup is kept here too, so a page served from the render cache is not scanned again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileSheet } from 'beasties/compiler';
import { createProcessor } from 'beasties/runtime';
import { DEFERRED_STYLE_ATTRIBUTE } from '../domain/constants.ts';

/** Markups whose critical CSS is kept (the render cache holds about as many pages). */
const KEPT = 200;

export interface CriticalCss {
  /**
   * The document with the critical CSS of `markup` inlined and the stylesheet deferred, or the document
   * as it is while the stylesheet is still being compiled (or when it names no stylesheet).
   */
  inline(document: string, markup: string): string;
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/[^"]+\.css)">/g;

export function createCriticalCss(webDir: string, index: string): CriticalCss {
  const links = [...index.matchAll(STYLESHEET_LINK)];
  if (links.length !== 1) return { inline: (document) => document };
  const [tag, href] = links[0] as unknown as [string, string];
  let processor: ReturnType<typeof createProcessor> | null = null;
  let compiling = false;
  const kept = new Map<string, string>();

  const compile = () => {
    compiling = true;
    // After the current request: compiling takes a fraction of a second on one core.
    setImmediate(() => {
      try {
        const css = readFileSync(path.join(webDir, href.slice(1)), 'utf8');
        // beasties' token matching misses selectors with a combinator inside `:where()` (Tailwind's
        // space-y-*, divide-*) and arbitrary variants on descendants (`[&_svg]:size-4`): such rules are
        // always kept, so that the first paint looks exactly like the page with the whole stylesheet.
        const allowRules = [/:where\(/, /\bsvg\b/, /[>~+]/, /\\\[/];
        processor = createProcessor([compileSheet(css, { href, allowRules })], {
          keyframes: 'critical',
          cache: { maxSize: KEPT },
        });
      } catch {
        // No critical CSS: the stylesheet stays blocking, as it was before.
      }
    });
  };

  const criticalOf = (markup: string): string => {
    let css = kept.get(markup);
    if (css === undefined) {
      css = processor!
        .extract(`<html><body><div id="root">${markup}</div></body></html>`)
        // beasties 0.5 writes `@property --x{…};`: the `;` would join the next rule's prelude and the
        // browser would drop it (every registered Tailwind property but the first: borders, gradients).
        .css.replace(/\};/g, '}');
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(markup, css);
    }
    return css;
  };

  return {
    inline(document, markup) {
      if (!processor) {
        if (!compiling) compile();
        return document;
      }
      const css = criticalOf(markup).replace(/<\/style/gi, '<\\/style');
      const deferred = tag.replace('<link ', `<link media="print" ${DEFERRED_STYLE_ATTRIBUTE} `);
      return document.replace(tag, () => `<style>${css}</style>\n    ${deferred}<noscript>${tag}</noscript>`);
    },
  };
}
