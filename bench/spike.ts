/**
 * A shared link under a WhatsApp spike (issue 26):
 *
 *   npm run build
 *   tsx bench/spike.ts --db pglite [--label before|after] [--duration 5]
 *   DATABASE_URL=postgres://user@host:port/postgres tsx bench/spike.ts --db postgres --size 100000 [--label …]
 *
 * In one run, side by side: a bare Fastify hello-world and the real server (the built web app with server
 * rendering), each in a child process of its own, loaded with autocannon from this process at 32 connections
 * (throughput, p50, p99) and at 1 connection (latency) — the home page, a listing's page, the browse JSON
 * with each filter the API takes, and a listing's JSON. Requests are sent as a browser sends them (Accept
 * and Accept-Encoding: br, gzip), so compressed answers are what is measured. The hello-world is loaded
 * right before each request (3 s) and that figure is the reference of the request's ratio (the machine's
 * load moves from one minute to the next).
 *
 * PGlite: the demo data (src/server/main.ts seeds a fresh data directory). PostgreSQL: `mm_spike_<size>`
 * on the server of DATABASE_URL, filled once by bench/generate.ts (kept for the next run).
 *
 * Figures go to bench/results/spike-<db>.json (one entry per label, so a baseline and a later run sit side
 * by side) and bench/results/spike.md. Numbers compare runs on the same machine; tests never assert them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, queryRows } from '../src/server/db/client.ts';
import { generateCatalogue } from './generate.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const KIND = arg('db', 'pglite') as 'pglite' | 'postgres';
const SIZE = Number(arg('size', '100000'));
const LABEL = arg('label', 'after');
const DURATION = Number(arg('duration', '5'));
const LATENCY_DURATION = 3;
const HELLO_DURATION = 3;
/** `--prepare`: only fill the PostgreSQL catalogue (the long part), then measure later. */
const PREPARE_ONLY = process.argv.includes('--prepare');
const PGLITE_DIR = path.resolve('bench/.tmp/spike-pglite');
const RESULTS = path.resolve('bench/results');
const BROWSER = { 'accept-encoding': 'br, gzip' };

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

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 2400 && !exited; i++) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not start`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A bare Fastify hello-world in a process of its own: the machine's ceiling for one Node process. */
async function startHello(): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const code =
    "const app = require('fastify')();" +
    "app.get('/', async () => ({ hello: 'world' }));" +
    `app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child, 'hello-world');
  return { base, child };
}

/** The app: PGlite with the demo data (main.ts seeds it), or PostgreSQL's bench catalogue. */
async function startApp(env: Record<string, string>, script: string[]) {
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
  try {
    await waitFor(`${base}/api/health`, child, 'the app');
  } catch (err) {
    await stop(child);
    throw err;
  }
  return { base, child };
}

async function preparePostgres(): Promise<string> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('--db postgres needs DATABASE_URL');
  const name = `mm_spike_${SIZE}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = openPostgres(u.toString(), 4);
  try {
    await database.migrate();
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from listings where status = 'approved'`,
    );
    if ((row?.n ?? 0) < SIZE) {
      const t0 = Date.now();
      await generateCatalogue(database.db, SIZE, (m) => process.stdout.write(`\r  generating: ${m}   `));
      console.log(`\n  generated in ${Math.round((Date.now() - t0) / 1000)} s`);
      await database.db.execute(sql`analyze`);
    }
  } finally {
    await database.close();
  }
  return u.toString();
}

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
interface Target {
  name: string;
  path: string;
  page?: boolean;
}

