/**
 * Browse, search, near-me and detail at catalogue scale (issue 9):
 *
 *   DATABASE_URL=postgres://user@host:port/postgres tsx bench/browse.ts [--db postgres,pglite]
 *       [--sizes 10000,100000,1000000] [--duration 5] [--reuse] [--explain] [--prepare]
 *
 * For each database kind and catalogue size it fills a database with bench/generate.ts (PostgreSQL: one
 * database `mm_bench_<size>` on the server of DATABASE_URL; PGlite: bench/.tmp/pglite-<size>), starts the
 * real server in a child process (bench/server.ts), and loads every scenario of bench/scenarios.ts with
 * autocannon at 1 and 32 connections — with the catalogue cache off (the database path), and once more with
 * it on for the cacheable pages. On PostgreSQL, pgbench runs the same SQL the API runs for that request
 * (bench/explain.ts's statements) at 1 and 32 clients, and the API's throughput is given as a ratio of it.
 * `--explain` writes EXPLAIN (ANALYZE, BUFFERS) of every first page to bench/results/explain-<db>-<size>.md.
 * `--prepare` only fills the databases (generation is the long part; run it ahead, then measure with --reuse).
 *
 * Figures go to bench/results/browse-<db>-<size>.json and a Markdown summary bench/results/browse.md.
 * Numbers are for comparing runs on the same machine; tests never assert them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { browseQuerySchema } from '../src/domain/listings.ts';
import { openPglite, openPostgres, queryRows, type Database, type Db } from '../src/server/db/client.ts';
import { firstPageStatements } from '../src/server/features/marketplace/browse.ts';
import { explainAll } from './explain.ts';
import { generateCatalogue } from './generate.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';

// ---------------------------------------------------------------------------------------------- arguments
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const KINDS = arg('db', 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const SIZES = arg('sizes', '10000,100000,1000000').split(',').map(Number);
const DURATION = Number(arg('duration', '5'));
const REUSE = process.argv.includes('--reuse');
const EXPLAIN = process.argv.includes('--explain');
const PREPARE_ONLY = process.argv.includes('--prepare');
const CONNECTIONS = [1, 32] as const;
const RESULTS = path.resolve('bench/results');
const TMP = path.resolve('bench/.tmp');

const serverUrl = process.env.DATABASE_URL;
if (KINDS.includes('postgres') && !serverUrl) {
  console.error(
    'PostgreSQL runs need DATABASE_URL (any database on the server; bench databases are made next to it).',
  );
  process.exit(2);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// ----------------------------------------------------------------------------------------------- database
async function prepare(kind: 'postgres' | 'pglite', size: number): Promise<{ env: Record<string, string> }> {
  const name = `mm_bench_${size}`;
  let database: Database;
  let env: Record<string, string>;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && !REUSE) await admin.query(`drop database ${name} with (force)`);
    if (!exists || !REUSE) await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDatabase(serverUrl!, name);
    database = openPostgres(url, 4);
    env = { DATABASE_URL: url };
  } else {
    const dir = path.join(TMP, `pglite-${size}`);
    if (!REUSE) rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    database = await openPglite(dir);
    env = { DATABASE_URL: '', DATA_DIR: dir };
  }
  try {
    await database.migrate();
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from listings where status = 'approved'`,
    );
    const n = row?.n ?? 0;
    if (n < size) {
      const t0 = Date.now();
      const r = await generateCatalogue(database.db, size, (m) =>
        process.stdout.write(`\r  ${kind} ${m}   `),
      );
      console.log(`\n  generated ${r.approved} approved of ${r.listings} listings in ${Date.now() - t0} ms`);
    } else {
      console.log(`  reusing ${n} approved listings`);
    }
    if (EXPLAIN) {
      mkdirSync(RESULTS, { recursive: true });
      writeFileSync(path.join(RESULTS, `explain-${kind}-${size}.md`), await explainAll(database.db));
    }
  } finally {
    await database.close();
  }
  return { env };
}

// ------------------------------------------------------------------------------------------------- server
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

// Node itself (not npx), so that stopping the child stops the server.
async function startServer(
  env: Record<string, string>,
  cache: boolean,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'mm-bench-data-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/server.ts', ...(cache ? [] : ['--no-cache'])],
    {
      env: {
        ...process.env,
        ...env,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('bench server ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// ------------------------------------------------------------------------------------------------ loading
interface Load {
  reqPerSec: number;
  p50: number;
  p90: number;
  /** autocannon has no p95: p97.5 bounds it from above. */
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, connections: number): Promise<Load> {
  // One second of warm-up (plans, caches), then the measured run.
  await autocannon({ url, connections, duration: 1 });
  const r = await autocannon({ url, connections, duration: DURATION });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

// ------------------------------------------------------------------------------------------------ pgbench
const dialect = new PgDialect();

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return `'${String(v).replace(/'/g, "''")}'`;
}

