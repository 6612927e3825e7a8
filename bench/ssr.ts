/**
 * Server-rendered pages (issue 14):
 *
 *   npm run build
 *   DATABASE_URL=postgres://user@host:port/postgres tsx bench/ssr.ts [--size 100000] [--duration 5] [--runs 3]
 *   tsx bench/ssr.ts --browser-only [--runs 3]
 *
 * 1. Server: time to first byte and HTML size (raw and gzip) of the rendered home, browse, listing and
 *    landing pages on the benchmark catalogue (`mm_bench_<size>`, filled by bench/browse.ts or
 *    bench/generate.ts), and requests per second of the listing page at 32 connections.
 * 2. Browser: FCP, LCP and CLS of home, browse and a listing in Chromium with a 4× CPU slowdown and a
 *    slow-4G profile (150 ms RTT, 1.6 Mbps down), on the demo data, with server rendering off (before) and
 *    on (after); and the JavaScript the home, browse and listing pages load before anything else, gzip.
 *
 * `--browser-only` skips part 1 (no database needed); the server figures already in ssr.json are kept.
 *
 * Figures go to bench/results/ssr.json and bench/results/ssr.md. Tests never assert them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SIZE = Number(arg('size', '100000'));
const DURATION = Number(arg('duration', '5'));
const RUNS = Number(arg('runs', '3'));
const BROWSER_ONLY = process.argv.includes('--browser-only');
/** What Chromium sends over plain HTTP. */
const BROWSER_ENCODING = 'gzip, deflate, br';
const RESULTS = path.resolve('bench/results');
const serverUrl = process.env.DATABASE_URL;

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

/** The real server (bench/server.ts --web, or main.ts with demo data) on a free port, run by Node itself so that stopping the child stops it. */
async function start(
  script: string[],
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...script], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, child };
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`server ${script.join(' ')} did not start`);
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Time to the first byte of the answer, in ms, and the body. */
/** A page as a browser asks for it (`encoding`: its Accept-Encoding; the body as sent, not decoded). */
function firstByte(
  url: string,
  encoding = 'identity',
): Promise<{ ttfb: number; body: Buffer; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { headers: { accept: 'text/html', 'accept-encoding': encoding } }, (res) => {
        let ttfb = 0;
        const chunks: Buffer[] = [];
        res.once('data', () => (ttfb = performance.now() - t0));
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ttfb,
            body: Buffer.concat(chunks),
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            status: res.statusCode ?? 0,
          }),
        );
      })
      .on('error', reject);
  });
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
};

async function pagesOf(base: string): Promise<Record<string, string>> {
  const first = (await (await fetch(`${base}/api/listings`)).json()) as {
    items: { id: string; category: { slug: string }; province: string }[];
  };
  const l = first.items[0]!;
  return {
    home: '/',
    browse: '/browse',
    listing: `/listing/${l.id}`,
    landing: `/services/${l.category.slug}/${l.province.replace(/_/g, '-')}`,
  };
}

// ------------------------------------------------------------------------------------------ server side
interface ServerFigures {
  ttfbP50: number;
  ttfbP95: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  /** What the server sent a browser asking for Brotli or gzip, and how it was encoded. */
  sentBytes?: number;
  sentEncoding?: string;
  rendered: boolean;
}

