/**
 * The package job over many providers (issue 23, decision 0040):
 *
 *   npx tsx bench/package-expiry.ts [--providers 100000]                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/package-expiry.ts [--providers 100000]  # PostgreSQL (fresh database)
 *
 * Fills a fresh database with `--providers` providers, one approved listing each: 30 % premium (one in
 * ten of their listings featured), 20 % standard, the rest basic. 1 % of the paid packages expire between
 * the fill and the job's run (their listings still carry the premium rank: the moment between an expiry
 * and the next run), 0.5 % expire within a day of the run and 0.5 % six to seven days after it. Then it runs
 * the rank sweep alone (it must touch exactly the stale listings), then the whole job three times at the same
 * instant: the first records the mail, the second and third find nothing to do. It also
 * counts the listings whose rank differs from what the rule says after the first run (must be 0).
 * Figures go to bench/results/package-expiry-<database>-<providers>.json and a section of
 * bench/results/package-expiry.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client.ts';
import { runPackageJob, sweepLapsedRanks } from '../src/server/features/packages/expiry.ts';
import { seedReferenceData } from '../src/server/test/fixtures.ts';
import { createTestDatabase } from '../src/server/test/helpers.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const HOUR = 3_600_000;

async function main() {
  const n = Number(arg('providers', '100000'));
  const database = await createTestDatabase();
  const db = database.db;
  const t0 = performance.now();
  // The job runs a day after the fill: what expires in the first 24 hours after the fill has lapsed by then.
  const fill = new Date();
  const at = new Date(fill.getTime() + 24 * HOUR);
  const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  try {
    await seedReferenceData(db);
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'bench-' || i, 'Provider ' || i, 'provider' || i || '@example.com', true
        from generate_series(1, ${n}) i`);
    // i % 1000 decides the fate of provider i: 0-9 lapse before the run (1 %), 10-14 expire within a day
    // of it, 15-19 six to seven days after it; the others expire 30 to 365 days on.
    await db.execute(sql`
      insert into service_providers (user_id, business_name, package_type, payment_status, package_expires_at)
      select 'bench-' || i, 'Business ' || i,
             case when i % 10 < 3 then 'premium' when i % 10 < 5 then 'standard' else 'basic' end,
             'active',
             case when i % 1000 < 10 then ${iso(fill)} + ((i % 1000) + 1) * interval '2 hours'
                  when i % 1000 < 15 then ${iso(at)} + ((i % 1000) - 9) * interval '3 hours'
                  when i % 1000 < 20 then ${iso(at)} + interval '6 days' + ((i % 1000) - 14) * interval '3 hours'
                  else ${iso(at)} + (30 + i % 335) * interval '1 day' end
        from generate_series(1, ${n}) i`);
    await db.execute(sql`
      insert into listings (service_provider_id, category_id, title, description, province, city,
                            price_from, status, featured)
      select sp.id, (select id from categories order by display_order limit 1),
             'Listing of ' || sp.business_name, 'A farewell service.', 'gauteng', 'Johannesburg',
             1000, 'approved', sp.package_type = 'premium' and (row_number() over (order by sp.id)) % 10 = 0
        from service_providers sp`);
    await db.execute(sql`analyze`);
    const fillMs = performance.now() - t0;

    const [before] = await queryRows<{ ranked: number; stale: number }>(
      db,
      sql`select count(*) filter (where l.rank > 0)::int as ranked,
                 count(*) filter (where l.rank <> mm_listing_rank(l.featured, l.service_provider_id, ${iso(at)}))::int as stale
            from listings l`,
    );
    // The rank sweep alone first (the part that grows with the catalogue), then whole runs of the job.
    const s0 = performance.now();
    const swept = await sweepLapsedRanks(db, at);
    const sweepMs = Math.round((performance.now() - s0) * 10) / 10;
    const runs: { ms: number; ranksChanged: number; mailsQueued: number }[] = [];
    for (let k = 0; k < 3; k++) {
      const s = performance.now();
      const result = await runPackageJob(db, at);
      runs.push({ ms: Math.round((performance.now() - s) * 10) / 10, ...result });
    }
    const [after] = await queryRows<{ stale: number }>(
      db,
      sql`select count(*) filter (where l.rank <> mm_listing_rank(l.featured, l.service_provider_id, ${iso(at)}))::int as stale
            from listings l`,
    );
    const record = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((v) => Math.round(v * 10) / 10),
      database: database.kind,
      providers: n,
      listings: n,
      fillSeconds: Math.round(fillMs / 100) / 10,
      rankedListingsBefore: before!.ranked,
      staleRanksBefore: before!.stale,
      sweep: { ms: sweepMs, ranksChanged: swept },
      runs,
      staleRanksAfter: after!.stale,
    };
    if (record.staleRanksAfter !== 0) throw new Error(`${record.staleRanksAfter} listings keep a stale rank`);
    if (swept !== before!.stale) throw new Error('the sweep touched other rows than the stale ones');
    if (runs.some((r) => r.ranksChanged !== 0)) throw new Error('a run after the sweep changed ranks');
    if (runs[1]!.mailsQueued !== 0 || runs[2]!.mailsQueued !== 0) throw new Error('a second run did work');

    const dir = path.resolve('bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `package-expiry-${database.kind}-${n}.json`),
      JSON.stringify(record, null, 2) + '\n',
    );
    const md = path.join(dir, 'package-expiry.md');
    const heading = `## ${database.kind}, ${n} providers, ${record.date.slice(0, 10)}, ${record.cpus} cores`;
    const section = `${heading}

Load average at the end: ${record.loadAverage.join(', ')} (a machine shared by several engineers). Fill:
${record.fillSeconds} s. Before the run ${record.rankedListingsBefore} listings were ranked, of which
${record.staleRanksBefore} belonged to providers whose package had lapsed.

| step | time (ms) | listings whose rank changed | messages recorded |
| --- | --- | --- | --- |
| rank sweep alone | ${sweepMs} | ${swept} | – |
${runs.map((r, k) => `| whole job, run ${k + 1} | ${r.ms} | ${r.ranksChanged} | ${r.mailsQueued} |`).join('\n')}

Listings whose stored rank differs from the rule after the first run: ${record.staleRanksAfter}.
`;
    const previous = existsSync(md)
      ? readFileSync(md, 'utf8')
      : '# The package job (bench/package-expiry.ts)\n\nSee the script for what is filled and measured.\n';
    const kept = previous
      .split(/(?=^## )/m)
      .filter((part) => !part.startsWith(`## ${database.kind}, ${n} providers,`))
      .join('');
    writeFileSync(md, `${kept.trimEnd()}\n\n${section}`);
    console.log(JSON.stringify(record, null, 2));
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
