/**
 * Two instances behind a proxy (issue 25, decision 0054): `npm run build`, then `npx tsx bench/cluster.ts`
 * [`--seconds 10`]. Uses the PostgreSQL server of DATABASE_URL (default the local one; a fresh database,
 * dropped after) and the Redis of REDIS_URL (default the local one; its own key prefix, deleted after).
 *
 * Starts an SMTP sink, the proxy (bench/cluster-proxy.ts) and two compiled servers (dist/server/main.js,
 * NODE_ENV=production, TRUST_PROXY=127.0.0.1, a DATA_DIR each, images in one bucket of a local S3 server
 * (s3rver)) at the same moment on
 * the empty database, then proves, through the proxy, what several instances must get right:
 *   0. start-up: migrated and seeded once, both ready; the background jobs' runs;
 *   1. sign-in failures are counted across instances (the guard's real limits, from env.ts);
 *   2. an image uploaded through one instance is served by the other;
 *   3. a listing approved on one instance is on the other's browse answer and rendered page, and how soon;
 *   4. every outbox message is delivered once, with both instances' workers running;
 *   5. SIGKILL of one instance under write and read load: no acknowledged write lost, errors counted;
 *   6. browse throughput with two instances and with one, cached and uncached.
 * Writes bench/results/cluster.json and bench/results/cluster.md. Not part of CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { DEFAULT_RATE_LIMITS } from '../src/server/env.ts';
import { grantRole } from '../src/server/auth/roles.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { signFormToken } from '../src/server/plugins/form-guard.ts';
import { SIGN_UP_CONSENT } from '../src/server/test/helpers.ts';
import { seedReferenceData } from '../src/server/test/fixtures.ts';
import { startTestS3Server } from '../src/server/test/s3-server.ts';
import { startSmtpSink, type SmtpSink } from '../src/server/test/smtp-sink.ts';

const SECONDS = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESULTS = path.resolve('bench/results');
const MAIN = path.resolve('dist/server/main.js');
const SECRET = 'cluster-bench-secret-'.padEnd(48, 'x');
/** The form guard's fields (decision 0059) of a form opened a minute ago, signed with the instances' secret. */
const guard = () => ({ formToken: signFormToken(SECRET, Date.now() - 60_000), website: '' });

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  loadAverageAtStart: os.loadavg().map((l) => +l.toFixed(2)),
};
const log = (...a: unknown[]) => console.log('[cluster]', ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

// ------------------------------------------------------------------------------------------- processes
interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  logFile: string;
}

const children = new Set<ChildProcess>();