async function serverSide(
  kind: string,
  env: Record<string, string>,
): Promise<{
  pages: Record<string, ServerFigures>;
  listingC32: { reqPerSec: number; p50: number; p99: number };
}> {
  const server = await start(['bench/server.ts', '--web'], env);
  try {
    const pages = await pagesOf(server.base);
    const out: Record<string, ServerFigures> = {};
    for (const [name, p] of Object.entries(pages)) {
      await firstByte(server.base + p, BROWSER_ENCODING); // warm-up
      const times: number[] = [];
      let sent = { bytes: 0, encoding: '' };
      for (let i = 0; i < 30; i++) {
        const r = await firstByte(server.base + p, BROWSER_ENCODING);
        times.push(r.ttfb);
        sent = { bytes: r.body.length, encoding: r.encoding };
      }
      const body = (await firstByte(server.base + p)).body.toString('utf8');
      out[name] = {
        ttfbP50: pct(times, 50),
        ttfbP95: pct(times, 95),
        htmlBytes: Buffer.byteLength(body),
        htmlGzipBytes: gzipSync(body).length,
        sentBytes: sent.bytes,
        sentEncoding: sent.encoding,
        rendered: body.includes('id="mm-ssr-state"'),
      };
      console.log(
        `  ${kind} ${name.padEnd(8)} ttfb p50 ${out[name].ttfbP50} ms · ${sent.bytes} B ${sent.encoding}`,
      );
    }
    const url = server.base + pages.listing!;
    const headers = { accept: 'text/html', 'accept-encoding': BROWSER_ENCODING };
    await autocannon({ url, connections: 32, duration: 1, headers });
    const r = await autocannon({ url, connections: 32, duration: DURATION, headers });
    const listingC32 = { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
    console.log(`  ${kind} listing c32 ${listingC32.reqPerSec} req/s`);
    return { pages: out, listingC32 };
  } finally {
    await stop(server.child);
  }
}

// ----------------------------------------------------------------------------------------- browser side
interface Vitals {
  fcp: number;
  lcp: number;
  cls: number;
  /** What the largest paint was, e.g. `IMG hero-banners 800w` or `H1 text` (the most frequent over the runs). */
  lcpElement?: string;
}

function mostFrequent(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

async function vitals(base: string, pages: Record<string, string>): Promise<Record<string, Vitals>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const out: Record<string, Vitals> = {};
  try {
    for (const name of ['home', 'browse', 'listing']) {
      const runs: (Vitals & { lcpElement: string })[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await page.addInitScript(() => {
          const w = window as unknown as { __lcp: number; __cls: number; __lcpEl: string };
          w.__lcp = 0;
          w.__cls = 0;
          w.__lcpEl = '';
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & {
              element: Element | null;
              url: string;
            })[]) {
              w.__lcp = e.startTime;
              const image = /\/uploads\/([^/]+)\/[^/]*-(\d+)\.\w+$/.exec(e.url);
              w.__lcpEl = `${e.element?.tagName ?? '?'} ${image ? `${image[1]} ${image[2]}w` : 'text'}`;
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!e.hadRecentInput) w.__cls += e.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(base + pages[name]!, { waitUntil: 'networkidle', timeout: 120_000 });
        await page.waitForTimeout(1000);
        const v = await page.evaluate(() => {
          const w = window as unknown as { __lcp: number; __cls: number; __lcpEl: string };
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          return { fcp, lcp: w.__lcp, cls: w.__cls, lcpElement: w.__lcpEl };
        });
        runs.push(v);
        await context.close();
      }
      const median = (k: 'fcp' | 'lcp') =>
        pct(
          runs.map((r) => r[k]),
          50,
        );
      out[name] = {
        fcp: median('fcp'),
        lcp: median('lcp'),
        cls: pct(
          runs.map((r) => +r.cls.toFixed(3)),
          50,
        ),
        lcpElement: mostFrequent(runs.map((r) => r.lcpElement)),
      };
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * The JavaScript a page loads before anything else (the entry, the page's chunk and everything they import
 * statically), gzip, from the build: what the shell names in its script and modulepreload tags.
 */
function pageJsGzip(pageModule: string): number {
  const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk('index.html');
  walk(pageModule);
  let total = 0;
  for (const f of files) total += gzipSync(readFileSync(path.join('dist/web', f))).length;
  return total;
}

// ------------------------------------------------------------------------------------------------- main
const result: Record<string, unknown> = { date: new Date().toISOString(), size: SIZE };
let server: Record<string, unknown> = {};
if (BROWSER_ONLY) {
  // Keep the server figures of the last full run.
  try {
    const previous = JSON.parse(readFileSync(path.join(RESULTS, 'ssr.json'), 'utf8')) as {
      size?: number;
      server?: Record<string, unknown>;
      serverDate?: string;
      date?: string;
    };
    server = previous.server ?? {};
    result.size = previous.size ?? SIZE;
    result.serverDate = previous.serverDate ?? previous.date;
  } catch {
    // No earlier figures.
  }
} else {
  result.serverDate = result.date;
  if (serverUrl) {
    const u = new URL(serverUrl);
    u.pathname = `/mm_bench_${SIZE}`;
    server.postgres = await serverSide('postgres', { DATABASE_URL: u.toString(), SEED_DEMO: 'false' });
  }
  const pgliteDir = path.resolve(`bench/.tmp/pglite-${SIZE}`);
  // openPglite keeps the cluster under <DATA_DIR>/pgdata.
  if (existsSync(path.join(pgliteDir, 'pgdata', 'PG_VERSION'))) {
    server.pglite = await serverSide('pglite', { DATABASE_URL: '', DATA_DIR: pgliteDir, SEED_DEMO: 'false' });
  } else {
    console.log(`  (no PGlite catalogue at ${pgliteDir}: run bench/browse.ts --db pglite first)`);
  }
}
result.server = server;

const browser: Record<string, unknown> = {};
for (const ssr of ['false', 'true']) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mm-bench-ssr-'));
  const demo = await start(['src/server/main.ts'], {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    SSR: ssr,
    SEED_DEMO: 'true',
  });
  try {
    browser[ssr === 'true' ? 'after' : 'before'] = await vitals(demo.base, await pagesOf(demo.base));
  } finally {
    await stop(demo.child);
  }
}
result.browser = browser;
result.runs = RUNS;
result.jsGzipBytes = {
  home: pageJsGzip('pages/Home.tsx'),
  browse: pageJsGzip('pages/Browse.tsx'),
  listing: pageJsGzip('pages/ListingDetail.tsx'),
};
result.homeJsGzipBytes = (result.jsGzipBytes as Record<string, number>).home;

mkdirSync(RESULTS, { recursive: true });
writeFileSync(path.join(RESULTS, 'ssr.json'), JSON.stringify(result, null, 2) + '\n');
const lines = [
  `## Server rendering, ${(result.size as number).toLocaleString('en')} listings (${result.date as string})`,
  '',
];
if (BROWSER_ONLY && Object.keys(server).length) {
  lines.push(`Server figures from the run of ${result.serverDate as string} (this run: browser only).`, '');
}
for (const [kind, figures] of Object.entries(server) as [string, Awaited<ReturnType<typeof serverSide>>][]) {
  lines.push(
    `### ${kind}`,
    '',
    `| page | TTFB p50 / p95 ms (Accept-Encoding: ${BROWSER_ENCODING}) | HTML | sent |`,
    '| --- | --- | --- | --- |',
  );
  for (const [name, f] of Object.entries(figures.pages)) {
    const sent = f.sentBytes ? `${f.sentBytes} B ${f.sentEncoding}` : `(gzip would be ${f.htmlGzipBytes} B)`;
    lines.push(`| ${name} | ${f.ttfbP50} / ${f.ttfbP95} | ${f.htmlBytes} B | ${sent} |`);
  }
  lines.push(
    '',
    `Listing page at 32 connections: ${figures.listingC32.reqPerSec} req/s (p99 ${figures.listingC32.p99} ms).`,
    '',
  );
}
lines.push(
  `### Chromium, 4× CPU slowdown, slow 4G (median of ${RUNS})`,
  '',
  '| page | before: FCP / LCP ms, CLS | after: FCP / LCP ms, CLS | largest paint (after) |',
  '| --- | --- | --- | --- |',
);
const b = browser as Record<'before' | 'after', Record<string, Vitals>>;
for (const name of Object.keys(b.after)) {
  const x = b.before[name]!;
  const y = b.after[name]!;
  lines.push(
    `| ${name} | ${x.fcp} / ${x.lcp}, ${x.cls} | ${y.fcp} / ${y.lcp}, ${y.cls} | ${y.lcpElement ?? ''} |`,
  );
}
const js = result.jsGzipBytes as Record<string, number>;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
lines.push(
  '',
  `JavaScript before anything else (gzip): home ${kb(js.home!)}, browse ${kb(js.browse!)}, listing ${kb(js.listing!)}.`,
  '',
);
writeFileSync(path.join(RESULTS, 'ssr.md'), lines.join('\n'));
console.log(lines.join('\n'));
