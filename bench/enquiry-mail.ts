/**
 * An enquiry's POST with the outbox on and off (issue 23: "an enquiry's POST is as fast with mail on as off"):
 *
 *   npx tsx bench/enquiry-mail.ts                                   # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/enquiry-mail.ts          # PostgreSQL (a fresh database, dropped after)
 *
 * Prepares a database with two providers and one approved listing each: one provider's address is verified
 * (each enquiry writes its `enquiry_received` row into the outbox in the request's transaction: outbox on),
 * the other's is not (no mail is recorded: outbox off). Everything else on the path is the same. Starts
 * bench/server.ts as a child process (the load generator never shares the server's event loop), trusting
 * X-Forwarded-For from loopback so that every request comes from its own address (the per-IP enquiry limit
 * is not what is measured), and POSTs enquiries with autocannon at 1 and 32 connections, after a one-second
 * warm-up. No outbox worker runs in the server: sending is never on a request's path, so this is the
 * request's whole cost. Afterwards it checks that the outbox holds exactly one row per enquiry of the "on"
 * runs and none of the "off" runs. The drain rate (1,000 queued messages into a local SMTP server) is
 * bench/outbox.ts; this script runs it too on the same kind of database. Figures go to
 * bench/results/enquiry-mail-<database>.json and a section of bench/results/enquiry-mail.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, queryRows, type Database } from '../src/server/db/client.ts';
import { serviceProviders, user } from '../src/server/db/schema.ts';
import { testDatabaseUrl } from '../src/server/env.ts';
import { signFormToken } from '../src/server/plugins/form-guard.ts';
import { createListing, seedReferenceData } from '../src/server/test/fixtures.ts';
import { createTestDatabase } from '../src/server/test/helpers.ts';
import { benchOutbox, type OutboxBench } from './outbox.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const serverUrl = testDatabaseUrl();

interface Prepared {
  env: Record<string, string>;
  /** The verified provider's listing (outbox on) and the unverified one's (outbox off). */
  listingOn: string;
  listingOff: string;
  open: () => Promise<Database>;
  cleanup: () => Promise<void>;
}

async function addProvider(database: Database, name: string, verified: boolean): Promise<string> {
  const userId = randomUUID();
  await database.db.insert(user).values({
    id: userId,
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}@example.com`,
    emailVerified: verified,
  });
  const [provider] = await database.db
    .insert(serviceProviders)
    .values({
      userId,
      businessName: name,
      packageType: 'premium',
      paymentStatus: 'active',
      packageExpiresAt: new Date(Date.now() + 365 * 86_400_000),
    })
    .returning({ id: serviceProviders.id });
  const listing = await createListing(database.db, provider!.id, { title: `${name} Rolls-Royce` });
  return listing.id;
}

async function prepare(): Promise<Prepared> {
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;
  if (serverUrl) {
    const name = `mm_bench_enquiry_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    const url = u.toString();
    env = { DATABASE_URL: url };
    open = async () => openPostgres(url, 4);
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mm-bench-enquiry-'));
    env = { DATABASE_URL: '', DATA_DIR: dir };
    open = () => openPglite(dir);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const database = await open();
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const listingOn = await addProvider(database, 'Verified Arrivals', true);
    const listingOff = await addProvider(database, 'Unverified Arrivals', false);
    return { env, listingOn, listingOff, open, cleanup };
  } finally {
    await database.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      // Known here, so requests carry a form token signed a minute ago (decision 0059).
      AUTH_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('bench server ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

const BENCH_SECRET = randomBytes(32).toString('hex');

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  created: number;
  errors: number;
  non2xx: number;
}

let sequence = 0;

async function post(base: string, listingId: string, connections: number, duration: number): Promise<Load> {
  const r = await autocannon({
    url: `${base}/api/enquiries`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          sequence += 1;
          const n = sequence;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              // One address per request: the enquiry limit (5 a minute per IP) is not measured.
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({
              name: 'Lindiwe Dlamini',
              // One address per request too: the limit per email address is not measured either.
              email: `lindiwe${n}@example.com`,
              phone: '082 555 0199',
              message: `Is the car free on 14 March for our farewell? Enquiry ${n}.`,
              listingId,
              formToken: signFormToken(BENCH_SECRET, Date.now() - 60_000),
            }),
          };
        },
      },
    ],
  });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    created: r['2xx'],
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

