/**
 * Lighthouse on the public pages a shared link opens (issue 26):
 *
 *   npm run build
 *   npm run bench -- lighthouse [--runs 3] [--label after] [--base http://127.0.0.1:PORT]
 *   npm run bench -- lighthouse --targets before=http://127.0.0.1:PORT1,after=http://127.0.0.1:PORT2
 *   (or: tsx bench/lighthouse.ts …)
 *
 * Builds nothing: it starts the built server (dist/server/main.js, as `npm start` runs it, with demo data on a fresh
 * embedded database in a temporary DATA_DIR, a free port) unless `--base` names one already running, then
 * runs the `lighthouse` command from npm with its default mobile settings (simulated slow 4G, 4× CPU
 * slowdown, Moto G Power screen) in Chromium (`CHROMIUM_PATH` or the one on PATH; headless, no sandbox, no
 * GPU) `--runs` times on home, browse, a listing and a landing page, one page after another.
 * `--targets` names servers already running (e.g. one started from the build before a change, one from the
 * build after it) and runs them in turn, run by run, so that both see the same load; each is written under
 * its label.
 *
 * For each page: the median of the runs of performance, FCP, LCP, TBT, CLS, SEO, accessibility and best
 * practices, with the benchmark index Lighthouse measured for the machine beside each run and the load
 * average before and after. The machine is shared: absolute figures depend on its load, ratios between runs
 * made in the same conditions are what count. Figures go to bench/results/lighthouse.json (the latest run
 * under its `--label`, earlier labels kept) and bench/results/lighthouse.md. Tests never assert them.
 */
import { execFile, execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const RUNS = Number(arg('runs', '3'));
const LABEL = arg('label', 'latest');
const GIVEN_BASE = arg('base', '');
/** label → base URL of servers already running, measured in turn. */
const TARGETS = arg('targets', '')
  .split(',')
  .filter(Boolean)
  .map((t) => t.split('=') as [string, string]);
/** label → the commit its server was built from (`--commits before=abc123,after=def456`), HEAD otherwise. */
const COMMITS = new Map(
  arg('commits', '')
    .split(',')
    .filter(Boolean)
    .map((t) => t.split('=') as [string, string]),
);
const RESULTS = path.resolve('bench/results');
const LIGHTHOUSE = path.resolve('node_modules/.bin/lighthouse');

function chromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execSync('command -v chromium || command -v chromium-browser || command -v google-chrome', {
    encoding: 'utf8',
  }).trim();
}

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

/** The compiled server of `npm run build` with the demo data. */
async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  if (!existsSync(path.resolve('dist/web/index.html')) || !existsSync(path.resolve('dist/server/main.js')))
    throw new Error('No web build: run `npm run build` first (this bench builds nothing).');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mm-bench-lighthouse-'));
  // The compiled server (dist/server/main.js), not in NODE_ENV=production, which refuses demo data.
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, child, dataDir };
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the server did not start');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

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

interface Run {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  seo: number;
  accessibility: number;
  bestPractices: number;
  benchmarkIndex: number;
  /** Audits below a perfect score in SEO, accessibility and best practices (their ids). */
  failing: string[];
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, { numericValue?: number; score: number | null; scoreDisplayMode: string }>;
  environment: { benchmarkIndex: number };
  runtimeError?: { message: string };
}