async function load(url: string, connections: number, duration: number, page: boolean): Promise<Figures> {
  const headers = { ...BROWSER, accept: page ? 'text/html' : 'application/json' };
  const r = await autocannon({ url, connections, duration, headers });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function targetsOf(base: string): Promise<Target[]> {
  const first = (await (await fetch(`${base}/api/listings?category=photography`)).json()) as {
    items: { id: string }[];
  };
  const id = first.items[0]!.id;
  return [
    { name: 'home page', path: '/', page: true },
    { name: 'listing page', path: `/listing/${id}`, page: true },
    { name: 'browse JSON', path: '/api/listings' },
    { name: 'browse: category', path: '/api/listings?category=photography' },
    { name: 'browse: province', path: '/api/listings?province=gauteng' },
    { name: 'browse: category + province', path: '/api/listings?category=venues&province=gauteng' },
    { name: 'browse: search', path: '/api/listings?search=photography' },
    { name: 'browse: price range', path: '/api/listings?minPrice=1000&maxPrice=3000' },
    { name: 'browse: sort price', path: '/api/listings?sort=price_asc' },
    { name: 'browse: sort rating', path: '/api/listings?sort=rating' },
    { name: 'browse: sort newest', path: '/api/listings?sort=newest' },
    { name: 'browse: near me', path: '/api/listings?lat=-26.2&lng=28.04' },
    { name: 'browse: near me + category', path: '/api/listings?lat=-33.92&lng=18.42&category=decor' },
    { name: 'listing JSON', path: `/api/listings/${id}` },
  ];
}

function loadAverage(): number[] {
  return os.loadavg().map((v) => +v.toFixed(2));
}

// ------------------------------------------------------------------------------------------------- main
if (!existsSync(path.resolve('dist/server/entry-server.js'))) {
  console.error('No server bundle: run `npm run build` first.');
  process.exit(2);
}
const appEnv: Record<string, string> = {};
let script: string[];
if (KIND === 'postgres') {
  appEnv.DATABASE_URL = await preparePostgres();
  if (PREPARE_ONLY) process.exit(0);
  appEnv.SEED_DEMO = 'false';
  appEnv.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'mm-spike-data-'));
  script = ['bench/server.ts', '--web'];
} else {
  // Seeding the demo data takes minutes on a loaded machine: done once into PGLITE_DIR, then each run
  // starts from a copy of it.
  appEnv.DATABASE_URL = '';
  appEnv.SEED_DEMO = 'true';
  if (existsSync(path.join(PGLITE_DIR, 'pgdata', 'PG_VERSION'))) {
    appEnv.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'mm-spike-data-'));
    cpSync(PGLITE_DIR, appEnv.DATA_DIR, { recursive: true, filter: (f) => !f.endsWith('process.lock') });
  } else {
    mkdirSync(PGLITE_DIR, { recursive: true });
    appEnv.DATA_DIR = PGLITE_DIR;
  }
  script = ['src/server/main.ts'];
}

const hello = await startHello();
console.log(`  hello-world on ${hello.base}; starting the app (${KIND})`);
const app = await startApp(appEnv, script).catch(async (err: unknown) => {
  await stop(hello.child);
  throw err;
});
console.log(`  app on ${app.base}`);
const started = { date: new Date().toISOString(), cores: os.cpus().length, loadBefore: loadAverage() };
const rows: { name: string; path: string; c32: Figures; c1: Figures; hello: number }[] = [];
const helloRuns: Figures[] = [];
try {
  const measureHello = async () => {
    await load(`${hello.base}/`, 32, 1, false);
    const f = await load(`${hello.base}/`, 32, DURATION, false);
    helloRuns.push(f);
    console.log(`  hello-world c32 ${f.reqPerSec} req/s p99 ${f.p99} ms`);
  };
  await measureHello();
  for (const t of await targetsOf(app.base)) {
    const url = app.base + t.path;
    // The machine's load changes from minute to minute: the hello-world is measured again right before
    // each request, and the ratio is to that figure.
    const helloNow = await load(`${hello.base}/`, 32, HELLO_DURATION, false);
    helloRuns.push(helloNow);
    await load(url, 32, 1, !!t.page); // warm-up
    const c32 = await load(url, 32, DURATION, !!t.page);
    const c1 = await load(url, 1, LATENCY_DURATION, !!t.page);
    rows.push({
      name: t.name,
      path: t.path.replace(/[0-9a-f-]{36}/, ':id'),
      c32,
      c1,
      hello: helloNow.reqPerSec,
    });
    console.log(
      `  ${t.name.padEnd(28)} c32 ${String(c32.reqPerSec).padStart(6)} req/s p50 ${c32.p50} p99 ${c32.p99} ms · c1 p50 ${c1.p50} p99 ${c1.p99}` +
        (c32.non2xx || c32.errors ? ` · non-2xx ${c32.non2xx} errors ${c32.errors}` : ''),
    );
  }
  await measureHello();
} finally {
  await stop(app.child);
  await stop(hello.child);
}