function startInstance(name: string, port: number, env: Record<string, string>, dir: string): Instance {
  const logFile = path.join(dir, `${name}-${Date.now()}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    // Each instance has a disk of its own, as on two machines: images live in the shared bucket only.
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      DATA_DIR: path.join(dir, `data-${name}`),
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return { name, port, child, logFile };
}

async function waitReady(port: number, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`instance on ${port} not ready after ${timeoutMs} ms`);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------- client
let proxyUrl = '';
let BASE_DB_URL = '';
let ipCounter = 0;
/** A distinct client address per call (the proxy appends its own; TRUST_PROXY trusts loopback hops). */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

interface CallOpts {
  method?: string;
  body?: unknown;
  form?: FormData;
  cookie?: string;
  pin?: string;
  ip?: string;
}

async function call(pathname: string, opts: CallOpts = {}) {
  const headers: Record<string, string> = { origin: proxyUrl, 'x-forwarded-for': opts.ip ?? '198.51.100.10' };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.pin) headers['x-bench-upstream'] = opts.pin;
  let body: string | FormData | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(proxyUrl + pathname, { method: opts.method ?? 'GET', headers, body });
  const buf = Buffer.from(await res.arrayBuffer());
  return { status: res.status, upstream: res.headers.get('x-upstream') ?? '', headers: res.headers, buf };
}
const json = <T>(r: { buf: Buffer }) => JSON.parse(r.buf.toString()) as T;

async function signIn(email: string, password: string, pin: string): Promise<string> {
  const r = await call('/api/auth/sign-in', { method: 'POST', body: { email, password }, pin, ip: nextIp() });
  if (r.status !== 200) throw new Error(`sign-in ${email}: ${r.status} ${r.buf.toString()}`);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// ------------------------------------------------------------------------------------------------- data
const PASSWORD = 'Cluster-bench-1';
const ACCOUNTS = {
  admin: 'admin@cluster.test',
  provider: 'provider@cluster.test',
  user: 'user@cluster.test',
};

function journalEntries(): number {
  const journal = JSON.parse(
    readFileSync(path.resolve('dist/server/migrations/meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Packages and categories, three accounts signed up through the proxy (the provider's address verified, so
 * enquiries mail it; a premium package in force), and 2,000 approved listings of that provider.
 */
async function setUpData(pool: pg.Pool) {
  const database = openPostgres(BASE_DB_URL, 2);
  try {
    await seedReferenceData(database.db);
    // The catalogue is one provider's: premium without a listing limit (-1), as an admin may set it.
    await pool.query(`update packages set max_listings = -1 where package_type = 'premium'`);
    const ids: Record<string, string> = {};
    for (const [role, email] of Object.entries(ACCOUNTS)) {
      const r = await call('/api/auth/sign-up', {
        method: 'POST',
        ip: nextIp(),
        body: { ...guard(), ...SIGN_UP_CONSENT, fullName: `Cluster ${role}`, email, password: PASSWORD },
      });
      if (r.status !== 201) throw new Error(`sign-up ${email}: ${r.status} ${r.buf.toString()}`);
      ids[role] = json<{ me: { user: { id: string } } }>(r).me.user.id;
    }
    await grantRole(database.db, ids.admin!, 'admin');
    await grantRole(database.db, ids.provider!, 'service_provider');
    await pool.query(`update "user" set email_verified = true where id = $1`, [ids.provider]);
    const { rows } = await pool.query<{ id: string }>(
      `insert into service_providers (user_id, business_name, package_type, payment_status, package_expires_at)
       values ($1, 'Cluster Photo & Car Hire', 'premium', 'active', now() + interval '1 year') returning id`,
      [ids.provider],
    );
    const providerId = rows[0]!.id;
    const words = [
      'Photo booth',
      'Vintage car',
      'Hair and makeup',
      'Matric dress',
      'DJ and sound',
      'Venue',
      'Limo',
    ];
    await pool.query(
      `insert into listings (service_provider_id, category_id, title, description, province, city, price_from,
         status, created_at)
       select $1, c.id, ($2::text[])[1 + g % 7] || ' ' || g, 'Farewell service number ' || g || ' for matric learners.',
         (array['gauteng', 'western_cape', 'kwazulu_natal', 'eastern_cape'])[1 + g % 4], 'Johannesburg',
         500 + (g % 50) * 100, 'approved', now() - (g || ' minutes')::interval
       from generate_series(1, 2000) g
       join lateral (select id from categories order by slug offset (g % 8) limit 1) c on true`,
      [providerId, words],
    );
    await pool.query(
      `insert into listing_images (listing_id, image_url, is_primary, display_order)
       select id, '/uploads/listing-images/bench-800.webp', true, 0 from listings`,
    );
    await pool.query('analyze');
    return { listings: 2000, providerId };
  } finally {
    await database.close();
  }
}

// ------------------------------------------------------------------------------------------------ proofs
async function proveSignIn() {
  const limits = DEFAULT_RATE_LIMITS;
  const email = ACCOUNTS.user;
  const ip = '203.0.113.77';
  const attempts: { n: number; upstream: string; status: number; retryAfter: string | null }[] = [];
  const attempt = async () => {
    const r = await call('/api/auth/sign-in', {
      method: 'POST',
      body: { email, password: 'Wrong-guess-1' },
      ip,
    });
    attempts.push({
      n: attempts.length + 1,
      upstream: r.upstream,
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
    });
    return r;
  };
  // The free failures of one account from one address, then immediate attempts: all refused, on both.
  for (let i = 0; i < limits.signInFailuresPerPair + 6; i++) await attempt();
  // After the wait one attempt goes ahead (and fails), and the next wait is twice as long.
  const wait = Number(attempts.at(-1)!.retryAfter ?? '1');
  await sleep(wait * 1000 + 200);
  await attempt();
  await attempt();
  await attempt();
  // Each request takes a while on a busy machine, so a short wait may be over by the next attempt (then it
  // goes ahead and fails): what proves shared counters is a refusal by an instance that had itself seen
  // fewer failures than the free ones, which counters kept per instance would never give.
  const free = attempts.slice(0, limits.signInFailuresPerPair);
  const own: Record<string, number> = {};
  let refusedBelowOwnLimit = 0;
  for (const a of attempts) {
    if (a.status === 429 && (own[a.upstream] ?? 0) < limits.signInFailuresPerPair) refusedBelowOwnLimit += 1;
    if (a.status === 401) own[a.upstream] = (own[a.upstream] ?? 0) + 1;
  }
  const refusedBy = [...new Set(attempts.filter((a) => a.status === 429).map((a) => a.upstream))].sort();
  const ok =
    free.every((a) => a.status === 401) &&
    attempts.every((a) => a.status === 401 || a.status === 429) &&
    refusedBy.length === 2 &&
    refusedBelowOwnLimit > 0;
  return { ok, freeFailuresPerPair: limits.signInFailuresPerPair, refusedBy, refusedBelowOwnLimit, attempts };
}

async function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .png()
    .toBuffer();
}

async function proveImageAndApproval(pool: pg.Pool) {
  const provider = await signIn(ACCOUNTS.provider, PASSWORD, 'a');
  const admin = await signIn(ACCOUNTS.admin, PASSWORD, 'a');
  const form = new FormData();
  form.append('bucket', 'listing-images');
  form.append('file', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'proof.png');
  const up = await call('/api/uploads', { method: 'POST', form, cookie: provider, pin: 'a' });
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${up.buf.toString()}`);
  const imageUrl = json<{ url: string }>(up).url;
  const viaA = await call(imageUrl, { cookie: provider, pin: 'a' });
  const viaB = await call(imageUrl, { cookie: provider, pin: 'b' });
  const image = {
    uploadedThrough: up.upstream,
    url: imageUrl,
    ownerThroughA: viaA.status,
    ownerThroughB: viaB.status,
    sameBytes: viaA.buf.equals(viaB.buf) && viaB.buf.length > 0,
    bytes: viaB.buf.length,
    storage: 'one S3-compatible bucket (a local s3rver); each instance has its own DATA_DIR',
    anonymousThroughBAfterApproval: 0,
    ok: false,
  };

  // A pending listing in a category and province few listings share, then B's cached answers of that page.
  const cats = json<{ items: { id: string; slug: string }[] }>(await call('/api/categories'));
  const { rows } = await pool.query<{ slug: string; province: string }>(
    `select c.slug, p.province from categories c cross join (values ('northern_cape'), ('free_state'),
       ('north_west')) p(province)
     order by (select count(*) from listings l where l.category_id = c.id and l.province = p.province
               and l.status = 'approved'), c.slug limit 1`,
  );
  const { slug, province } = rows[0]!;
  const title = `Cluster proof ${Date.now().toString(36)}`;
  const created = await call('/api/provider/listings', {
    method: 'POST',
    cookie: provider,
    pin: 'a',
    body: {
      title,
      categoryId: cats.items.find((c) => c.slug === slug)!.id,
      description: 'A listing made by the cluster benchmark to follow an approval across instances.',
      province,
      city: 'Kimberley',
      priceFrom: '900',
      priceTo: '',
      latitude: '',
      longitude: '',
      images: [{ url: imageUrl, isPrimary: true }],
    },
  });
  if (created.status !== 201) throw new Error(`listing: ${created.status} ${created.buf.toString()}`);
  const listingId = json<{ id: string }>(created).id;
  const apiPath = `/api/listings?category=${slug}&province=${province}`;
  const pagePath = `/browse?category=${slug}&province=${province}`;
  const warm = async () => {
    const [api, page] = await Promise.all([call(apiPath, { pin: 'b' }), call(pagePath, { pin: 'b' })]);
    return { api: api.buf.toString().includes(title), page: page.buf.toString().includes(title) };
  };
  const before = await warm();
  await warm(); // the second answer comes from B's catalogue cache

  const approved = await call('/api/admin/listings/moderation', {
    method: 'POST',
    cookie: admin,
    pin: 'a',
    body: { ids: [listingId], status: 'approved' },
  });
  const t0 = performance.now();
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.buf.toString()}`);
  let apiMs: number | null = null;
  let pageMs: number | null = null;
  let polls = 0;
  // A read's answer reflects the database at about its start: the delay is at most the start of the
  // first read that saw the listing (and at least the start of the last one that did not).
  let firstSeenReadStartedMs: number | null = null;
  let lastMissReadStartedMs: number | null = null;
  while ((apiMs === null || pageMs === null) && performance.now() - t0 < 10_000) {
    polls += 1;
    const started = +(performance.now() - t0).toFixed(1);
    const seen = await warm();
    const t = +(performance.now() - t0).toFixed(1);
    if (seen.api && apiMs === null) apiMs = t;
    if (seen.page && pageMs === null) pageMs = t;
    if (seen.api && seen.page) firstSeenReadStartedMs ??= started;
    else lastMissReadStartedMs = started;
  }
  const anon = await call(imageUrl, { pin: 'b' });
  image.anonymousThroughBAfterApproval = anon.status;
  image.ok = viaB.status === 200 && image.sameBytes && anon.status === 200 && up.upstream === 'a';
  const approval = {
    approvedThrough: approved.upstream,
    readThrough: 'b',
    listingId,
    apiPath,
    pagePath,
    beforeApproval: before,
    browseApiAnsweredWithItAfterMs: apiMs,
    renderedPageAnsweredWithItAfterMs: pageMs,
    firstSeenReadStartedMs,
    lastMissReadStartedMs,
    polls,
    ok: !before.api && !before.page && firstSeenReadStartedMs !== null && firstSeenReadStartedMs < 1000,
  };
  return { image, approval, listingId, provider };
}

async function waitOutboxSettled(pool: pg.Pool, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from outbox where status in ('pending', 'sending')`,
    );
    if (rows[0]!.n === 0) return true;
    await sleep(250);
  }
  return false;
}

