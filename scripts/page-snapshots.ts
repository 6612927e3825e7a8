/**
 * Snapshots of what the server answers for the web pages, to prove that a change to page serving (the page
 * table, heads, server rendering, the HTML shell) changes nothing a browser or a crawler receives.
 *
 *   tsx scripts/page-snapshots.ts seed <dir>                       seed an empty data dir with the demo data
 *   npm run build
 *   tsx scripts/page-snapshots.ts snap <seeded dir> <out> [--dist dist]
 *   tsx scripts/page-snapshots.ts compare <out a> <out b>
 *
 * `snap` copies the seeded dir (demo ids are random per seed, so both sides must read the same copy's data
 * and never change it), starts the built server on it twice (server rendering on, then `SSR=false`, which
 * is also how a server without the server bundle answers), and writes for every page its status, the
 * headers that matter and the body, one file per page and mode; `weight.json` holds the JavaScript and CSS
 * each page names in its script, modulepreload and stylesheet tags, in bytes raw and gzip.
 *
 * Three things are normalised before writing: the build's content hashes in asset names (`Home-[hash].js`:
 * a changed module gets a new hash, the list of chunks a page loads is still compared by name, and its size
 * in weight.json), the times TanStack Query stamps into the hydration data (`dataUpdatedAt`), and the
 * order of the queries in it (see `sortedState`). The ETag is a hash of the body, so it is left out too. `compare` reports every file that differs and every page
 * whose weight grew, and exits 1 if any did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SSR_STATE_ELEMENT_ID } from '../src/domain/constants.ts';
import { scriptSafeJson } from '../src/domain/seo.ts';

const PUBLIC_URL = 'http://matricmoments.test';
const HEADERS = [
  'content-type',
  'cache-control',
  'vary',
  'location',
  'x-robots-tag',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('The server stopped; see the output above.');
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, child };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Ids {
  listing: string;
  otherListing: string;
  pendingListing: string | null;
  rejectedListing: string | null;
  provider: string;
  pendingProvider: string | null;
  category: string;
  province: string;
  emptyProvince: string | null;
  browseCursor: string | null;
  landingCursor: string | null;
  guideSlug: string | null;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status}`);
  return (await res.json()) as T;
}

interface Card {
  id: string;
  category: { slug: string };
  province: string;
  provider: { id: string };
}

/** Ids from the seeded data, found through the API as a visitor and as the demo admin. */
async function findIds(base: string): Promise<Ids> {
  const first = await json<{ items: Card[]; nextCursor: string | null }>(await fetch(`${base}/api/listings`));
  const listing = first.items[0]!;
  const category = listing.category.slug;
  const province = listing.province.replace(/_/g, '-');
  const inCategory = await json<{ items: Card[]; nextCursor: string | null }>(
    await fetch(`${base}/api/listings?category=${category}&pageSize=1`),
  );
  const landings = await json<{ items: { category: string; province: string | null }[] }>(
    await fetch(`${base}/api/landing-pages`),
  );
  const provinces = ['gauteng', 'western_cape', 'kwazulu_natal', 'eastern_cape', 'free_state', 'limpopo'];
  const empty = provinces.find(
    (p) => !landings.items.some((l) => l.category === category && l.province === p),
  );

  // The admin's moderation table has the listings the public may not see.
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@matricmoments.test', password: 'Admin123!' }),
  });
  const cookie = (signIn.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const moderation = async (status: string) =>
    signIn.ok
      ? (
          await json<{ items: { id: string; providerId: string }[] }>(
            await fetch(`${base}/api/admin/listings?status=${status}`, { headers: { cookie } }),
          )
        ).items[0]
      : undefined;
  const pending = await moderation('pending');
  const rejected = await moderation('rejected');
  const articles = await fetch(`${base}/api/guide/articles`, { headers: { cookie } })
    .then(async (r) => (r.ok ? ((await r.json()) as { items?: { slug: string }[] }) : { items: [] }))
    .catch(() => ({ items: [] as { slug: string }[] }));

  return {
    listing: listing.id,
    otherListing: first.items[first.items.length - 1]!.id,
    pendingListing: pending?.id ?? null,
    rejectedListing: rejected?.id ?? null,
    provider: listing.provider.id,
    pendingProvider: pending?.providerId ?? null,
    category,
    province,
    emptyProvince: empty ? empty.replace(/_/g, '-') : null,
    browseCursor: first.nextCursor,
    landingCursor: inCategory.nextCursor,
    guideSlug: articles.items?.[0]?.slug ?? null,
  };
}

