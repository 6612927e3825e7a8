/**
 * The outbox drained into a local SMTP server (issue 23):
 *
 *   npx tsx bench/outbox.ts [--messages 1000]                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/outbox.ts [--messages 1000]  # PostgreSQL (a fresh database)
 *
 * Enqueues `--messages` new-enquiry emails (one statement each, as a request's transaction would), then
 * drains them with the outbox worker three ways: into a transport that discards them (the queue and the
 * React rendering alone), into a local SMTP server (the `smtp-server` package, as the tests use) through
 * nodemailer's pool, and the same with two workers side by side (two processes' worth of claims). Figures
 * go to bench/results/outbox-<database>.json and a section of bench/results/outbox.md.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/server/db/client.ts';
import { outbox } from '../src/server/db/schema.ts';
import { enqueueMail } from '../src/server/mail/outbox.ts';
import { MAIL_TEMPLATES } from '../src/server/mail/render.tsx';
import { createSmtpTransport, type MailTransport } from '../src/server/mail/transport.ts';
import { createOutboxWorker } from '../src/server/mail/worker.ts';
import { createTestDatabase } from '../src/server/test/helpers.ts';
import { startSmtpSink } from '../src/server/test/smtp-sink.ts';

export interface OutboxBench {
  database: string;
  messages: number;
  enqueuePerSecond: number;
  drainDiscardPerSecond: number;
  drainSmtpPerSecond: number;
  drainSmtpTwoWorkersPerSecond: number;
  delivered: number;
}

async function enqueueAll(database: Database, n: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    await enqueueMail(database.db, {
      kind: 'enquiry_received',
      to: `provider${i}@example.com`,
      payload: MAIL_TEMPLATES.enquiry_received.sample,
    });
  }
  return performance.now() - t0;
}

async function drain(database: Database, transports: MailTransport[]): Promise<{ ms: number; sent: number }> {
  const t0 = performance.now();
  const results = await Promise.all(
    transports.map((transport) =>
      createOutboxWorker({
        db: database.db,
        transport,
        publicUrl: 'http://localhost:3000',
        from: 'Matric Moments <hello@example.com>',
        authSecret: 'bench-secret-bench-secret-bench-secret-00',
      }).drain(),
    ),
  );
  return { ms: performance.now() - t0, sent: results.reduce((sum, r) => sum + r.sent, 0) };
}

const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);

/** Runs the three drains on `database` (which it empties of outbox rows first and after). */
export async function benchOutbox(database: Database, messages: number): Promise<OutboxBench> {
  const sink = await startSmtpSink({ parse: false });
  const discard: MailTransport = { kind: 'files', send: async () => {}, close: () => {} };
  const smtp = () => createSmtpTransport(sink.url, { maxConnections: 3 });
  try {
    await database.db.delete(outbox);
    const enqueueMs = await enqueueAll(database, messages);
    const discarded = await drain(database, [discard]);

    await enqueueAll(database, messages);
    const one = smtp();
    const viaSmtp = await drain(database, [one]);
    one.close();

    await enqueueAll(database, messages);
    const [a, b] = [smtp(), smtp()];
    const twoWorkers = await drain(database, [a, b]);
    a.close();
    b.close();

    if (discarded.sent !== messages || viaSmtp.sent !== messages || twoWorkers.sent !== messages) {
      throw new Error(`sent ${discarded.sent}, ${viaSmtp.sent}, ${twoWorkers.sent} of ${messages}`);
    }
    const ids = new Set(sink.messageIds);
    if (ids.size !== 2 * messages)
      throw new Error(`the sink received ${ids.size} distinct of ${2 * messages}`);
    return {
      database: database.kind,
      messages,
      enqueuePerSecond: perSecond(messages, enqueueMs),
      drainDiscardPerSecond: perSecond(messages, discarded.ms),
      drainSmtpPerSecond: perSecond(messages, viaSmtp.ms),
      drainSmtpTwoWorkersPerSecond: perSecond(messages, twoWorkers.ms),
      delivered: sink.messageIds.length,
    };
  } finally {
    await database.db.delete(outbox);
    await sink.close();
  }
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function main() {
  const messages = Number(arg('messages', '1000'));
  const database = await createTestDatabase();
  let result: OutboxBench;
  try {
    result = await benchOutbox(database, messages);
  } finally {
    await database.close();
  }
  const record = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...result };
  const dir = path.resolve('bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `outbox-${result.database}.json`), JSON.stringify(record, null, 2) + '\n');
  const md = path.join(dir, 'outbox.md');
  const heading = `## ${result.database}, ${record.date.slice(0, 10)}, ${record.cpus} cores, ${messages} messages`;
  const section = `${heading}

| step | messages/s |
| --- | --- |
| enqueue (one statement each, outside a request) | ${result.enqueuePerSecond} |
| drain, transport discards (claims, rendering, settling) | ${result.drainDiscardPerSecond} |
| drain into the local SMTP server, one worker | ${result.drainSmtpPerSecond} |
| drain into the local SMTP server, two workers | ${result.drainSmtpTwoWorkersPerSecond} |
`;
  const previous = existsSync(md) ? readFileSync(md, 'utf8') : '# Outbox drain (bench/outbox.ts)\n';
  const kept = previous
    .split(/(?=^## )/m)
    .filter((part) => !part.startsWith(`## ${result.database},`))
    .join('');
  writeFileSync(md, `${kept.trimEnd()}\n\n${section}`);
  console.log(JSON.stringify(record, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
