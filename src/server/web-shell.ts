/**
 * The HTML shell of the web app, with the current route's code preloaded.
 *
 * Without help the browser loads the page in three steps: the HTML, then the entry script, and only when
 * the router has run, the route's lazily loaded page chunk. The server knows the route of every request
 * (src/domain/pages.ts) and the build's manifest knows each page's chunk and the chunks it imports, so the
 * shell names them in `<link rel="modulepreload">` tags and the browser fetches them alongside the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROUTES, pageModules, type AppRoute } from '../domain/pages.ts';
import { SSR_STATE_ELEMENT_ID } from '../domain/constants.ts';
import { escapeMarkup, scriptSafeJson } from '../domain/seo.ts';
import { createCriticalCss } from './critical-css.ts';

/**
 * The modules (paths under src/web, as the Vite manifest names them) each route's first render needs, from
 * the page table: the page's module, and the dashboard layout's for signed-in screens.
 */
export const ROUTE_PAGE_MODULES: Readonly<Partial<Record<AppRoute, readonly string[]>>> = Object.fromEntries(
  APP_ROUTES.map((route) => [route, pageModules(route)]),
);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface WebShell {
  /**
   * index.html with the preload tags of the route (or the plain shell for unknown paths) and, when given,
   * the page's own head (title, description, canonical, share tags, JSON-LD) in place of the default one.
   */
  html(route: AppRoute | null, head?: string, page?: { html: string; state: unknown }): string;
}

/** The default title and description of index.html, replaced by a page's own head. */
const DEFAULT_HEAD = /<title>[\s\S]*?<\/title>|<meta\s+name="description"[\s\S]*?>/g;

/** Puts a page's head in place of the default title and description (a function replacer: no `$` patterns). */
export function withHead(html: string, head: string): string {
  return html.replace(DEFAULT_HEAD, '').replace('</head>', () => `    ${head}\n  </head>`);
}

/** The `<link>` tags React writes at the start of a rendered page (its preloads, e.g. for eager images). */
const LEADING_LINKS = /^(?:<link\b[^>]*>)+/;
const LINK_TAG = /<link\b[^>]*>/g;

/**
 * Takes the image preloads React marked `fetchPriority="high"` (the page's largest picture: the first hero
 * banner, a listing's main photo, the first result) out of the start of the rendered markup, so that the
 * head can name them before the scripts. On HTTP/1.1 a browser opens six connections per host and sends
 * requests of equal priority in document order: named after two dozen script chunks, the picture waited
 * for all of them. The other preloads stay where React put them.
 */
export function splitPriorityPreloads(markup: string): { preloads: string[]; markup: string } {
  const leading = LEADING_LINKS.exec(markup)?.[0];
  if (!leading) return { preloads: [], markup };
  const preloads: string[] = [];
  const rest: string[] = [];
  for (const tag of leading.match(LINK_TAG) ?? []) {
    const priority =
      /\brel="preload"/.test(tag) && /\bas="image"/.test(tag) && /\bfetchpriority="high"/i.test(tag);
    (priority ? preloads : rest).push(tag);
  }
  return { preloads, markup: rest.join('') + markup.slice(leading.length) };
}

/**
 * Puts server-rendered markup into #root and the query cache it was rendered with into a JSON data block
 * (read by src/web/main.tsx before hydrating); the page's high-priority image preloads go into the head
 * ahead of the first script.
 */
export function withPage(html: string, page: { html: string; state: unknown } | undefined): string {
  if (!page) return html;
  const { preloads, markup } = splitPriorityPreloads(page.html);
  const state = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${scriptSafeJson(page.state)}</script>`;
  let out = html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>\n    ${state}`);
  if (preloads.length) {
    const head = out.indexOf('</head>');
    const script = out.indexOf('<script');
    const at = script >= 0 && script < head ? script : head;
    if (at >= 0) out = `${out.slice(0, at)}${preloads.join('\n    ')}\n    ${out.slice(at)}`;
  }
  return out;
}

/**
 * Reads dist/web/index.html and the build manifest once. Without a manifest (an old build) the shell is
 * served as it is.
 */
export function loadWebShell(webDir: string): WebShell {
  const index = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // A rendered page carries the critical CSS of its markup; the stylesheet loads without blocking.
  const critical = createCriticalCss(webDir, index);
  const withStyledPage = (html: string, page: { html: string; state: unknown } | undefined) =>
    page ? critical.inline(withPage(html, page), page.html) : html;
  const manifestPath = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    return {
      html: (_route, head, page) => withStyledPage(head === undefined ? index : withHead(index, head), page),
    };
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

  // What the entry already loads statically is preloaded by index.html itself.
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const already = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep, into);
  };
  if (entryKey) walk(entryKey, already);

  const cache = new Map<AppRoute | null, string>();
  const build = (route: AppRoute | null): string => {
    if (!route) return index;
    const keys = new Set<string>();
    for (const module of ROUTE_PAGE_MODULES[route] ?? []) if (manifest[module]) walk(module, keys);
    const tags: string[] = [];
    for (const key of keys) {
      if (already.has(key)) continue;
      const chunk = manifest[key]!;
      tags.push(`<link rel="modulepreload" crossorigin href="/${escapeMarkup(chunk.file)}">`);
      for (const css of chunk.css ?? [])
        tags.push(`<link rel="preload" as="style" href="/${escapeMarkup(css)}">`);
    }
    return tags.length ? index.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`) : index;
  };
  return {
    html(route, head, page) {
      let html = cache.get(route);
      if (html === undefined) {
        html = build(route);
        cache.set(route, html);
      }
      return withStyledPage(head === undefined ? html : withHead(html, head), page);
    },
  };
}
