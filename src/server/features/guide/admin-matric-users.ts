/**
 * The Matric Guide's readers for admins: users whose latest request is approved, with their last access,
 * access count and the totals, and revoking a user's access (with its audit row in the transaction).
 */
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import { GUIDE_MESSAGES, type MatricUsers } from '../../../domain/guide.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { premiumAccessLogs, premiumContentAccess, profiles, user } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { mailAccessDecision } from './mail.ts';
import { LATEST_REQUEST_FIRST } from './service.ts';

/** Users whose latest request is approved, with their last access and access count, and the totals. */
export async function listMatricUsers(db: Db): Promise<MatricUsers> {
  const latest = db
    .selectDistinctOn([premiumContentAccess.userId], {
      id: premiumContentAccess.id,
      userId: premiumContentAccess.userId,
      status: premiumContentAccess.paymentStatus,
      amount: premiumContentAccess.paymentAmount,
      approvedAt: premiumContentAccess.approvedAt,
    })
    .from(premiumContentAccess)
    .orderBy(
      premiumContentAccess.userId,
      desc(premiumContentAccess.purchasedAt),
      desc(premiumContentAccess.id),
    )
    .as('latest');
  const logs = db
    .select({
      userId: premiumAccessLogs.userId,
      last: max(premiumAccessLogs.accessedAt).as('last'),
      n: count().as('n'),
    })
    .from(premiumAccessLogs)
    .groupBy(premiumAccessLogs.userId)
    .as('logs');
  const rows = await db
    .select({
      userId: latest.userId,
      requestId: latest.id,
      amount: latest.amount,
      approvedAt: latest.approvedAt,
      name: sql<string | null>`coalesce(${profiles.fullName}, ${user.name})`,
      email: user.email,
      last: logs.last,
      n: logs.n,
    })
    .from(latest)
    .innerJoin(user, eq(user.id, latest.userId))
    .leftJoin(profiles, eq(profiles.id, latest.userId))
    .leftJoin(logs, eq(logs.userId, latest.userId))
    .where(eq(latest.status, 'approved'))
    .orderBy(desc(latest.approvedAt));
  const [revenue] = await db
    .select({ total: sql<string | null>`sum(${premiumContentAccess.paymentAmount})` })
    .from(premiumContentAccess)
    .where(eq(premiumContentAccess.paymentStatus, 'approved'));
  const items = rows.map((r) => ({
    userId: r.userId,
    requestId: r.requestId,
    name: r.name || null,
    email: r.email,
    paidAmount: Number(r.amount),
    approvedAt: r.approvedAt ? new Date(r.approvedAt).toISOString() : null,
    lastAccessAt: r.last ? new Date(r.last).toISOString() : null,
    accessCount: Number(r.n ?? 0),
  }));
  return {
    items,
    totals: {
      activeUsers: items.length,
      totalAccess: items.reduce((sum, i) => sum + i.accessCount, 0),
      totalRevenue: Number(revenue?.total ?? 0),
    },
  };
}

/** Revokes a user's access: their approved latest request becomes rejected (with the reason shown to them). */
export async function revokeAccess(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(premiumContentAccess)
      .where(eq(premiumContentAccess.userId, userId))
      .orderBy(...LATEST_REQUEST_FIRST)
      .limit(1)
      .for('update');
    if (!before || before.paymentStatus !== 'approved') throw notFound(GUIDE_MESSAGES.userNotApproved);
    const [row] = await tx
      .update(premiumContentAccess)
      .set({ paymentStatus: 'rejected', rejectionReason: GUIDE_MESSAGES.revokedReason })
      .where(and(eq(premiumContentAccess.id, before.id), eq(premiumContentAccess.paymentStatus, 'approved')))
      .returning();
    await recordAudit(tx, actor, {
      action: 'premium_access.revoke',
      entityType: 'premium_content_access',
      entityId: before.id,
      before,
      after: row,
    });
    await mailAccessDecision(tx, userId, before.id, { kind: 'guide_access_revoked' });
  });
}
