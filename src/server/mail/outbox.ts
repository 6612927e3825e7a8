/**
 * The outbox: every email is a row written in the transaction of the change that causes it, and sent later
 * by the worker (worker.ts). If the transaction rolls back, the row never existed; once it commits, the
 * message is sent even if the server stops first (docs/decisions/0033-mail-outbox-and-jobs.md).
 *
 * - `enqueueMail(tx, message)`: validates the payload against its template, drops non-essential mail whose
 *   category the recipient turned off, inserts (a second message with the same `dedupeKey` does nothing)
 *   and signals the workers with NOTIFY, which PostgreSQL delivers only when the transaction commits.
 * - `claimDueMail`: one statement that takes due rows with FOR UPDATE SKIP LOCKED and leases them to one
 *   worker (`locked_until`, `claim_token`); a lease that runs out (a worker that died) makes the row due again.
 * - `markSent` / `markAttemptFailed`: only the holder of the claim token may settle a row.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OutboxPage, OutboxQuery, OutboxStatus } from '../../domain/notifications.ts';
import type { Actor } from '../auth/policy.ts';
import type { Db } from '../db/client.ts';
import { outbox, userRoles, user } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { recordAudit } from '../features/audit/service.ts';
import { addressHash } from './preferences.ts';
import { templateOf, type MailKind, type MailPayload } from './render.tsx';

/** A transaction handle or the database. */
export type Runner = Pick<Db, 'execute'>;

/** The channel on which a committed message wakes the workers of every process. */
export const OUTBOX_CHANNEL = 'mm_outbox';

export type MailMessage = {
  [K in MailKind]: {
    kind: K;
    /** The recipient's address. */
    to: string;
    /** The recipient's account, when they have one: their settings apply and the unsubscribe link names it. */
    userId?: string | null;
    payload: MailPayload<K>;
    /** A message with a key already in the outbox is not recorded again ("once per expiry date"). */
    dedupeKey?: string;
  };
}[MailKind];

export type EnqueueResult =
  | { status: 'queued'; id: string }
  /** The same dedupe key is already in the outbox. */
  | { status: 'duplicate' }
  /** The recipient turned this category off. */
  | { status: 'skipped' };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Records a message in the caller's transaction (or alone, given the database). Throws for a payload its
 * template refuses: that is a programming error, and the caller's change must not commit without its mail.
 */
export async function enqueueMail(tx: Runner, message: MailMessage): Promise<EnqueueResult> {
  const template = templateOf(message.kind);
  if (!template) throw new Error(`Unknown mail kind ${message.kind}`);
  const payload = template.schema.parse(message.payload) as unknown;
  const to = message.to.trim();
  if (!to) throw new Error(`Mail ${message.kind} has no recipient`);
  const category = template.category;
  const userId = message.userId ?? null;
  // Essential mail is always sent; otherwise the recipient's switch (an account) or opt-out (an address).
  const wanted =
    category === 'account'
      ? sql`true`
      : userId
        ? sql`not exists (select 1 from notification_settings
            where user_id = ${userId} and category = ${category} and not enabled)`
        : sql`not exists (select 1 from mail_opt_outs
            where address_hash = ${addressHash(to)} and category = ${category})`;
  const [row] = rowsOf<{ wanted: boolean; id: string | null }>(
    await tx.execute(sql`
      with wanted as (select ${wanted} as ok),
      inserted as (
        insert into outbox (kind, category, recipient, user_id, payload, dedupe_key)
        select ${message.kind}, ${category}, ${to}, ${userId}, ${JSON.stringify(payload)}::jsonb,
          ${message.dedupeKey ?? null}
        from wanted where ok
        on conflict (dedupe_key) do nothing
        returning id, pg_notify(${OUTBOX_CHANNEL}, '') is null as nudged
      )
      select (select ok from wanted) as wanted, (select id from inserted) as id`),
  );
  if (!row?.wanted) return { status: 'skipped' };
  if (!row.id) return { status: 'duplicate' };
  return { status: 'queued', id: row.id };
}

/**
 * The same message to every admin (each with their own settings). A dedupe key gets the admin's id
 * appended, so that each admin gets it once.
 */
export async function enqueueMailToAdmins(
  tx: Runner,
  message: Omit<
    Extract<MailMessage, { kind: 'admin_listing_pending' | 'admin_guide_payment' }>,
    'to' | 'userId'
  >,
): Promise<EnqueueResult[]> {
  const admins = rowsOf<{ id: string; email: string }>(
    await tx.execute(sql`
      select u.id, u.email from ${user} u
      where exists (select 1 from ${userRoles} r where r.user_id = u.id and r.role = 'admin')
      order by u.id`),
  );
  const results: EnqueueResult[] = [];
  for (const admin of admins) {
    results.push(
      await enqueueMail(tx, {
        ...message,
        to: admin.email,
        userId: admin.id,
        ...(message.dedupeKey ? { dedupeKey: `${message.dedupeKey}:${admin.id}` } : {}),
      } as MailMessage),
    );
  }
  return results;
}

export interface ClaimedMail {
  id: string;
  kind: string;
  category: string;
  recipient: string;
  userId: string | null;
  payload: unknown;
  /** Including this one. */
  attempts: number;
  claimToken: string;
}

/**
 * Leases up to `limit` due messages to the caller: pending rows whose next attempt is due, and rows whose
 * previous claim's lease ran out. Rows another worker is claiming right now are skipped, not waited for.
 */
