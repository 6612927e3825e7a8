/**
 * The outbox worker: claims due messages (outbox.ts), renders each with its template, sends it through the
 * transport and settles the row. A failed attempt is retried with exponential back-off and jitter; after
 * `maxAttempts`, or at once when the SMTP server refuses the message itself (5xx for its envelope or
 * content) or the payload no longer fits its template, the row is marked failed for admins to see.
 *
 * Every process runs a worker (scheduler job 'outbox', scope 'every-process'): it polls every few seconds
 * and is woken at once by the NOTIFY that a committed `enqueueMail` sends. Claims keep the workers apart.
 *
 * Delivery is at least once, never twice by design: a message is sent by the one worker that holds its
 * claim. The one gap is a worker that dies (or stalls past the lease) after the SMTP server accepted the
 * message but before the row was marked sent: after the lease the message is due again and goes out a
 * second time, with the same Message-ID so that mail systems can recognise it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { NOTIFICATION_CATEGORY_INFO, type NotificationCategory } from '../../domain/notifications.ts';
import { claimDueMail, markAttemptFailed, markSent, type ClaimedMail } from './outbox.ts';
import { addressHash, signUnsubscribeToken } from './preferences.ts';
import { InvalidMailError, loadMailSite, renderMail } from './render.tsx';
import type { MailContext } from './templates/layout.tsx';
import { SMTP_TIMEOUTS, type MailTransport } from './transport.ts';

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  publicUrl: string;
  /** The From header. */
  from: string;
  /** Signs the unsubscribe links. */
  authSecret: string;
  clock?: () => Date;
  /** 0 ≤ random() < 1, for the back-off's jitter. */
  random?: () => number;
  log?: FastifyBaseLogger;
  /** Messages claimed (and sent side by side) at a time. */
  batchSize?: number;
  /** How long a claim lasts; longer than the SMTP client's own timeouts together. */
  leaseMs?: number;
  maxAttempts?: number;
  /** The first retry's delay; each further one doubles, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const OUTBOX_DEFAULTS = {
  batchSize: 10,
  leaseMs: 5 * 60_000,
  maxAttempts: 8,
  baseDelayMs: 60_000,
  maxDelayMs: 2 * 60 * 60_000,
} as const;

// A claim outlives the longest an SMTP exchange may take before the client gives up on it.
const SMTP_WORST_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;
if (OUTBOX_DEFAULTS.leaseMs <= SMTP_WORST_MS * 2)
  throw new Error('The outbox lease must outlast SMTP timeouts');

/**
 * The wait before attempt `attempt + 1` after `attempt` failed: base · 2^(attempt-1), capped, of which a
 * random half is taken off ("equal jitter"), so that retries of many messages spread out.
 */
export function retryDelayMs(
  attempt: number,
  random: () => number,
  base: number = OUTBOX_DEFAULTS.baseDelayMs,
  max: number = OUTBOX_DEFAULTS.maxDelayMs,
): number {
  const ceiling = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** What a failure leaves in `last_error`: codes and the server's words, with every address taken out. */
export function describeMailError(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [
    typeof e?.code === 'string' ? e.code : null,
    typeof e?.responseCode === 'number' ? String(e.responseCode) : null,
  ].filter(Boolean);
  const message = (typeof e?.message === 'string' ? e.message : String(err))
    .replace(/[^\s<>()[\]",;:@]+@[^\s<>()[\]",;:@]+/g, '<address>')
    .replace(/\s+/g, ' ')
    .trim();
  return `${parts.length ? `${parts.join(' ')}: ` : ''}${message}`.slice(0, 500);
}

/** The SMTP server refused this message itself (its recipient or content): trying again cannot help. */
function isPermanent(err: unknown): boolean {
  if (err instanceof InvalidMailError) return true;
  const e = err as { code?: unknown; responseCode?: unknown };
  return (
    typeof e?.responseCode === 'number' &&
    e.responseCode >= 500 &&
    (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')
  );
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

export interface OutboxWorker {
  /** Sends every due message, batch after batch, until none is due (or stop() was called). */
  drain(): Promise<DrainResult>;
  /** Finishes the batch in hand and claims no more. */
  stop(): void;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const o = { ...OUTBOX_DEFAULTS, ...options };
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const host = new URL(o.publicUrl).hostname;
  let stopping = false;

  async function deliver(mail: ClaimedMail, site: Pick<MailContext, 'siteName' | 'logoUrl'>) {
    const essential = mail.category === 'account';
    const category = mail.category as NotificationCategory;
    const unsubscribeUrl = essential
      ? null
      : `${o.publicUrl}/mail/unsubscribe?token=${signUnsubscribeToken(o.authSecret, {
          subject: mail.userId ? { userId: mail.userId } : { addressHash: addressHash(mail.recipient) },
          category,
        })}`;
    const ctx: MailContext = {
      publicUrl: o.publicUrl,
      ...site,
      unsubscribeUrl,
      categoryLabel: essential ? null : (NOTIFICATION_CATEGORY_INFO[category]?.label ?? null),
      recipientHasAccount: mail.userId !== null,
    };
    const rendered = await renderMail(mail.kind, mail.payload, ctx);
    await o.transport.send({
      from: o.from,
      to: mail.recipient,
      replyTo: rendered.replyTo,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      messageId: `<${mail.id}@${host}>`,
      headers: unsubscribeUrl
        ? {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {},
    });
  }

  async function handle(
    mail: ClaimedMail,
    site: Pick<MailContext, 'siteName' | 'logoUrl'>,
    result: DrainResult,
  ) {
    try {
      await deliver(mail, site);
    } catch (err) {
      const giveUp = isPermanent(err) || mail.attempts >= o.maxAttempts;
      const retryAt = giveUp
        ? null
        : new Date(clock().getTime() + retryDelayMs(mail.attempts, random, o.baseDelayMs, o.maxDelayMs));
      const error = describeMailError(err);
      await markAttemptFailed(o.db, mail, error, retryAt);
      if (giveUp) result.failed += 1;
      else result.retrying += 1;
      o.log?.warn(
        { outboxId: mail.id, kind: mail.kind, attempt: mail.attempts, error, retryAt },
        giveUp ? 'mail failed for good' : 'mail attempt failed; will retry',
      );
      return;
    }
    if (await markSent(o.db, mail, clock())) result.sent += 1;
    else
      o.log?.warn({ outboxId: mail.id }, 'mail sent after its claim ran out; another worker may send it too');
  }

  return {
    async drain() {
      const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
      let site: Pick<MailContext, 'siteName' | 'logoUrl'> | null = null;
      while (!stopping) {
        const batch = await claimDueMail(o.db, {
          now: clock(),
          limit: o.batchSize,
          leaseMs: o.leaseMs,
          claimToken: randomUUID(),
        });
        if (batch.length === 0) break;
        site ??= await loadMailSite(o.db, o.publicUrl);
        const loaded = site;
        await Promise.all(batch.map((mail) => handle(mail, loaded, result)));
        if (batch.length < o.batchSize) break;
      }
      return result;
    },
    stop() {
      stopping = true;
    },
  };
}
