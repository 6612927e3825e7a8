/**
 * The outbox end to end against a real SMTP server (test/smtp-sink.ts): what arrives, the unsubscribe
 * headers and links, categories turned off, rolled-back transactions, exactly-once keys, two workers at
 * once, a restart between commit and send, a crashed claim, retries and giving up, .eml files without SMTP.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matchPage } from '../../domain/pages.ts';
import { openPglite, openPostgres, type Database, type Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { testDatabaseUrl } from '../env.ts';
import { createAdmin } from '../test/fixtures.ts';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../test/helpers.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp-sink.ts';
import {
  claimDueMail,
  enqueueMail,
  enqueueMailToAdmins,
  outboxDepth,
  pruneOutbox,
  type MailMessage,
} from './outbox.ts';
import { MAIL_TEMPLATES } from './render.tsx';
import { createFileTransport, createSmtpTransport, mailDir, type MailTransport } from './transport.ts';
import { createOutboxWorker, retryDelayMs, type OutboxWorkerOptions } from './worker.ts';

const PUBLIC_URL = 'http://localhost:3000';
const onPostgres = Boolean(testDatabaseUrl());

let t: TestApp;
let sink: SmtpSink;
const transports: MailTransport[] = [];

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const transport of transports) transport.close();
  await sink.close();
  await t.close();
});
afterEach(async () => {
  sink.refuseWith(null);
  sink.refuseRecipientsWith(null);
  // Each test starts with an empty outbox and sink.
  await t.database.db.delete(outbox);
  sink.received.length = 0;
});

/**
 * A new account, without the verification email its sign-up queued (features/auth/service.ts): these tests
 * count the messages they enqueue themselves.
 */
async function newAccount(role: 'user' | 'admin' = 'user') {
  const account = role === 'admin' ? await createAdmin(t) : await signUp(t);
  await t.database.db
    .delete(outbox)
    .where(and(eq(outbox.kind, 'email_verification'), eq(outbox.recipient, account.email)));
  return account;
}

function smtp(): MailTransport {
  const transport = createSmtpTransport(sink.url, { maxConnections: 2 });
  transports.push(transport);
  return transport;
}

function worker(db: Db = t.database.db, options: Partial<OutboxWorkerOptions> = {}) {
  return createOutboxWorker({
    db,
    transport: smtp(),
    publicUrl: PUBLIC_URL,
    from: 'Matric Moments <hello@example.com>',
    authSecret: t.config.authSecret,
    ...options,
  });
}

const enquiry = (to: string, userId: string | null = null, dedupeKey?: string): MailMessage => ({
  kind: 'enquiry_received',
  to,
  userId,
  payload: MAIL_TEMPLATES.enquiry_received.sample,
  ...(dedupeKey ? { dedupeKey } : {}),
});

const reset = (to: string, userId: string | null = null): MailMessage => ({
  kind: 'password_reset',
  to,
  userId,
  payload: MAIL_TEMPLATES.password_reset.sample,
});

/** A header's raw value, as the message carried it (mailparser folds the List-* headers into one object). */
const rawHeader = (parsed: ReceivedMail['parsed'], name: string) => {
  const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line === undefined
    ? undefined
    : line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim();
};
const header = (mail: ReceivedMail, name: string) => rawHeader(mail.parsed, name);

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