/** The statement with its parameters written in, as pgbench needs it (one line). */
function inline(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_, i: string) => literal(params[Number(i) - 1])).replace(/\s+/g, ' ');
}

/**
 * A pgbench script with exactly the statements the API runs for the first page of a scenario, and whether
 * the API runs them as prepared statements (pgbench then does too: `-M prepared`).
 */
async function pgbenchScript(db: Db, s: Scenario): Promise<{ text: string; prepared: boolean } | null> {
  if (s.kind === 'detail' || s.query.includes('cursor=')) return null;
  const q = browseQuerySchema.parse(Object.fromEntries(new URLSearchParams(s.query)));
  const statements = await firstPageStatements(db, q);
  const lines: string[] = [];
  for (const st of statements) {
    if (st.settings.length) {
      lines.push('begin;', ...st.settings.map((setting) => `${setting};`));
      lines.push(`${inline(st.sql)};`, 'commit;');
    } else {
      lines.push(`${inline(st.sql)};`);
    }
  }
  // pgbench prepares all of a script or none: as the API does when it prepares them all.
  return { text: lines.join('\n') + '\n', prepared: statements.every((st) => st.prepared) };
}

function pgbench(
  url: string,
  script: { text: string; prepared: boolean },
  clients: number,
): { tps: number; latencyMs: number } | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mm-pgbench-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, script.text);
  const r = spawnSync(
    'pgbench',
    [
      '-n',
      '-M',
      script.prepared ? 'prepared' : 'simple',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(DURATION),
      '-f',
      file,
      url,
    ],
    { encoding: 'utf8' },
  );
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) {
    console.error(r.stderr);
    return null;
  }
  const tps = /tps = ([\d.]+)/.exec(r.stdout);
  const lat = /latency average = ([\d.]+) ms/.exec(r.stdout);
  return tps && lat ? { tps: Math.round(Number(tps[1])), latencyMs: Number(lat[1]) } : null;
}

// ------------------------------------------------------------------------------------------------- runner
interface ScenarioResult {
  name: string;
  kind: Scenario['kind'];
  path: string;
  api: Record<string, Load>;
  apiCached?: Record<string, Load>;
  pgbench?: Record<string, { tps: number; latencyMs: number } | null>;
  ratioToPgbench?: Record<string, number | null>;
}

/** Scenarios plus listing detail; the cursor scenario gets a real cursor from the first page. */
async function resolvePaths(base: string): Promise<{ s: Scenario; path: string }[]> {
  const first = (await (await fetch(`${base}/api/listings`)).json()) as {
    nextCursor: string | null;
    items: { id: string }[];
  };
  const out = SCENARIOS.map((s) => ({
    s,
    path: `/api/listings${s.query ? `?${s.query.replace('cursor=NEXT', `cursor=${first.nextCursor ?? ''}`)}` : ''}`,
  }));
  const id = first.items[Math.floor(first.items.length / 2)]?.id;
  out.push({ s: { name: 'listing detail', query: '', kind: 'detail' }, path: `/api/listings/${id}` });
  return out;
}

/** The requests the catalogue cache serves (first pages of common queries without search or location). */
const CACHEABLE = new Set(['browse first page', 'category', 'province', 'category + province']);

