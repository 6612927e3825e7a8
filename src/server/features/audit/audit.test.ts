/** The audit writer: one row per action, written or discarded with the action's transaction. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createAdmin } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { recordAudit, recordAudits } from './service.ts';
import type { Actor } from '../../auth/policy.ts';

let t: TestApp;
let actor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t);
  actor = { userId: admin.userId, email: admin.email, role: 'admin', roles: ['admin'] };
});
afterAll(() => t.close());

describe('recordAudit', () => {
  it('writes who, what, which record, before and after as JSON', async () => {
    const when = new Date('2026-11-01T10:00:00Z');
    await recordAudit(t.database.db, actor, {
      action: 'listing.approve',
      entityType: 'listing',
      entityId: 'abc',
      before: { status: 'pending', at: when },
      after: { status: 'approved' },
    });
    const rows = await t.database.db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'listing.approve',
      entityType: 'listing',
      entityId: 'abc',
      before: { status: 'pending', at: '2026-11-01T10:00:00.000Z' },
      after: { status: 'approved' },
    });
  });

  it('disappears with a rolled-back transaction and stays with a committed one', async () => {
    const count = async () => (await t.database.db.select().from(auditLog)).length;
    const start = await count();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudits(tx, actor, [
          { action: 'listing.reject', entityType: 'listing', entityId: '1' },
          { action: 'listing.reject', entityType: 'listing', entityId: '2' },
        ]);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await count()).toBe(start);
    await t.database.db.transaction((tx) =>
      recordAudits(tx, actor, [
        { action: 'listing.reject', entityType: 'listing', entityId: '1' },
        { action: 'listing.reject', entityType: 'listing', entityId: '2' },
      ]),
    );
    expect(await count()).toBe(start + 2);
  });

  it('refuses an action name that is not <entity>.<verb>', async () => {
    await expect(
      recordAudit(t.database.db, actor, { action: 'Drop table.x' as 'a.b', entityType: 'x' }),
    ).rejects.toBeTruthy();
  });
});