interface Run extends Load {
  outbox: 'on' | 'off';
  connections: number;
}

async function main() {
  const prepared = await prepare();
  const runs: Run[] = [];
  let createdOn = 0;
  let createdOff = 0;
  let storedOn = 0;
  let storedOff = 0;
  try {
    const { base, child } = await startServer(prepared.env);
    try {
      for (const connections of [1, 32]) {
        for (const outbox of ['off', 'on'] as const) {
          const listingId = outbox === 'on' ? prepared.listingOn : prepared.listingOff;
          const warm = await post(base, listingId, connections, 1);
          const load = await post(base, listingId, connections, DURATION);
          if (outbox === 'on') createdOn += warm.created + load.created;
          else createdOff += warm.created + load.created;
          runs.push({ outbox, connections, ...load });
          console.log(outbox, connections, load);
        }
      }
    } finally {
      await stopServer(child);
    }
    // The outbox holds one message per enquiry of the "on" runs, none for the "off" runs.
    const database = await prepared.open();
    try {
      // Counted in the database: autocannon stops with requests in flight that the server still commits.
      const [row] = await queryRows<{ mails: number; on: number; off: number }>(
        database.db,
        sql`select (select count(*)::int from outbox where kind = 'enquiry_received') as mails,
          (select count(*)::int from enquiries where listing_id = ${prepared.listingOn}) as on,
          (select count(*)::int from enquiries where listing_id = ${prepared.listingOff}) as off`,
      );
      if (!row || row.mails !== row.on || row.on < createdOn || row.off < createdOff) {
        throw new Error(`outbox holds ${row?.mails} messages for ${row?.on} enquiries on, ${row?.off} off`);
      }
      storedOn = row.on;
      storedOff = row.off;
    } finally {
      await database.close();
    }
  } finally {
    await prepared.cleanup();
  }

  // The drain: 1,000 queued messages into the local SMTP sink, on a fresh database of the same kind.
  const drainDb = await createTestDatabase();
  let drain: OutboxBench;
  try {
    drain = await benchOutbox(drainDb, 1000);
  } finally {
    await drainDb.close();
  }

  const kind = serverUrl ? 'postgres' : 'pglite';
  const record = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: kind,
    durationSeconds: DURATION,
    runs,
    enquiriesWithMail: storedOn,
    enquiriesWithoutMail: storedOff,
    drain,
  };
  const dir = path.resolve('bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `enquiry-mail-${kind}.json`), JSON.stringify(record, null, 2) + '\n');
  const row = (r: Run) =>
    `| ${r.connections} | ${r.outbox} | ${r.p50} | ${r.p99} | ${r.reqPerSec} | ${r.non2xx + r.errors} |`;
  const section = `## ${kind}, ${record.date.slice(0, 10)}, ${record.cpus} cores, ${DURATION} s per run

| connections | outbox | p50 ms | p99 ms | requests/s | not 201 |
| --- | --- | --- | --- | --- | --- |
${runs.map(row).join('\n')}

Checked after the runs: the outbox holds one message for each of the ${storedOn} enquiries sent with the outbox on, and none for the ${storedOff} sent with it off.

| drain of ${drain.messages} queued messages | messages/s |
| --- | --- |
| into the local SMTP server, one worker | ${drain.drainSmtpPerSecond} |
| into the local SMTP server, two workers | ${drain.drainSmtpTwoWorkersPerSecond} |
| transport discards (claims, rendering, settling) | ${drain.drainDiscardPerSecond} |
`;
  const md = path.join(dir, 'enquiry-mail.md');
  const previous = existsSync(md)
    ? readFileSync(md, 'utf8')
    : '# Enquiry POST with the outbox on and off, and the drain (bench/enquiry-mail.ts)\n';
  const kept = previous
    .split(/(?=^## )/m)
    .filter((part) => !part.startsWith(`## ${kind},`))
    .join('');
  writeFileSync(md, `${kept.trimEnd()}\n\n${section}`);
  console.log(section);
}

await main();