async function runOne(kind: 'postgres' | 'pglite', size: number) {
  console.log(`\n== ${kind}, ${size} approved listings`);
  const { env } = await prepare(kind, size);
  const results: ScenarioResult[] = [];

  let server = await startServer(env, false);
  let paths: { s: Scenario; path: string }[];
  try {
    paths = await resolvePaths(server.base);
    for (const { s, path: p } of paths) {
      const api: Record<string, Load> = {};
      for (const c of CONNECTIONS) api[`c${c}`] = await load(`${server.base}${p}`, c);
      results.push({ name: s.name, kind: s.kind, path: p, api });
      console.log(
        `  ${s.name.padEnd(28)} c1 ${api.c1!.reqPerSec} req/s p50 ${api.c1!.p50} p99 ${api.c1!.p99} | c32 ${api.c32!.reqPerSec} req/s p99 ${api.c32!.p99}`,
      );
    }
  } finally {
    await stopServer(server.child);
  }

  server = await startServer(env, true);
  try {
    for (const r of results.filter((x) => CACHEABLE.has(x.name))) {
      r.apiCached = {};
      for (const c of CONNECTIONS) r.apiCached[`c${c}`] = await load(`${server.base}${r.path}`, c);
      console.log(`  cached ${r.name.padEnd(21)} c32 ${r.apiCached.c32!.reqPerSec} req/s`);
    }
  } finally {
    await stopServer(server.child);
  }

  if (kind === 'postgres') {
    const database = openPostgres(env.DATABASE_URL!);
    const scripts = new Map<string, { text: string; prepared: boolean } | null>();
    try {
      for (const s of SCENARIOS) scripts.set(s.name, await pgbenchScript(database.db, s));
    } finally {
      await database.close();
    }
    for (const r of results) {
      const script = scripts.get(r.name) ?? null;
      if (!script) continue;
      r.pgbench = {};
      r.ratioToPgbench = {};
      for (const c of CONNECTIONS) {
        const b = pgbench(env.DATABASE_URL!, script, c);
        r.pgbench[`c${c}`] = b;
        r.ratioToPgbench[`c${c}`] = b ? +(r.api[`c${c}`]!.reqPerSec / b.tps).toFixed(2) : null;
      }
      console.log(
        `  pgbench ${r.name.padEnd(20)} c1 ${r.pgbench.c1?.tps} tps | c32 ${r.pgbench.c32?.tps} tps`,
      );
    }
  }

  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: kind,
    approvedListings: size,
    durationSeconds: DURATION,
    scenarios: results,
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, `browse-${kind}-${size}.json`), JSON.stringify(out, null, 2) + '\n');
}

// ---------------------------------------------------------------------------------------------- summary
function summary(): string {
  const lines: string[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    const runs = [10_000, 100_000, 1_000_000]
      .map((size) => path.join(RESULTS, `browse-${kind}-${size}.json`))
      .filter((f) => existsSync(f))
      .map(
        (f) =>
          JSON.parse(readFileSync(f, 'utf8')) as { approvedListings: number; scenarios: ScenarioResult[] },
      );
    if (runs.length === 0) continue;
    lines.push(`### ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}\n`);
    lines.push(
      '| request | ' +
        runs
          .map((r) => `${r.approvedListings.toLocaleString('en')}: c1 p50 / p97.5 / p99 ms · c32 req/s (p99)`)
          .join(' | ') +
        ' |',
    );
    lines.push('| --- | ' + runs.map(() => '---').join(' | ') + ' |');
    for (const s of runs[0]!.scenarios) {
      const cells = runs.map((r) => {
        const x = r.scenarios.find((y) => y.name === s.name);
        if (!x) return '—';
        const cached = x.apiCached ? `; cached ${x.apiCached.c32!.reqPerSec}` : '';
        const ratio = x.ratioToPgbench?.c32 ? `; ×${x.ratioToPgbench.c32} of pgbench` : '';
        return `${x.api.c1!.p50} / ${x.api.c1!.p97_5} / ${x.api.c1!.p99} · ${x.api.c32!.reqPerSec} (${x.api.c32!.p99})${cached}${ratio}`;
      });
      lines.push(`| ${s.name} | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (PREPARE_ONLY) {
  for (const kind of KINDS) for (const size of SIZES) await prepare(kind, size);
  process.exit(0);
}
for (const kind of KINDS) for (const size of SIZES) await runOne(kind, size);
const md = summary();
writeFileSync(path.join(RESULTS, 'browse.md'), md);
console.log(`\n${md}`);