/** Every page to snapshot, by a name that does not contain the (random) ids. */
function pagesOf(ids: Ids): [string, string][] {
  const missing = '00000000-0000-4000-8000-000000000000';
  const pages: [string, string | null][] = [
    ['home', '/'],
    ['browse', '/browse'],
    ['browse-slash', '/browse/'],
    [
      'browse-filtered',
      `/browse?search=farewell&category=${ids.category}&province=${ids.province.replace(/-/g, '_')}&sort=price_asc&minPrice=100&maxPrice=50000`,
    ],
    ['browse-search', '/browse?search=limo'],
    ['browse-bad-filters', '/browse?province=mars&category=x&sort=up&minPrice=abc&maxPrice=-5'],
    ['browse-distance', '/browse?sort=distance'],
    ['browse-cursor', ids.browseCursor ? `/browse?cursor=${encodeURIComponent(ids.browseCursor)}` : null],
    ['listing', `/listing/${ids.listing}`],
    ['listing-other', `/listing/${ids.otherListing}`],
    ['listing-pending', ids.pendingListing ? `/listing/${ids.pendingListing}` : null],
    ['listing-rejected', ids.rejectedListing ? `/listing/${ids.rejectedListing}` : null],
    ['listing-missing', `/listing/${missing}`],
    ['listing-malformed', '/listing/not-a-uuid'],
    ['listing-encoded', `/listing/%E0%A4%A`],
    ['provider', `/provider/${ids.provider}`],
    ['provider-pending', ids.pendingProvider ? `/provider/${ids.pendingProvider}` : null],
    ['provider-missing', `/provider/${missing}`],
    ['provider-malformed', '/provider/xyz'],
    ['about', '/about'],
    ['contact', '/contact'],
    ['faq', '/faq'],
    ['how-it-works', '/how-it-works'],
    ['packages', '/packages'],
    ['matric-guide', '/matric-guide'],
    ['matric-access', '/matric-access'],
    ['matric-article', `/matric-guide/${ids.guideSlug ?? 'finding-your-perfect-farewell-look'}`],
    ['landing', `/services/${ids.category}`],
    ['landing-province', `/services/${ids.category}/${ids.province}`],
    [
      'landing-cursor',
      ids.landingCursor ? `/services/${ids.category}?cursor=${encodeURIComponent(ids.landingCursor)}` : null,
    ],
    ['landing-bad-cursor', `/services/${ids.category}?cursor=%21%21`],
    ['landing-empty-province', ids.emptyProvince ? `/services/${ids.category}/${ids.emptyProvince}` : null],
    ['landing-unknown-category', '/services/spaceships'],
    ['landing-unknown-province', `/services/${ids.category}/atlantis`],
    ['auth', '/auth?redirect=%2Fdashboard'],
    ['checkout', '/checkout'],
    ['become-provider', '/become-provider'],
    ['dashboard', '/dashboard'],
    ['dashboard-edit', `/dashboard/listings/${ids.listing}/edit`],
    ['dashboard-my-listings', '/dashboard/my-listings'],
    ['admin-listings', '/admin/listings'],
    ['admin-packages', '/admin/packages'],
    ['unknown', '/no-such-page'],
    ['unknown-deep', '/listing/a/b'],
    ['robots', '/robots.txt'],
    ['sitemap', '/sitemap.xml'],
    ['sitemap-pages', '/sitemaps/pages.xml'],
    ['sitemap-providers', '/sitemaps/providers.xml'],
    ['sitemap-listings', '/sitemaps/listings-1.xml'],
    ['sitemap-listings-past', '/sitemaps/listings-2.xml'],
  ];
  return pages.filter((p): p is [string, string] => p[1] !== null);
}

