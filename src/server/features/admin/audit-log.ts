/**
 * Reading the audit log (written by `recordAudit` in every admin action): newest first, filtered by admin,
 * action and South African calendar dates, paged; and the admins and actions that occur, for the filters.
 * The default order is `audit_log_created_idx`; the admin and action filters have their own indexes.
 */
import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import { SA_UTC_OFFSET, type AuditFacets, type AuditPage, type AuditQuery } from '../../../domain/admin.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** The instant a South African calendar day starts. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00${SA_UTC_OFFSET}`);
}

export async function auditPage(db: Db, q: AuditQuery): Promise<AuditPage> {
  const where: SQL[] = [];
  if (q.actor) where.push(eq(auditLog.actorUserId, q.actor));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.from) where.push(gte(auditLog.createdAt, dayStart(q.from)));
  if (q.to) where.push(lt(auditLog.createdAt, new Date(dayStart(q.to).getTime() + 86_400_000)));
  const condition = where.length ? and(...where) : undefined;
  const dir = q.dir === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(dir(auditLog.createdAt), dir(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      actorUserId: r.actorUserId,
      actorEmail: r.actorEmail,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function auditFacets(db: Db): Promise<AuditFacets> {
  const [actors, actions] = await Promise.all([
    db
      .selectDistinct({ id: auditLog.actorUserId, email: auditLog.actorEmail })
      .from(auditLog)
      .where(isNotNull(auditLog.actorUserId))
      .orderBy(asc(auditLog.actorEmail)),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  return {
    actors: actors.map((a) => ({ id: a.id!, email: a.email })),
    actions: actions.map((a) => a.action),
  };
}
