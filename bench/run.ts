/**
 * Benchmarks: `npm run bench`. Builds the app in-process on a fresh embedded database (or DATABASE_URL),
 * seeds the demo data, bulks the listings up to a realistic marketplace size, then measures the hot API
 * paths through Fastify's inject. Figures go to bench/results/latest.json (and a dated copy).
 * Timings are for comparison between runs on the same machine, never asserted by tests.
 * `npm run bench -- lighthouse` runs bench/lighthouse.ts instead.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createLocalStorage } from '../src/server/storage/storage.ts';
import { processImage } from '../src/server/storage/images.ts';
import { drawDemoImage } from '../src/server/storage/demo-images.ts';
import { seedDemo } from '../src/server/db/seed.ts';
import { createTestApp } from '../src/server/test/helpers.ts';
import { benchOutbox } from './outbox.ts';

const EXTRA_LISTINGS = Number(process.argv[2] ?? 5000);

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return {
    n: s.length,
    p50: +q(0.5).toFixed(2),
    p95: +q(0.95).toFixed(2),
    max: +s[s.length - 1]!.toFixed(2),
  };
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

async function main() {
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    extraListings: EXTRA_LISTINGS,
  };
  const [t, openMs] = await time(() => createTestApp());
  results.database = t.database.kind;
  results.openAndMigrateMs = +openMs.toFixed(0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mm-bench-'));
  try {
    const [, seedMs] = await time(() => seedDemo(t.database.db, createLocalStorage({ rootDir: dir })));
    results.seedMs = +seedMs.toFixed(0);

    // image pipeline: one 3000x2000 photo-sized upload
    const big = await drawDemoImage({ width: 3000, height: 2000, seed: 7, label: 'bench' });
    const imageSamples: number[] = [];
    for (let i = 0; i < 5; i++) imageSamples.push((await time(() => processImage(big)))[1]);
    results.imagePipeline3000x2000Ms = stats(imageSamples);

    // bulk listings: copies of the approved demo listings spread over provinces with jittered coordinates
    const [, bulkMs] = await time(() =>
      t.database.db.execute(sql`
        insert into listings (service_provider_id, category_id, title, description, province, city, price_from,
          price_to, latitude, longitude, featured, status, views, created_at)
        select l.service_provider_id, l.category_id, l.title || ' #' || g, l.description, l.province, l.city,
          l.price_from, l.price_to, l.latitude + (random() - 0.5), l.longitude + (random() - 0.5), false,
          case when g % 10 = 0 then 'pending' else 'approved' end, (random() * 1000)::int,
          now() - (g || ' minutes')::interval
        from generate_series(1, ${EXTRA_LISTINGS}) g
        join lateral (select * from listings where status = 'approved' order by id offset (g % 40) limit 1) l on true`),
    );
    results.bulkInsertMs = +bulkMs.toFixed(0);
    await t.database.db.execute(sql`analyze`);

    const [anyListing] = (
      (await t.database.db.execute(
        sql`select id from listings where status = 'approved' limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const endpoints: [string, string][] = [
      ['health', '/api/health'],
      ['content', '/api/content'],
      ['homeListings', '/api/listings/home'],
      ['browseAll', '/api/listings'],
      ['browseCategory', '/api/listings?category=photography'],
      ['browseSearch', '/api/listings?search=farewell'],
      ['browseSearchProvince', '/api/listings?search=car&province=gauteng'],
      ['browseNearMe', '/api/listings?lat=-26.2&lng=28.05'],
      ['listingDetail', `/api/listings/${anyListing?.id}`],
      ['related', `/api/listings/${anyListing?.id}/related`],
    ];
    const latency: Record<string, unknown> = {};
    for (const [name, url] of endpoints) {
      const first = await t.app.inject({ method: 'GET', url });
      if (first.statusCode !== 200) {
        latency[name] = { skipped: `status ${first.statusCode}` };
        continue;
      }
      const samples: number[] = [];
      for (let i = 0; i < 40; i++) samples.push((await time(() => t.app.inject({ method: 'GET', url })))[1]);
      latency[name] = stats(samples);
    }
    results.latencyMs = latency;

    // concurrent view increments
    if (anyListing) {
      const [, viewsMs] = await time(() =>
        Promise.all(
          Array.from({ length: 200 }, () =>
            t.app.inject({ method: 'POST', url: `/api/listings/${anyListing.id}/view` }),
          ),
        ),
      );
      results.twoHundredConcurrentViewsMs = +viewsMs.toFixed(0);
    }

    // the outbox: 1,000 queued messages drained into a local SMTP server (bench/outbox.ts)
    results.outbox = await benchOutbox(t.database, 1000);
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const outDir = path.resolve('bench/results');
  mkdirSync(outDir, { recursive: true });
  const json = JSON.stringify(results, null, 2) + '\n';
  writeFileSync(path.join(outDir, 'latest.json'), json);
  writeFileSync(
    path.join(outDir, `${String(results.database)}-${new Date().toISOString().slice(0, 10)}.json`),
    json,
  );
  console.log(json);
}

// `npm run bench -- lighthouse [flags]`: the Lighthouse bench of the public pages (bench/lighthouse.ts).
if (process.argv[2] === 'lighthouse') await import('./lighthouse.ts');
else await main();
