import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../domain/pages.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { loadWebShell, ROUTE_PAGE_MODULES, splitPriorityPreloads, withPage } from './web-shell.ts';

const INDEX = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'] },
  'pages/Browse.tsx': {
    file: 'assets/Browse-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_card-1.js'],
    css: ['assets/Browse-1.css'],
  },
  'app/layouts/DashboardLayout.tsx': { file: 'assets/DashboardLayout-1.js', imports: ['index.html'] },
  'pages/Favorites.tsx': { file: 'assets/Favorites-1.js', imports: ['_card-1.js'] },
};

let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mm-shell-'));
  mkdirSync(path.join(webDir, '.vite'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
}

describe('the HTML shell preloads the route’s code', () => {
  it('names the page chunk, its own imports and its CSS, but not what the entry already loads', () => {
    const shell = loadWebShell(webDir);
    expect(preloads(shell.html('/browse'))).toEqual([
      '/assets/Browse-1.js',
      '/assets/Browse-1.css',
      '/assets/card-1.js',
    ]);
    expect(preloads(shell.html('/dashboard/favorites'))).toEqual([
      '/assets/DashboardLayout-1.js',
      '/assets/Favorites-1.js',
      '/assets/card-1.js',
    ]);
    expect(shell.html(null)).toBe(INDEX);
  });

  it('serves the shell with the preloads for app routes, and the plain shell with 404 for unknown paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/browse?category=venues' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Browse-1.js">');
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(preloads(missing.body)).toEqual([]);
  });

  it('without a build manifest serves index.html as it is', () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'mm-shell-bare-'));
    writeFileSync(path.join(bare, 'index.html'), INDEX);
    expect(loadWebShell(bare).html('/browse')).toBe(INDEX);
    rmSync(bare, { recursive: true, force: true });
  });
});

describe('the page’s largest picture is requested before the scripts', () => {
  const hero =
    '<link rel="preload" as="image" imageSrcSet="/uploads/a-400.webp 400w, /uploads/a-800.webp 800w" imageSizes="100vw" fetchPriority="high"/>';
  const card = '<link rel="preload" as="image" href="/uploads/b-400.webp"/>';
  const shell =
    '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/Home-1.js"></head><body><div id="root"></div></body></html>';

  it('moves React’s high-priority image preloads from the start of the markup into the head, before the first script', () => {
    const html = withPage(shell, { html: `${hero}${card}<main>x</main>`, state: {} });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(hero)).toBeGreaterThan(-1);
    expect(head.indexOf(hero)).toBeLessThan(head.indexOf('<script'));
    expect(html).toContain(`<div id="root">${card}<main>x</main></div>`);
    expect(html.split(hero)).toHaveLength(2);
  });

  it('leaves markup without such preloads, and links further in, as they are', () => {
    expect(splitPriorityPreloads(`${card}<main>x</main>`)).toEqual({
      preloads: [],
      markup: `${card}<main>x</main>`,
    });
    expect(splitPriorityPreloads(`<main>${hero}</main>`)).toEqual({
      preloads: [],
      markup: `<main>${hero}</main>`,
    });
    const plain = withPage(shell, { html: '<main>x</main>', state: {} });
    expect(plain.slice(0, plain.indexOf('</head>'))).toBe(shell.slice(0, shell.indexOf('</head>')));
  });
});

describe('the route → page module table stays true to the router', () => {
  const webSrc = path.resolve('src/web');

  it('names an existing module for every app route', () => {
    expect(Object.keys(ROUTE_PAGE_MODULES).sort()).toEqual([...APP_ROUTES].sort());
    for (const modules of Object.values(ROUTE_PAGE_MODULES)) {
      for (const module of modules) expect(existsSync(path.join(webSrc, module)), module).toBe(true);
    }
  });

  it('covers every page module there is (the router loads exactly the table’s modules)', () => {
    // src/web/app/routes.tsx routes the page table's modules (virtual:page-routes, vite-page-routes.ts);
    // the not-found page is part of the entry. A page module the table does not name would never load.
    const mapped = new Set(Object.values(ROUTE_PAGE_MODULES).flat());
    const pages = readdirSync(path.join(webSrc, 'pages'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx') && file !== 'NotFound.tsx')
      .map((file) => `pages/${file.split(path.sep).join('/')}`);
    expect(pages.length).toBeGreaterThan(30);
    for (const module of pages) expect(mapped.has(module), module).toBe(true);
  });
});