async function statusOf(id: string) {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

describe('enqueue and send', () => {
  it('delivers a message to its recipient with the subject, both parts, Reply-To and a stable Message-ID', async () => {
    const provider = await newAccount();
    const queued = await enqueueMail(t.database.db, enquiry(provider.email, provider.userId));
    expect(queued.status).toBe('queued');
    const result = await worker().drain();
    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.recipients).toEqual([provider.email]);
    expect(mail!.parsed.subject).toBe('New enquiry about Rolls-Royce Ghost for Matric Farewell');
    expect(header(mail!, 'from')).toContain('hello@example.com');
    expect(header(mail!, 'reply-to')).toContain('lindiwe@example.com');
    expect(mail!.parsed.messageId).toBe(`<${queued.status === 'queued' ? queued.id : ''}@localhost>`);
    expect(mail!.parsed.html).toContain('Lindiwe Dlamini');
    expect(mail!.parsed.text).toContain('082 555 0199');
    expect(mail!.parsed.text).toContain(`${PUBLIC_URL}/dashboard/enquiries?enquiry=`);
    const row = await statusOf((queued as { id: string }).id);
    expect(row.status).toBe('sent');
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('gives non-essential mail the RFC 8058 unsubscribe headers and essential mail none', async () => {
    const user = await newAccount();
    await enqueueMail(t.database.db, enquiry(user.email, user.userId));
    await enqueueMail(t.database.db, reset(user.email, user.userId));
    await worker().drain();
    const bySubject = (s: string) => sink.received.find((m) => m.parsed.subject === s)!;
    const enquiryMail = bySubject('New enquiry about Rolls-Royce Ghost for Matric Farewell');
    const resetMail = bySubject('Reset your password');
    expect(header(enquiryMail, 'list-unsubscribe')).toMatch(
      new RegExp(`^<${PUBLIC_URL}/mail/unsubscribe\\?token=[^>]+>$`),
    );
    expect(header(enquiryMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(resetMail, 'list-unsubscribe')).toBeUndefined();
    expect(header(resetMail, 'list-unsubscribe-post')).toBeUndefined();
    expect(resetMail.parsed.html).not.toContain('/mail/unsubscribe');
  });

  it('writes only absolute links to this site, each to a page or route that exists', async () => {
    const user = await newAccount();
    const messages: MailMessage[] = Object.values(MAIL_TEMPLATES).map(
      (template) =>
        ({
          kind: template.kind,
          to: user.email,
          userId: user.userId,
          payload: template.sample,
        }) as MailMessage,
    );
    for (const message of messages) await enqueueMail(t.database.db, message);
    await worker().drain();
    expect(sink.received).toHaveLength(messages.length);
    // The reset and verification pages come with the account screens; their links carry the token.
    const laterPages = new Set(['/auth/reset-password', '/auth/verify-email']);
    for (const mail of sink.received) {
      const links = hrefs(String(mail.parsed.html));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(link.startsWith(`${PUBLIC_URL}/`), `${mail.parsed.subject}: ${link}`).toBe(true);
        const url = new URL(link);
        if (url.pathname === '/mail/unsubscribe') {
          const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
          expect(res.statusCode, link).toBe(200);
        } else if (laterPages.has(url.pathname)) {
          expect(url.searchParams.get('token')).toMatch(/^sample-/);
        } else {
          expect(matchPage(url.pathname), link).not.toBeNull();
        }
      }
    }
  });
});

describe('categories and unsubscribe', () => {
  it('records nothing for a category the user turned off, and still sends essential mail', async () => {
    const user = await newAccount();
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: { cookie: user.cookie },
      payload: { settings: [{ category: 'conversations', enabled: false }] },
    });
    expect(off.statusCode).toBe(200);
    const reply: MailMessage = {
      kind: 'conversation_reply',
      to: user.email,
      userId: user.userId,
      payload: { ...MAIL_TEMPLATES.conversation_reply.sample, recipientHasAccount: true },
    };
    expect(await enqueueMail(t.database.db, reply)).toEqual({ status: 'skipped' });
    expect((await enqueueMail(t.database.db, reset(user.email, user.userId))).status).toBe('queued');
    await worker().drain();
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(['Reset your password']);
  });

  it('turns a category off with the one-click POST from the mail, without a session or an Origin of ours', async () => {
    const user = await newAccount();
    await enqueueMail(t.database.db, enquiry(user.email, user.userId));
    await worker().drain();
    const link = header(sink.received[0]!, 'list-unsubscribe')!.slice(1, -1);
    const url = new URL(link);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('New enquiries');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    // GET alone changes nothing (link scanners follow links).
    expect((await enqueueMail(t.database.db, enquiry(user.email, user.userId))).status).toBe('queued');

    const post = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('You will no longer receive “New enquiries” emails');
    expect(await enqueueMail(t.database.db, enquiry(user.email, user.userId))).toEqual({ status: 'skipped' });
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/me/notification-settings',
      headers: { cookie: user.cookie },
    });
    const enquiries = (settings.json() as { settings: { category: string; enabled: boolean }[] }).settings;
    // A plain user does not see the provider's switch, but the off state is stored for their account.
    expect(enquiries.find((s) => s.category === 'enquiries')).toBeUndefined();
    // Twice is fine.
    const again = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(again.statusCode).toBe(200);
  });

  it('lets an address without an account unsubscribe, and refuses forged or altered tokens', async () => {
    const visitor = uniqueEmail('visitor');
    const reply: MailMessage = {
      kind: 'conversation_reply',
      to: visitor,
      payload: MAIL_TEMPLATES.conversation_reply.sample,
    };
    await enqueueMail(t.database.db, reply);
    await worker().drain();
    const mail = sink.received[0]!;
    expect(mail.parsed.text).toContain('Create an account with this email to continue the conversation');
    expect(mail.parsed.html).not.toContain('/dashboard/settings');
    const url = new URL(header(mail, 'list-unsubscribe')!.slice(1, -1));
    const token = url.searchParams.get('token')!;
    const [body, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ v: 1, c: 'conversations', a: 'f'.repeat(64) })).toString('base64url')}.${mac}`;
    expect(Buffer.from(body!, 'base64url').toString()).not.toContain(visitor);
    for (const bad of [forged, `${body}.${mac!.slice(0, -2)}xx`, 'nonsense', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/mail/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('This unsubscribe link is not valid.');
    }
    expect((await t.app.inject({ method: 'GET', url: '/mail/unsubscribe' })).statusCode).toBe(400);
    const post = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(post.statusCode).toBe(200);
    expect(await enqueueMail(t.database.db, { ...reply, to: visitor.toUpperCase() })).toEqual({
      status: 'skipped',
    });
  });

  it('sends admin notices to every admin who has not turned them off', async () => {
    const [a, b] = [await newAccount('admin'), await newAccount('admin')];
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: { cookie: b.cookie },
      payload: { settings: [{ category: 'admin_listings', enabled: false }] },
    });
    const results = await enqueueMailToAdmins(t.database.db, {
      kind: 'admin_listing_pending',
      payload: MAIL_TEMPLATES.admin_listing_pending.sample,
    });
    expect(results.filter((r) => r.status === 'queued')).toHaveLength(1);
    await worker().drain();
    expect(sink.received.flatMap((m) => m.recipients)).toEqual([a.email]);
  });
});

describe('transactions and exactly once', () => {
  it('sends nothing when the transaction that caused the message rolls back', async () => {
    const user = await newAccount();
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, enquiry(user.email, user.userId));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await worker().drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);
    expect(await outboxDepth(t.database.db)).toEqual({ pending: 0, sending: 0, failed: 0 });
  });

  it('refuses a payload its template does not accept, so the change cannot commit without its mail', async () => {
    await expect(
      enqueueMail(t.database.db, {
        kind: 'listing_rejected',
        to: 'someone@example.com',
        payload: { providerName: 'X', listingId: 'y', listingTitle: 'Z' } as never,
      }),
    ).rejects.toThrow();
    expect(await outboxDepth(t.database.db)).toEqual({ pending: 0, sending: 0, failed: 0 });
  });

  it('records a message with a dedupe key once, however often it is enqueued', async () => {
    const user = await newAccount();
    const key = `package_expiring:in_7_days:${user.userId}:2026-12-04`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => enqueueMail(t.database.db, enquiry(user.email, user.userId, key))),
    );
    expect(results.filter((r) => r.status === 'queued')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(4);
    await worker().drain();
    expect(await enqueueMail(t.database.db, enquiry(user.email, user.userId, key))).toEqual({
      status: 'duplicate',
    });
    await worker().drain();
    expect(sink.received).toHaveLength(1);
  });

  it('sends each message once when two workers drain the same outbox at the same time', async () => {
    const recipients = Array.from({ length: 40 }, () => uniqueEmail('many'));
    for (const to of recipients) await enqueueMail(t.database.db, enquiry(to));
    const other = onPostgres ? await secondConnection() : null;
    try {
      const [a, b] = await Promise.all([
        worker(t.database.db, { batchSize: 5 }).drain(),
        worker(other?.db ?? t.database.db, { batchSize: 5 }).drain(),
      ]);
      expect(a.sent + b.sent).toBe(40);
      if (onPostgres) expect(Math.min(a.sent, b.sent)).toBeGreaterThan(0);
    } finally {
      await other?.close();
    }
    const ids = sink.received.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(40);
    expect(sink.received.flatMap((m) => m.recipients).sort()).toEqual([...recipients].sort());
    expect(await outboxDepth(t.database.db)).toEqual({ pending: 0, sending: 0, failed: 0 });
  });

  it('sends a message whose worker died after claiming it, once the claim’s lease runs out', async () => {
    const user = await newAccount();
    const queued = (await enqueueMail(t.database.db, enquiry(user.email, user.userId))) as { id: string };
    const now = new Date();
    const claimed = await claimDueMail(t.database.db, {
      now,
      limit: 10,
      leaseMs: 60_000,
      claimToken: randomUUID(),
    });
    expect(claimed.map((c) => c.id)).toEqual([queued.id]);
    // The claiming worker dies here. Within the lease, nobody else takes the message.
    const at = (ms: number) => () => new Date(now.getTime() + ms);
    expect((await worker(t.database.db, { clock: at(59_000) }).drain()).sent).toBe(0);
    expect((await worker(t.database.db, { clock: at(60_000) }).drain()).sent).toBe(1);
    expect(sink.received).toHaveLength(1);
    expect((await statusOf(queued.id)).attempts).toBe(2);
  });
});

describe('retries', () => {
  it('retries with exponential back-off, then marks the message failed with an error free of addresses', async () => {
    sink.refuseWith(451);
    const to = uniqueEmail('retry');
    const queued = (await enqueueMail(t.database.db, enquiry(to))) as { id: string };
    const start = new Date();
    let now = start;
    const w = worker(t.database.db, {
      clock: () => now,
      random: () => 0.5,
      maxAttempts: 3,
      baseDelayMs: 60_000,
    });
    expect(await w.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let row = await statusOf(queued.id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    // Attempt 1 failed: the next waits 60 s less a random half (random 0.5: 45 s).
    expect(row.nextAttemptAt.getTime() - start.getTime()).toBe(retryDelayMs(1, () => 0.5, 60_000));
    expect(row.nextAttemptAt.getTime() - start.getTime()).toBe(45_000);
    expect(row.lastError).toContain('451');
    expect(row.lastError).not.toContain(to);

    now = new Date(start.getTime() + 44_000);
    expect(await w.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    now = new Date(start.getTime() + 45_000);
    expect(await w.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    row = await statusOf(queued.id);
    // Attempt 2 failed: 120 s less a random half.
    expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(90_000);

    now = new Date(now.getTime() + 90_000);
    expect(await w.drain()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    row = await statusOf(queued.id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(sink.received).toHaveLength(0);
    expect(await outboxDepth(t.database.db)).toEqual({ pending: 0, sending: 0, failed: 1 });

    // An admin sees it and sends it again once the server accepts mail.
    const admin = await newAccount('admin');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?status=failed',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    const page = list.json() as {
      total: number;
      items: { id: string; lastError: string; attempts: number }[];
    };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: queued.id, attempts: 3 });
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${queued.id}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id: queued.id, status: 'pending' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${queued.id}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(409);
    sink.refuseWith(null);
    expect((await worker().drain()).sent).toBe(1);
    expect(sink.received[0]!.recipients).toEqual([to]);
  });

  it('gives up at once when the server refuses the recipient for good', async () => {
    sink.refuseRecipientsWith(550);
    const queued = (await enqueueMail(t.database.db, enquiry(uniqueEmail('gone')))) as { id: string };
    expect(await worker().drain()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await statusOf(queued.id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/^EENVELOPE 550/);
  });
});

describe('housekeeping', () => {
  it('forgets the address and content of settled messages after 30 days and deletes them after a year', async () => {
    const db = t.database.db;
    const insert = async (status: 'sent' | 'pending', daysAgo: number) => {
      const created = new Date(Date.now() - daysAgo * 86_400_000);
      const [row] = await db
        .insert(outbox)
        .values({
          kind: 'password_reset',
          category: 'account',
          recipient: 'old@example.com',
          payload: MAIL_TEMPLATES.password_reset.sample,
          status,
          createdAt: created,
          sentAt: status === 'sent' ? created : null,
        })
        .returning({ id: outbox.id });
      return row!.id;
    };
    const recent = await insert('sent', 5);
    const old = await insert('sent', 40);
    const ancient = await insert('sent', 400);
    const waiting = await insert('pending', 40);
    await pruneOutbox(db, new Date());
    expect((await statusOf(recent)).recipient).toBe('old@example.com');
    expect(await statusOf(old)).toMatchObject({ recipient: '', payload: {} });
    expect(
      (await db.select().from(outbox).where(eq(outbox.id, ancient))).length,
      'deleted after a year',
    ).toBe(0);
    expect((await statusOf(waiting)).recipient).toBe('old@example.com');
  });
});

describe('restart', () => {
  it('sends a message committed before the server stopped, from the next server', async () => {
    const store = await reopenableDatabase();
    try {
      const first = await store.open();
      await first.db.transaction(async (tx) => {
        await enqueueMail(tx, enquiry('after-restart@example.com'));
      });
      await first.close(); // stopped before any worker ran
      const second = await store.open();
      try {
        expect((await worker(second.db).drain()).sent).toBe(1);
      } finally {
        await second.close();
      }
      expect(sink.received.flatMap((m) => m.recipients)).toEqual(['after-restart@example.com']);
    } finally {
      await store.remove();
    }
  }, 120_000); // two embedded databases opened and migrated on a shared machine
});

describe('without SMTP', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const dir = mailDir(t.config.dataDir);
    const user = await newAccount();
    await enqueueMail(t.database.db, enquiry(user.email, user.userId));
    const w = createOutboxWorker({
      db: t.database.db,
      transport: createFileTransport(dir),
      publicUrl: PUBLIC_URL,
      from: 'Matric Moments <hello@example.com>',
      authSecret: t.config.authSecret,
    });
    expect((await w.drain()).sent).toBe(1);
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe('New enquiry about Rolls-Royce Ghost for Matric Farewell');
    expect(JSON.stringify(parsed.to)).toContain(user.email);
    expect(rawHeader(parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(parsed.text).toContain('Lindiwe Dlamini');
  });
});

/** A second pool on the test's PostgreSQL database: another server process, as far as the outbox can tell. */
async function secondConnection(): Promise<Database> {
  const [row] = (
    (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${row!.name}`;
  return openPostgres(url.toString(), 3);
}

/** A database that survives being closed and opened again (a data directory, or a PostgreSQL database). */
async function reopenableDatabase(): Promise<{ open(): Promise<Database>; remove(): Promise<void> }> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mm-restart-'));
    return {
      async open() {
        const database = await openPglite(dir);
        await database.migrate();
        return database;
      },
      async remove() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `mm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    async open() {
      const database = openPostgres(url.toString(), 2);
      await database.migrate();
      return database;
    },
    async remove() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