/**
 * The hydration data with its queries in one order (by key). Which of a page's queries entered the cache
 * first used to depend on which of its reads the 5-second catalogue cache answered (the same page gave
 * different orders a few seconds apart); hydration does not depend on the order.
 */
function sortedState(json: string): string {
  const state = JSON.parse(json) as { queries?: { queryHash: string }[] };
  state.queries?.sort((a, b) => (a.queryHash < b.queryHash ? -1 : a.queryHash > b.queryHash ? 1 : 0));
  return scriptSafeJson(state);
}

/** A built asset's name: the content hash between its name and its extension. */
const ASSET_HASH = /([\w.-]+?)-[\w-]{8}(\.(?:js|css|woff2?|svg|png|jpg|webp))/g;
/** The same, in the pages' links to /assets/. */
const ASSET_LINK_HASH = /(\/assets\/[\w.-]+?)-[\w-]{8}(\.(?:js|css|woff2?|svg|png|jpg|webp))/g;

/** Asset names without their content hash, and the hydration data in one order, without clock stamps. */
function normalise(body: string): string {
  return body
    .replace(ASSET_LINK_HASH, '$1-[hash]$2')
    .replace(
      new RegExp(`(<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">)([^<]*)(</script>)`),
      (_, open: string, json: string, close: string) => `${open}${sortedState(json)}${close}`,
    )
    .replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0');
}

/**
 * The scripts, module preloads and stylesheets a page names, with their sizes in the build (JavaScript
 * raw and gzip, as bench/ssr.ts counts it; CSS raw).
 */
function weightOf(html: string, webDir: string) {
  const files = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="\/([^"]+)"/g))
    files.add(m[1]!);
  let js = 0;
  let jsGzip = 0;
  let css = 0;
  for (const file of files) {
    const text = readFileSync(path.join(webDir, file), 'utf8');
    if (file.endsWith('.js')) {
      js += Buffer.byteLength(text);
      // Compressed without the content hashes in chunk names: random text a different build of the same
      // code changes, which moves the compressed size by a few dozen bytes either way.
      jsGzip += gzipSync(text.replace(ASSET_HASH, '$1-[hash]$2')).length;
    } else css += Buffer.byteLength(text);
  }
  return { files: files.size, js, jsGzip, css };
}