export async function claimDueMail(
  db: Runner,
  opts: { now: Date; limit: number; leaseMs: number; claimToken: string },
): Promise<ClaimedMail[]> {
  const now = opts.now.toISOString();
  // The clock has milliseconds, the database's now() microseconds: a row written within the same
  // millisecond as the claim is due too (compared against the end of that millisecond).
  const dueBefore = new Date(opts.now.getTime() + 1).toISOString();
  const leaseEnd = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  const rows = rowsOf<{
    id: string;
    kind: string;
    category: string;
    recipient: string;
    user_id: string | null;
    payload: unknown;
    attempts: number;
  }>(
    await db.execute(sql`
      with pending as (
        select id, next_attempt_at as due from outbox
        where status = 'pending' and next_attempt_at < ${dueBefore}::timestamptz
        order by next_attempt_at limit ${opts.limit}
        for update skip locked
      ), expired as (
        select id, locked_until as due from outbox
        where status = 'sending' and locked_until <= ${now}::timestamptz
        order by locked_until limit ${opts.limit}
        for update skip locked
      ), due as (
        select id, due from pending union all select id, due from expired
        order by due limit ${opts.limit}
      )
      update outbox o
      set status = 'sending', attempts = o.attempts + 1, locked_until = ${leaseEnd}::timestamptz,
        claim_token = ${opts.claimToken}::uuid
      from due where o.id = due.id
      returning o.id, o.kind, o.category, o.recipient, o.user_id, o.payload, o.attempts`),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    category: r.category,
    recipient: r.recipient,
    userId: r.user_id,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
    attempts: Number(r.attempts),
    claimToken: opts.claimToken,
  }));
}

/** Settles a sent message; false when the claim was no longer ours (its lease ran out and was re-claimed). */
export async function markSent(db: Runner, mail: ClaimedMail, now: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update outbox set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, locked_until = null,
        claim_token = null, last_error = null
      where id = ${mail.id} and status = 'sending' and claim_token = ${mail.claimToken}::uuid
      returning id`),
  );
  return rows.length > 0;
}

/** After a failed attempt: due again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: Runner,
  mail: ClaimedMail,
  error: string,
  retryAt: Date | null,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update outbox set
        status = ${retryAt ? 'pending' : 'failed'},
        next_attempt_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
        locked_until = null, claim_token = null, last_error = ${error.slice(0, 500)}
      where id = ${mail.id} and status = 'sending' and claim_token = ${mail.claimToken}::uuid
      returning id`),
  );
  return rows.length > 0;
}

export interface OutboxDepth {
  /** Waiting to be sent (including retries waiting for their time). */
  pending: number;
  /** Claimed by a worker right now. */
  sending: number;
  /** Given up on; an admin may retry them. */
  failed: number;
}

/** How many messages wait, are being sent and have failed (for metrics and readiness). */
export async function outboxDepth(db: Runner): Promise<OutboxDepth> {
  const rows = rowsOf<{ status: string; n: number | string }>(
    await db.execute(sql`
      select status, count(*) as n from outbox where status in ('pending', 'sending', 'failed')
      group by status`),
  );
  const depth: OutboxDepth = { pending: 0, sending: 0, failed: 0 };
  for (const row of rows) depth[row.status as keyof OutboxDepth] = Number(row.n);
  return depth;
}

/** Sent and failed messages keep their addresses and contents this long, for support questions. */
export const OUTBOX_REDACT_AFTER_MS = 30 * 86_400_000;
/** Redacted rows are kept a year: their dedupe keys still stop a repeated "once per expiry" message. */
export const OUTBOX_DELETE_AFTER_MS = 366 * 86_400_000;

/** Forgets what old messages said and to whom, then deletes the oldest rows (the maintenance job). */
export async function pruneOutbox(db: Runner, now: Date): Promise<void> {
  const redactBefore = new Date(now.getTime() - OUTBOX_REDACT_AFTER_MS).toISOString();
  const deleteBefore = new Date(now.getTime() - OUTBOX_DELETE_AFTER_MS).toISOString();
  await db.execute(sql`
    update outbox set recipient = '', payload = '{}'::jsonb
    where status in ('sent', 'failed') and created_at < ${redactBefore}::timestamptz and recipient <> ''`);
  await db.execute(sql`
    delete from outbox where status in ('sent', 'failed') and created_at < ${deleteBefore}::timestamptz`);
}

// ---------------------------------------------------------------------------------------------------------
// Admins

export async function outboxPage(db: Db, q: OutboxQuery): Promise<OutboxPage> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(outbox.status, q.status));
  if (q.kind) where.push(eq(outbox.kind, q.kind));
  const condition = where.length ? and(...where) : undefined;
  const dir = q.dir === 'asc' ? asc : desc;
  const order = q.sort === 'next_attempt_at' ? outbox.nextAttemptAt : outbox.createdAt;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(condition)
      .orderBy(dir(order), dir(outbox.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(outbox).where(condition),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      category: r.category,
      recipient: r.recipient,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      nextAttemptAt: r.nextAttemptAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
  };
}

export const OUTBOX_MESSAGE_NOT_FOUND = 'Message not found';
export const OUTBOX_NOT_FAILED = 'Only failed messages can be retried';

/** An admin sends a failed message again: due now, with a fresh set of attempts. */
export async function retryOutboxMessage(
  db: Db,
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<{ id: string; status: OutboxStatus }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null, claimToken: null })
      .where(and(eq(outbox.id, id), inArray(outbox.status, ['failed'])))
      .returning({ id: outbox.id, kind: outbox.kind, lastError: outbox.lastError });
    if (!row) {
      const [existing] = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
      if (!existing) throw notFound(OUTBOX_MESSAGE_NOT_FOUND);
      throw conflict(OUTBOX_NOT_FAILED);
    }
    await recordAudit(tx, actor, {
      action: 'outbox.retry',
      entityType: 'outbox',
      entityId: row.id,
      before: { status: 'failed', lastError: row.lastError },
      after: { status: 'pending' },
    });
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    return { id: row.id, status: 'pending' as const };
  });
}