async function proveOutbox(pool: pg.Pool, sink: SmtpSink, listingId: string, sentBefore: Set<string>) {
  const N = 20;
  const markers = Array.from({ length: N }, (_, i) => `cluster-mail-${i}-${Date.now().toString(36)}`);
  const through: Record<string, number> = {};
  for (const marker of markers) {
    const r = await call('/api/enquiries', {
      method: 'POST',
      ip: nextIp(),
      body: {
        ...guard(),
        name: marker,
        email: `${marker}@example.com`,
        phone: '',
        message: `Is this available on 28 November? Reference ${marker}.`,
        listingId,
      },
    });
    if (r.status !== 201) throw new Error(`enquiry: ${r.status} ${r.buf.toString()}`);
    through[r.upstream] = (through[r.upstream] ?? 0) + 1;
  }
  const settled = await waitOutboxSettled(pool);
  await sleep(1000);
  const { rows } = await pool.query<{ id: string; status: string; attempts: number }>(
    `select id::text, status, attempts from outbox`,
  );
  const sentRows = rows.filter((r) => r.status === 'sent' && !sentBefore.has(r.id));
  // The sink's Message-IDs are <outbox id@host>: each row sent since the reset must be there exactly once.
  const ids = sink.messageIds.map((m) => /^<([^@>]+)@/.exec(m)?.[1] ?? m);
  const distinct = new Set(ids);
  const expected = new Set(sentRows.map((r) => r.id));
  const perMarker = markers.map(
    (m) =>
      sink.received.filter((mail) => `${mail.parsed.text ?? ''}${mail.parsed.html || ''}`.includes(m)).length,
  );
  return {
    enquiries: N,
    enquiriesThrough: through,
    outboxRowsSentSinceReset: sentRows.length,
    outboxOther: rows.filter((r) => r.status !== 'sent').map((r) => r.status),
    smtpDeliveries: ids.length,
    distinctMessageIds: distinct.size,
    enquiryMailsPerEnquiry: [...new Set(perMarker)],
    everyRowDeliveredOnce: ids.length === expected.size && [...expected].every((id) => distinct.has(id)),
    ok:
      settled &&
      ids.length === distinct.size &&
      ids.length === expected.size &&
      [...expected].every((id) => distinct.has(id)) &&
      perMarker.every((n) => n === 1),
  };
}