const helloReqPerSec = Math.round(helloRuns.reduce((s, f) => s + f.reqPerSec, 0) / helloRuns.length);
const run = {
  ...started,
  loadAfter: loadAverage(),
  database: KIND === 'postgres' ? `PostgreSQL, ${SIZE} approved listings` : 'PGlite, demo data',
  duration: DURATION,
  hello: { runs: helloRuns, reqPerSec: helloReqPerSec },
  targets: rows.map((r) => ({ ...r, ratio: +(r.c32.reqPerSec / r.hello).toFixed(2) })),
};

const file = path.join(RESULTS, `spike-${KIND}.json`);
const all: Record<string, typeof run> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
all[LABEL] = run;
writeFileSync(file, JSON.stringify(all, null, 2) + '\n');
writeFileSync(path.join(RESULTS, 'spike.md'), summary());
console.log(`written ${path.relative(process.cwd(), file)} (${LABEL}) and bench/results/spike.md`);

/** Both databases' runs, every label, as Markdown tables. */
function summary(): string {
  const out = [
    '# A shared link under a spike (bench/spike.ts)',
    '',
    'autocannon at 32 connections for 5 s (after 1 s of warm-up) and at 1 connection for 3 s, with',
    '`Accept-Encoding: br, gzip`; the ratio is to a bare Fastify hello-world loaded in the same run, right',
    'before each request (the "before" runs: the mean of a run before and one after all requests).',
    'Goal (issue 26): ratio ≥ 0.3 and p99 ≤ 100 ms at 32 connections.',
    '',
  ];
  for (const kind of ['pglite', 'postgres']) {
    const f = path.join(RESULTS, `spike-${kind}.json`);
    if (!existsSync(f)) continue;
    const runs = JSON.parse(readFileSync(f, 'utf8')) as Record<string, typeof run>;
    for (const [label, r] of Object.entries(runs)) {
      out.push(
        `## ${r.database}: ${label} (${r.date.slice(0, 16).replace('T', ' ')} UTC)`,
        '',
        `${r.cores} cores, load average ${r.loadBefore.join(' / ')} before and ${r.loadAfter.join(' / ')} after; ` +
          `hello-world ${Math.min(...r.hello.runs.map((h) => h.reqPerSec))} to ${Math.max(...r.hello.runs.map((h) => h.reqPerSec))} req/s.`,
        '',
        '| request | c32 req/s | hello-world | ratio | c32 p50 / p99 ms | c1 p50 / p99 ms | met |',
        '| --- | ---: | ---: | ---: | ---: | ---: | :---: |',
      );
      for (const t of r.targets) {
        const met = t.ratio >= 0.3 && t.c32.p99 <= 100 && !t.c32.non2xx && !t.c32.errors;
        out.push(
          `| ${t.name} \`${t.path}\` | ${t.c32.reqPerSec} | ${t.hello ?? r.hello.reqPerSec} | ${t.ratio} | ${t.c32.p50} / ${t.c32.p99} | ${t.c1.p50} / ${t.c1.p99} | ${met ? 'yes' : 'no'} |`,
        );
      }
      out.push('');
    }
  }
  return out.join('\n');
}
