/**
 * The Matric Guide's mail (issue 23, messages 7 and 9): the user hears of an approval, a rejection (with
 * the admin's reason) or a revocation; admins hear of a new payment proof. Each is enqueued in the
 * transaction of the change that causes it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, user } from '../../db/schema.ts';
import { enqueueMail, enqueueMailToAdmins } from '../../mail/outbox.ts';

/** A transaction handle or the database. */
type Runner = Pick<Db, 'select' | 'execute'>;

async function reader(tx: Runner, userId: string): Promise<{ email: string; name: string } | null> {
  const [row] = await tx
    .select({
      email: user.email,
      name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${user.name})`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return row ?? null;
}

export type AccessDecisionMail =
  | { kind: 'guide_access_approved'; amount: number }
  | { kind: 'guide_access_rejected'; reason: string | null }
  | { kind: 'guide_access_revoked' };

/** Tells the user of an admin's decision on their access (request `requestId`). */
export async function mailAccessDecision(
  tx: Runner,
  userId: string,
  requestId: string,
  decision: AccessDecisionMail,
): Promise<void> {
  const to = await reader(tx, userId);
  if (!to) return;
  const base = { to: to.email, userId, dedupeKey: `${decision.kind}:${requestId}` };
  if (decision.kind === 'guide_access_approved') {
    await enqueueMail(tx, {
      ...base,
      kind: decision.kind,
      payload: { name: to.name, amount: decision.amount },
    });
  } else if (decision.kind === 'guide_access_rejected') {
    await enqueueMail(tx, {
      ...base,
      kind: decision.kind,
      payload: { name: to.name, reason: decision.reason },
    });
  } else {
    await enqueueMail(tx, { ...base, kind: decision.kind, payload: { name: to.name, reason: null } });
  }
}

/** Tells the admins that a user submitted payment proof (a reference) for request `requestId`. */
export async function mailPaymentProof(
  tx: Runner,
  userId: string,
  requestId: string,
  reference: string,
  amount: number,
): Promise<void> {
  const from = await reader(tx, userId);
  if (!from) return;
  await enqueueMailToAdmins(tx, {
    kind: 'admin_guide_payment',
    dedupeKey: `admin_guide_payment:${requestId}`,
    payload: { userName: from.name, userEmail: from.email, reference, amount },
  });
}