async function proveKill(pool: pg.Pool, instances: Record<string, Instance>, listingId: string) {
  await fetch(`${proxyUrl}/__proxy/reset`, { method: 'POST' });
  const runMs = Math.max(6000, SECONDS * 1000);
  const killAt = Math.round(runMs / 3);
  const start = performance.now();
  const acked: string[] = [];
  const writes = { sent: 0, acked: 0, non2xx: {} as Record<string, number>, networkErrors: 0 };
  const reads = { sent: 0, ok: 0, non2xx: {} as Record<string, number>, networkErrors: 0 };
  const failureTimes: number[] = [];
  let killedAtMs = 0;
  let running = true;
  const writer = async () => {
    while (running) {
      writes.sent += 1;
      const n = writes.sent;
      try {
        const r = await call('/api/enquiries', {
          method: 'POST',
          ip: nextIp(),
          body: {
            ...guard(),
            name: `kill-${n}`,
            email: `kill-${n}@example.com`,
            phone: '',
            message: `Load during the kill, number ${n}.`,
            listingId,
          },
        });
        if (r.status === 201) {
          writes.acked += 1;
          acked.push(json<{ id: string }>(r).id);
        } else {
          writes.non2xx[r.status] = (writes.non2xx[r.status] ?? 0) + 1;
          failureTimes.push(performance.now() - start);
        }
      } catch {
        writes.networkErrors += 1;
        failureTimes.push(performance.now() - start);
      }
    }
  };
  const reader = async () => {
    while (running) {
      reads.sent += 1;
      try {
        const r = await call(`/api/listings?search=${['photo', 'car', 'venue'][reads.sent % 3]}`);
        if (r.status === 200) reads.ok += 1;
        else {
          reads.non2xx[r.status] = (reads.non2xx[r.status] ?? 0) + 1;
          failureTimes.push(performance.now() - start);
        }
      } catch {
        reads.networkErrors += 1;
        failureTimes.push(performance.now() - start);
      }
    }
  };
  const killer = (async () => {
    await sleep(killAt);
    killedAtMs = +(performance.now() - start).toFixed(0);
    instances.b!.child.kill('SIGKILL');
  })();
  const loops = [...Array.from({ length: 8 }, writer), ...Array.from({ length: 8 }, reader)];
  await sleep(runMs);
  running = false;
  await Promise.all([...loops, killer]);
  const proxyStats = (await (await fetch(`${proxyUrl}/__proxy/stats`)).json()) as Record<string, unknown>;
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from enquiries where id = any($1::uuid[])`,
    [acked],
  );
  const lastFailureMs = failureTimes.length ? +Math.max(...failureTimes).toFixed(0) : null;
  return {
    runMs,
    killedAtMs,
    writes,
    reads,
    ackedWritesFoundInDatabase: rows[0]!.n,
    failuresAfterKillWithinMs: lastFailureMs === null ? 0 : lastFailureMs - killedAtMs,
    proxy: proxyStats,
    ok: rows[0]!.n === acked.length && acked.length > 0 && reads.ok > 0,
  };
}

interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  loadAverage1m: number;
}

async function load(url: string, paths: string[], connections = 32): Promise<Load> {
  const requests = paths.map((p) => ({ method: 'GET' as const, path: p }));
  await autocannon({ url, connections, duration: 1, requests });
  const r = await autocannon({ url, connections, duration: SECONDS, requests });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    loadAverage1m: +os.loadavg()[0]!.toFixed(2),
  };
}

async function throughput() {
  const cached = ['/api/listings'];
  // Searches are never cached: each request reads the database.
  const uncached = ['photo', 'car', 'hair', 'dress', 'dj', 'venue', 'makeup', 'limo'].map(
    (w) => `/api/listings?search=${w}`,
  );
  const use = (names: string) => fetch(`${proxyUrl}/__proxy/use?names=${names}`, { method: 'POST' });
  const out: Record<string, Record<string, Load>> = {};
  for (const [name, paths] of [
    ['cachedBrowse', cached],
    ['uncachedSearch', uncached],
  ] as const) {
    await use('a');
    const one = await load(proxyUrl, paths);
    await use('a,b');
    const two = await load(proxyUrl, paths);
    out[name] = { oneInstance: one, twoInstances: two };
  }
  await use('a,b');
  const ratio = (k: string) => +(out[k]!.twoInstances!.reqPerSec / out[k]!.oneInstance!.reqPerSec).toFixed(2);
  return {
    connections: 32,
    seconds: SECONDS,
    ...out,
    ratio: { cachedBrowse: ratio('cachedBrowse'), uncachedSearch: ratio('uncachedSearch') },
  };
}

async function jobRuns(pool: pg.Pool) {
  const { rows } = await pool.query<{ name: string; runs: number | null }>(
    `select name, last_started_at, last_finished_at, last_error from job_runs order by name`,
  );
  return rows;
}

// ------------------------------------------------------------------------------------------------- main
async function main() {
  if (!existsSync(MAIN)) throw new Error('dist/server/main.js is missing: run `npm run build` first.');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mm-cluster-'));
  const dbName = `mm_cluster_${process.pid}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${dbName}`;
  BASE_DB_URL = dbUrl.toString();
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  pool.on('error', () => {});
  const keyPrefix = `mm-cluster-${process.pid}:`;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const sink = await startSmtpSink();
  // The bucket both instances keep images in: a local S3-protocol server (decision 0053).
  const s3 = await startTestS3Server({ bucket: 'cluster-bench' });
  let proxy: ChildProcess | undefined;
  const instances: Record<string, Instance> = {};
  try {
    const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    proxy = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/cluster-proxy.ts',
        '--port',
        String(proxyPort),
        '--upstream',
        `a=${portA}`,
        '--upstream',
        `b=${portB}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.add(proxy);
    await new Promise<void>((resolve, reject) => {
      proxy!.stdout!.on('data', (d: Buffer) => d.toString().includes('cluster proxy ready') && resolve());
      proxy!.once('exit', (code) => reject(new Error(`proxy exited with ${code}`)));
    });

    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      AUTH_SECRET: SECRET,
      ...s3.env,
      PUBLIC_URL: proxyUrl,
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Matric Moments <hello@matricmoments.test>',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      WEB_DIR: path.resolve('dist/web'),
      SHUTDOWN_GRACE_MS: '5000',
    };
    // Production never seeds (env.ts), and the demo seed draws hundreds of pictures (minutes on a busy
    // machine): the bench makes its own accounts through the API and its catalogue in SQL. That two demo
    // seeds at once seed once is src/server/db/exclusively.test.ts.
    log('starting two instances together on the empty database…');
    const t1 = performance.now();
    instances.a = startInstance('a', portA, env, dir);
    instances.b = startInstance('b', portB, env, dir);
    await Promise.all([waitReady(portA), waitReady(portB)]);
    const bothReadyMs = Math.round(performance.now() - t1);
    const { rows: migrations } = await pool.query<{ n: number }>(
      `select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const catalogue = await setUpData(pool);
    results.startup = {
      bothInstancesReadyAfterMs: bothReadyMs,
      migrationsRecorded: migrations[0]!.n,
      migrationsInRepository: journalEntries(),
      approvedListings: catalogue.listings,
      ok: migrations[0]!.n === journalEntries(),
    };
    log('startup', results.startup);
    await waitOutboxSettled(pool);
    const { rows: sentRows } = await pool.query<{ id: string }>(
      `select id::text from outbox where status = 'sent'`,
    );
    sink.received.length = 0;
    sink.messageIds.length = 0;

    results.signIn = await proveSignIn();
    log('sign-in', (results.signIn as { ok: boolean }).ok);
    const { image, approval, listingId } = await proveImageAndApproval(pool);
    results.image = image;
    results.approval = approval;
    log('image', image.ok, 'approval', approval);
    results.outbox = await proveOutbox(pool, sink, listingId, new Set(sentRows.map((r) => r.id)));
    log('outbox', results.outbox);
    results.jobs = { afterStart: await jobRuns(pool) };

    results.throughput = await throughput();
    log('throughput', JSON.stringify(results.throughput));

    results.kill = await proveKill(pool, instances, listingId);
    log('kill', JSON.stringify(results.kill));
    results.loadAverageAtEnd = os.loadavg().map((l) => +l.toFixed(2));
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(path.join(RESULTS, 'cluster.json'), JSON.stringify(results, null, 2) + '\n');
    log('written bench/results/cluster.json');
  } finally {
    for (const inst of Object.values(instances)) await stop(inst.child);
    if (proxy) await stop(proxy);
    for (const c of children) c.kill('SIGKILL');
    await sink.close();
    await s3.close();
    await pool.end();
    // Drop the bench's keys only (its own prefix), then its database.
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
      cursor = nextCursor;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    redis.disconnect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
