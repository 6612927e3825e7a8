/**
 * Matric Guide access requests for admins: the list (optionally of one status) and the review of a pending
 * request (approve, or reject with a reason shown to the user), with its audit row in the transaction.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { GUIDE_MESSAGES, type AccessStatus, type AdminAccessRequest } from '../../../domain/guide.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { premiumContentAccess, profiles, user } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { mailAccessDecision } from './mail.ts';
import { toRequestView } from './service.ts';

export async function listRequests(
  db: Db,
  status: AccessStatus | undefined,
): Promise<{ items: AdminAccessRequest[] }> {
  const approver = sql<
    string | null
  >`(select u2.email from "user" u2 where u2.id = ${premiumContentAccess.approvedBy})`;
  const rows = await db
    .select({
      request: premiumContentAccess,
      userName: sql<string | null>`coalesce(${profiles.fullName}, ${user.name})`,
      userEmail: user.email,
      approvedByEmail: approver,
    })
    .from(premiumContentAccess)
    .leftJoin(user, eq(user.id, premiumContentAccess.userId))
    .leftJoin(profiles, eq(profiles.id, premiumContentAccess.userId))
    .where(status ? eq(premiumContentAccess.paymentStatus, status) : undefined)
    .orderBy(desc(premiumContentAccess.purchasedAt), desc(premiumContentAccess.id))
    .limit(1000);
  return {
    items: rows.map((r) => ({
      ...toRequestView(r.request),
      userId: r.request.userId,
      userName: r.userName || null,
      userEmail: r.userEmail ?? null,
      approvedByEmail: r.approvedByEmail ?? null,
    })),
  };
}

/** Approves or rejects a pending request (409 when it was already reviewed). */
export async function reviewRequest(
  db: Db,
  actor: Actor,
  id: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string | null },
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(premiumContentAccess)
      .where(eq(premiumContentAccess.id, id))
      .for('update');
    if (!before) throw notFound(GUIDE_MESSAGES.requestNotFound);
    if (before.paymentStatus !== 'pending') throw conflict(GUIDE_MESSAGES.requestNotPending);
    const [row] = await tx
      .update(premiumContentAccess)
      .set(
        decision.status === 'approved'
          ? {
              paymentStatus: 'approved',
              approvedBy: actor.userId,
              approvedAt: new Date(),
              rejectionReason: null,
            }
          : {
              paymentStatus: 'rejected',
              rejectionReason: decision.reason,
              approvedBy: null,
              approvedAt: null,
            },
      )
      .where(eq(premiumContentAccess.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: decision.status === 'approved' ? 'premium_access.approve' : 'premium_access.reject',
      entityType: 'premium_content_access',
      entityId: id,
      before,
      after: row,
    });
    await mailAccessDecision(
      tx,
      before.userId,
      id,
      decision.status === 'approved'
        ? { kind: 'guide_access_approved', amount: Number(row!.paymentAmount) }
        : { kind: 'guide_access_rejected', reason: decision.reason },
    );
    return toRequestView(row!);
  });
}