async function snapshotMode(
  base: string,
  pages: [string, string][],
  outDir: string,
  webDir: string,
): Promise<Record<string, ReturnType<typeof weightOf>>> {
  mkdirSync(outDir, { recursive: true });
  const weights: Record<string, ReturnType<typeof weightOf>> = {};
  for (const [name, url] of pages) {
    // Twice: the second answer of a public page comes from the catalogue cache, and must be the same.
    for (const pass of [1, 2]) {
      const res = await fetch(`${base}${url}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'identity' },
        redirect: 'manual',
      });
      const body = await res.text();
      const lines = [`GET ${name} -> ${res.status}`];
      for (const h of HEADERS) {
        const v = res.headers.get(h);
        if (v !== null) lines.push(`${h}: ${v}`);
      }
      const text = `${lines.join('\n')}\n\n${normalise(body)}`;
      const file = path.join(outDir, `${name}.txt`);
      if (pass === 1) writeFileSync(file, text);
      else if (readFileSync(file, 'utf8') !== text)
        writeFileSync(path.join(outDir, `${name}.second-answer-differs.txt`), text);
      if (pass === 1 && (res.headers.get('content-type') ?? '').startsWith('text/html'))
        weights[name] = weightOf(body, webDir);
    }
  }
  return weights;
}

async function snap(seeded: string, out: string, dist: string) {
  const webDir = path.resolve(dist, 'web');
  if (!existsSync(path.join(webDir, 'index.html')) || !existsSync(path.resolve(dist, 'server')))
    throw new Error(`No build in ${dist}: run npm run build first`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const weights: Record<string, unknown> = {};
  let ids: Ids | null = null;
  for (const mode of ['ssr', 'shell'] as const) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mm-snap-'));
    cpSync(seeded, dataDir, { recursive: true });
    const { base, child } = await startServer({
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      PUBLIC_URL,
      SEED_DEMO: 'false',
      SSR: mode === 'ssr' ? 'true' : 'false',
    });
    try {
      ids ??= await findIds(base);
      const pages = pagesOf(ids);
      weights[mode] = await snapshotMode(base, pages, path.join(out, mode), webDir);
    } finally {
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  writeFileSync(path.join(out, 'weight.json'), `${JSON.stringify(weights, null, 2)}\n`);
  console.log(`Snapshots written to ${out}`);
}

function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path.join(dir, entry.name), rel));
    else if (rel !== 'weight.json') out.push(rel);
  }
  return out.sort();
}

function compare(a: string, b: string): boolean {
  let same = true;
  const names = [...new Set([...filesUnder(a), ...filesUnder(b)])].sort();
  for (const name of names) {
    const left = existsSync(path.join(a, name)) ? readFileSync(path.join(a, name), 'utf8') : null;
    const right = existsSync(path.join(b, name)) ? readFileSync(path.join(b, name), 'utf8') : null;
    if (left === right) continue;
    same = false;
    if (left === null || right === null) {
      console.log(`${name}: only in ${left === null ? b : a}`);
      continue;
    }
    let i = 0;
    while (i < left.length && left[i] === right[i]) i++;
    console.log(`${name}: differs at character ${i}`);
    console.log(`  before: ${JSON.stringify(left.slice(Math.max(0, i - 80), i + 120))}`);
    console.log(`  after:  ${JSON.stringify(right.slice(Math.max(0, i - 80), i + 120))}`);
  }
  type Weights = Record<string, Record<string, { js: number; jsGzip: number; css: number; files: number }>>;
  const wa = JSON.parse(readFileSync(path.join(a, 'weight.json'), 'utf8')) as Weights;
  const wb = JSON.parse(readFileSync(path.join(b, 'weight.json'), 'utf8')) as Weights;
  console.log('\nJavaScript each page names before anything else (gzip bytes), before → after:');
  for (const mode of Object.keys(wa)) {
    for (const [page, before] of Object.entries(wa[mode] ?? {})) {
      const after = wb[mode]?.[page];
      if (!after) continue;
      const grew = after.jsGzip > before.jsGzip || after.css > before.css;
      if (grew) same = false;
      console.log(
        `  ${mode}/${page}: ${before.jsGzip} → ${after.jsGzip} (${after.jsGzip - before.jsGzip >= 0 ? '+' : ''}${after.jsGzip - before.jsGzip})${grew ? '  GREW' : ''}`,
      );
    }
  }
  console.log(same ? '\nIdentical, and no page got heavier.' : '\nDifferences found.');
  return same;
}

async function seed(dir: string) {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  mkdirSync(dir, { recursive: true });
  const { child } = await startServer({ DATA_DIR: dir, SEED_DEMO: 'true', SSR: 'false', PUBLIC_URL });
  await stopServer(child);
  console.log(`Seeded ${dir}`);
}

const [command, ...rest] = process.argv.slice(2);
const distIndex = rest.indexOf('--dist');
const dist = distIndex >= 0 ? rest.splice(distIndex, 2)[1]! : 'dist';
if (command === 'seed' && rest[0]) await seed(rest[0]);
else if (command === 'snap' && rest[0] && rest[1]) await snap(rest[0], rest[1], dist);
else if (command === 'compare' && rest[0] && rest[1]) process.exitCode = compare(rest[0], rest[1]) ? 0 : 1;
else {
  console.error(
    'Usage: tsx scripts/page-snapshots.ts seed <dir> | snap <seeded dir> <out> [--dist dist] | compare <a> <b>',
  );
  process.exitCode = 2;
}