async function lighthouse(url: string, browser: string): Promise<Run> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mm-lighthouse-'));
  const out = path.join(dir, 'report.json');
  try {
    await run(
      LIGHTHOUSE,
      [
        url,
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      { env: { ...process.env, CHROME_PATH: browser }, maxBuffer: 64 * 1024 * 1024 },
    );
    const lhr = JSON.parse(readFileSync(out, 'utf8')) as Lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const value = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
    const failing = ['seo', 'accessibility', 'best-practices'].flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .map((r) => r.id)
        .filter((id) => {
          const a = lhr.audits[id];
          return a && a.scoreDisplayMode === 'binary' && a.score !== null && a.score < 1;
        }),
    );
    return {
      performance: score('performance'),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: +value('cumulative-layout-shift').toFixed(3),
      seo: score('seo'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      failing,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : +((s[mid - 1]! + s[mid]!) / 2).toFixed(3);
};

type Median = Omit<Run, 'failing' | 'benchmarkIndex'> & {
  benchmarkIndex: number[];
  failing: string[];
  runs: Run[];
  htmlBytes: number;
};

async function main() {
  const browser = chromium();
  const server = GIVEN_BASE || TARGETS.length ? null : await startServer();
  const targets: [string, string][] = TARGETS.length ? TARGETS : [[LABEL, GIVEN_BASE || server!.base]];
  const loadBefore = os.loadavg().map((l) => +l.toFixed(2));
  const pages: Record<string, Record<string, Median & { path: string }>> = {};
  try {
    for (const [label, base] of targets) {
      pages[label] = {};
      // One unmeasured visit per page: the first render of each page warms the server's caches.
      for (const p of Object.values(await pagesOf(base))) await fetch(base + p).then((r) => r.text());
    }
    const paths = await pagesOf(targets[0]![1]);
    for (const name of Object.keys(paths)) {
      const runs: Record<string, Run[]> = Object.fromEntries(targets.map(([label]) => [label, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const [label, base] of targets) {
          const p = (await pagesOf(base))[name]!;
          runs[label]!.push(await lighthouse(base + p, browser));
          console.log(`${label} ${name} run ${i + 1}: ${JSON.stringify(runs[label]!.at(-1))}`);
        }
      }
      for (const [label, base] of targets) {
        const p = (await pagesOf(base))[name]!;
        const htmlBytes = Buffer.byteLength(
          await (await fetch(base + p, { headers: { 'accept-encoding': 'identity' } })).text(),
        );
        const own = runs[label]!;
        const m = (k: keyof Omit<Run, 'failing'>) => median(own.map((r) => r[k]));
        pages[label]![name] = {
          path: p.replace(/\/listing\/[^/]+/, '/listing/:id'),
          performance: m('performance'),
          fcpMs: m('fcpMs'),
          lcpMs: m('lcpMs'),
          tbtMs: m('tbtMs'),
          cls: m('cls'),
          seo: m('seo'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          benchmarkIndex: own.map((r) => r.benchmarkIndex),
          failing: [...new Set(own.flatMap((r) => r.failing))],
          htmlBytes,
          runs: own,
        };
      }
    }
  } finally {
    if (server) {
      await stopServer(server.child);
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
  const loadAfter = os.loadavg().map((l) => +l.toFixed(2));

  const common = {
    date: new Date().toISOString(),
    commit: execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim(),
    lighthouse: (await run(LIGHTHOUSE, ['--version'])).stdout.trim(),
    cpus: os.cpus().length,
    runs: RUNS,
    loadAverage: { before: loadBefore, after: loadAfter },
    /** The labels measured in turn in this run. */
    together: targets.map(([label]) => label),
  };
  type Entry = typeof common & { pages: (typeof pages)[string] };
  mkdirSync(RESULTS, { recursive: true });
  const jsonPath = path.join(RESULTS, 'lighthouse.json');
  const all = (existsSync(jsonPath) ? JSON.parse(readFileSync(jsonPath, 'utf8')) : {}) as Record<
    string,
    Entry
  >;
  for (const [label] of targets)
    all[label] = { ...common, commit: COMMITS.get(label) ?? common.commit, pages: pages[label]! };
  writeFileSync(jsonPath, JSON.stringify(all, null, 2) + '\n');

  const lines = [
    '# Lighthouse, mobile (default settings), public pages',
    '',
    '`npm run build`, then `npm run bench -- lighthouse --label <name>` (bench/lighthouse.ts): the compiled',
    'server with the demo data on a fresh embedded database, Lighthouse from npm in headless Chromium, each',
    'page run one after another; medians of the runs. The benchmark index is what Lighthouse measured for the',
    'machine during each run (higher is faster); the load average (1, 5, 15 min) is read before and after. The',
    'machine is shared by other work: compare runs made in the same conditions.',
    '',
  ];
  for (const [label, e] of Object.entries(all)) {
    lines.push(
      `## ${label}: ${e.date.slice(0, 16).replace('T', ' ')} UTC, commit ${e.commit}, Lighthouse ${e.lighthouse}, ${e.runs} runs`,
      '',
      `Load average before ${e.loadAverage.before.join(' / ')}, after ${e.loadAverage.after.join(' / ')} (${e.cpus} cores).` +
        (e.together.length > 1 ? ` Measured in turn with ${e.together.join(', ')}, run by run.` : ''),
      '',
      '| page | performance | FCP | LCP | TBT | CLS | SEO | accessibility | best practices | HTML | benchmark index |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const [name, p] of Object.entries(e.pages)) {
      lines.push(
        `| ${name} | ${p.performance} | ${(p.fcpMs / 1000).toFixed(2)} s | ${(p.lcpMs / 1000).toFixed(2)} s | ${Math.round(p.tbtMs)} ms | ${p.cls} | ${p.seo} | ${p.accessibility} | ${p.bestPractices} | ${(p.htmlBytes / 1024).toFixed(1)} KB | ${p.benchmarkIndex.join(', ')} |`,
      );
    }
    const failing = Object.entries(e.pages).filter(([, p]) => p.failing.length);
    if (failing.length) {
      lines.push('', 'Audits not passed:');
      for (const [name, p] of failing) lines.push(`- ${name}: ${p.failing.join(', ')}`);
    }
    lines.push('');
  }
  writeFileSync(path.join(RESULTS, 'lighthouse.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
