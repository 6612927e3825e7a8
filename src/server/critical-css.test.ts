import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFERRED_STYLE_ATTRIBUTE } from '../domain/constants.ts';
import { createCriticalCss } from './critical-css.ts';

const LINK = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
const INDEX = `<!doctype html><html><head><title>x</title>${LINK}</head><body><div id="root"></div></body></html>`;
// What Tailwind writes, in small: registered properties, a base rule, utilities, a `:where()` child rule, an
// arbitrary variant on descendants, and rules no page below uses.
const CSS = [
  '@layer base{body{margin:0}}',
  '@layer utilities{.flex{display:flex}.border{border-style:var(--tw-border-style);border-width:1px}',
  '.space-y-4{:where(&>:not(:last-child)){margin-block-start:1rem}}',
  '.\\[\\&_svg\\]\\:size-4 svg{width:1rem;height:1rem}',
  '.grid{display:grid}.unused-class{color:red}}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}',
].join('');

let webDir: string;
beforeAll(() => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mm-critical-'));
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'assets', 'index-1.css'), CSS);
});
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

/** The first call starts compiling the stylesheet (after the current turn); later ones inline. */
async function ready(critical: ReturnType<typeof createCriticalCss>) {
  critical.inline(INDEX, '');
  await new Promise((r) => setImmediate(r));
}

const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];

describe('critical CSS of a rendered page', () => {
  const markup =
    '<div class="flex border space-y-4"><p>a</p><p>b</p></div><a class="[&amp;_svg]:size-4"><svg></svg></a>';

  it('serves the page as it is until the stylesheet is compiled', () => {
    const critical = createCriticalCss(webDir, INDEX);
    expect(critical.inline(INDEX, markup)).toBe(INDEX);
  });

  it('inlines the rules the markup uses, every registered property intact, and defers the stylesheet', async () => {
    const critical = createCriticalCss(webDir, INDEX);
    await ready(critical);
    const html = critical.inline(INDEX, markup);
    const css = styleOf(html)!;
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('.border{');
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('.space-y-4');
    expect(css).toContain('svg{width:1rem');
    expect(css).not.toContain('unused-class');
    expect(css).not.toContain('.grid{');
    // `@property …{…};` would make the browser drop the next rule: each one stands on its own.
    expect(css).not.toMatch(/\};/);
    expect(css.match(/@property/g)).toHaveLength(2);
    // The stylesheet no longer blocks the first paint; without JavaScript the <noscript> copy applies it.
    expect(html).not.toContain(`${LINK}</head>`);
    expect(html).toContain(
      `<link media="print" ${DEFERRED_STYLE_ATTRIBUTE} rel="stylesheet" crossorigin href="/assets/index-1.css"><noscript>${LINK}</noscript>`,
    );
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('picks the rules of each page by its own markup', async () => {
    const critical = createCriticalCss(webDir, INDEX);
    await ready(critical);
    const css = styleOf(critical.inline(INDEX, '<div class="grid"></div>'))!;
    expect(css).toContain('.grid{display:grid}');
    expect(css).not.toContain('.flex{');
  });

  it('leaves a shell without exactly one stylesheet link alone', async () => {
    const bare = INDEX.replace(LINK, '');
    const critical = createCriticalCss(webDir, bare);
    await ready(critical);
    expect(critical.inline(bare, markup)).toBe(bare);
  });
});
