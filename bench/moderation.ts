/**
 * The admin moderation API at catalogue scale (issue 11):
 *
 *   DATABASE_URL=postgres://user@host:port/postgres tsx bench/moderation.ts [--sizes 100000] [--runs 200]
 *
 * For each size it uses the database `mm_bench_<size>` on the server of DATABASE_URL (filled by
 * bench/generate.ts when it has fewer approved listings than asked: 5% pending, 2% rejected, as bench/browse.ts
 * makes them, so `--reuse`d browse databases serve here too) and times `moderationPage` — the whole answer of
 * GET /api/admin/listings: the page, the tab's total, the per-tab counts and the stat cards — in process, so
 * the figures are the database work without HTTP. Each scenario runs a few times to warm up, then `--runs`
 * times one after another; p50 and p99 go to bench/results/moderation.md. Only reads: the data is not changed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { moderationQuerySchema } from '../src/domain/admin.ts';
import { openPostgres, queryRows } from '../src/server/db/client.ts';
import { moderationPage } from '../src/server/features/admin/moderation.ts';
import { generateCatalogue } from './generate.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SIZES = arg('sizes', '100000').split(',').map(Number);
const RUNS = Number(arg('runs', '200'));
const WARMUP = 10;
const RESULTS = path.resolve('bench/results');

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('DATABASE_URL is needed (any database on the server; bench databases are made next to it).');
  process.exit(2);
}

/** What the admin screen asks for: the default view, and filtered, searched and sorted pages. */
const SCENARIOS: { name: string; query: Record<string, string> }[] = [
  { name: 'first page (pending, newest first, 50)', query: {} },
  { name: 'all tab, first page', query: { status: 'all' } },
  {
    name: 'approved, photography in Gauteng, price ascending, page 2',
    query: {
      status: 'approved',
      category: 'photography',
      province: 'gauteng',
      sort: 'price_from',
      dir: 'asc',
      page: '2',
    },
  },
  {
    name: 'all, search "farewell", business name A–Z, 100 a page',
    query: { status: 'all', search: 'farewell', sort: 'business_name', dir: 'asc', pageSize: '100' },
  },
  {
    name: 'pending, title A–Z, page 5 of 25',
    query: { sort: 'title', dir: 'asc', pageSize: '25', page: '5' },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function databaseFor(size: number) {
  const name = `mm_bench_${size}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 4);
  await database.migrate();
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from listings where status = 'approved'`,
  );
  if ((row?.n ?? 0) < size) {
    const r = await generateCatalogue(database.db, size, (m) => process.stdout.write(`\r  ${m}   `));
    console.log(`\n  generated ${r.approved} approved of ${r.listings} listings`);
  }
  return database;
}

const lines: string[] = [
  '# Moderation API at scale',
  '',
  `Machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} at the start ` +
    '(other work shares this machine; compare runs made under the same conditions).',
  `Database: PostgreSQL (${new URL(serverUrl).host}); ${RUNS} sequential calls of \`moderationPage\` per scenario after ${WARMUP} warm-up calls. ` +
    'Each call is the whole answer of GET /api/admin/listings: one page, the tab total, per-tab counts and stat cards.',
  '',
];

for (const size of SIZES) {
  const database = await databaseFor(size);
  const [counts] = await queryRows<{ all: number; pending: number }>(
    database.db,
    sql`select count(*)::int as all, count(*) filter (where status = 'pending')::int as pending from listings`,
  );
  lines.push(
    `## ${size.toLocaleString('en-ZA')} approved listings (${counts!.all} in all, ${counts!.pending} pending)`,
    '',
  );
  lines.push('| Scenario | rows | total | p50 ms | p99 ms |', '|---|---:|---:|---:|---:|');
  for (const scenario of SCENARIOS) {
    const q = moderationQuerySchema.parse(scenario.query);
    let last = await moderationPage(database.db, q);
    for (let i = 1; i < WARMUP; i++) await moderationPage(database.db, q);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      last = await moderationPage(database.db, q);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const row = `| ${scenario.name} | ${last.items.length} | ${last.total} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} |`;
    console.log(row);
    lines.push(row);
  }
  lines.push('');
  await database.close();
}

mkdirSync(RESULTS, { recursive: true });
writeFileSync(path.join(RESULTS, 'moderation.md'), `${lines.join('\n')}\n`);
console.log(`written ${path.join(RESULTS, 'moderation.md')}`);
