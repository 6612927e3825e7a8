/**
 * The audit log: every admin action writes one row (who, when, what, which record, before and after) with
 * `recordAudit`, inside the transaction of the action itself, so the row exists exactly when the action
 * happened. Action names are `<entity>.<verb>` in lower case, e.g. `listing.approve`, `user.delete`,
 * `package.update`, `settings.demo_mode`, `content.update`, `faq.reorder`, `article.publish`.
 */
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** A transaction handle or the database. */
type Runner = Pick<Db, 'insert'>;

export interface AuditEntry {
  action: `${string}.${string}`;
  entityType: string;
  entityId?: string | null;
  /** The record's values before and after the action (omit what did not exist). */
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy: Dates as ISO strings, undefined dropped. */
function json(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * Who acted: a signed-in actor, or (an account's own deletion, decision 0056) nobody the log may name, with
 * the opaque reference written in place of the address.
 */
export type AuditActor = Pick<Actor, 'userId' | 'email'> | { userId: null; email: string };

export async function recordAudit(tx: Runner, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: json(entry.before),
    after: json(entry.after),
  });
}

/** Several rows at once (bulk actions), still in the caller's transaction. */
export async function recordAudits(tx: Runner, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      before: json(entry.before),
      after: json(entry.after),
    })),
  );
}
