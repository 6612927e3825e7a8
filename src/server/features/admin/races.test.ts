/**
 * Races between admins (issue 28 item 4): two admins demoting or deleting each other at the same moment,
 * and parallel reorders of the guide's categories. On PostgreSQL these used to deadlock (one request got a
 * 500); now the rows are locked in one order and a transaction that still loses a race runs again. No
 * request may answer 500, and the last-admin rule must hold. On PGlite the requests run one after another,
 * so the same assertions hold trivially; run this file with DATABASE_URL for the real races.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../auth/roles.ts';
import { premiumCategories, user as userTable, userRoles } from '../../db/schema.ts';
import { createAdmin } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const RUNS = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adminIds = async () =>
  (
    await t.database.db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, 'admin'))
  ).map((r) => r.userId);

describe('two admins acting on each other at once', () => {
  it(`demoting each other: one wins, the other is refused, never a 500 (${RUNS} runs)`, async () => {
    const a = await createAdmin(t);
    const b = await createAdmin(t);
    const outcomes = new Map<string, number>();
    for (let run = 0; run < RUNS; run++) {
      // Only these two are admins at the start of each run.
      await t.database.db.delete(userRoles).where(eq(userRoles.role, 'admin'));
      await grantRole(t.database.db, a.userId, 'admin');
      await grantRole(t.database.db, b.userId, 'admin');
      const [byA, byB] = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${b.userId}/role`,
          headers: { cookie: a.cookie },
          payload: { role: 'user' },
        }),
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${a.userId}/role`,
          headers: { cookie: b.cookie },
          payload: { role: 'user' },
        }),
      ]);
      const codes = [byA.statusCode, byB.statusCode].sort();
      outcomes.set(codes.join('/'), (outcomes.get(codes.join('/')) ?? 0) + 1);
      // Exactly one demotion happened; the other admin learns they may no longer act (403) or that the
      // other is the last admin (409). The site keeps exactly one admin.
      expect(codes[0], `${byA.body} ${byB.body}`).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await adminIds()).toHaveLength(1);
    }
    expect([...outcomes.keys()].every((k) => !k.includes('500'))).toBe(true);
  });

  it(
    `deleting each other: one wins, the other is refused, never a 500 (${RUNS} runs)`,
    { timeout: 120_000 },
    async () => {
      let a = await createAdmin(t);
      let b = await createAdmin(t);
      for (let run = 0; run < RUNS; run++) {
        await t.database.db.delete(userRoles).where(eq(userRoles.role, 'admin'));
        await grantRole(t.database.db, a.userId, 'admin');
        await grantRole(t.database.db, b.userId, 'admin');
        const [byA, byB] = await Promise.all([
          t.app.inject({
            method: 'DELETE',
            url: `/api/admin/users/${b.userId}`,
            headers: { cookie: a.cookie },
          }),
          t.app.inject({
            method: 'DELETE',
            url: `/api/admin/users/${a.userId}`,
            headers: { cookie: b.cookie },
          }),
        ]);
        const codes = [byA.statusCode, byB.statusCode].sort();
        expect(codes[0], `${byA.body} ${byB.body}`).toBe(204);
        // The loser was deleted (403: no longer an admin, 401: the session went with the account) or is
        // the last admin (409).
        expect([401, 403, 409]).toContain(codes[1]);
        const admins = await adminIds();
        expect(admins).toHaveLength(1);
        const left = await t.database.db
          .select({ id: userTable.id })
          .from(userTable)
          .where(eq(userTable.id, admins[0]!));
        expect(left).toHaveLength(1);
        // The survivor meets a new admin in the next run.
        if (byA.statusCode === 204) b = await createAdmin(t);
        else a = await createAdmin(t);
      }
    },
  );

  it('a third admin: both demotions may go through, and the site still has an admin', async () => {
    await t.database.db.delete(userRoles).where(eq(userRoles.role, 'admin'));
    const a = await createAdmin(t);
    const b = await createAdmin(t);
    const c = await createAdmin(t);
    const [byA, byB] = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${b.userId}/role`,
        headers: { cookie: a.cookie },
        payload: { role: 'user' },
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${a.userId}/role`,
        headers: { cookie: b.cookie },
        payload: { role: 'user' },
      }),
    ]);
    // Serialised: whoever goes second is no longer an admin by then.
    expect([byA.statusCode, byB.statusCode].sort()).toEqual([200, 403]);
    expect(await adminIds()).toContain(c.userId);
  });
});

describe('parallel category reorders', () => {
  it(`ten at once: every one answers 200, the final order is one of them (${RUNS} runs)`, async () => {
    const admin = await createAdmin(t);
    const ids: string[] = [];
    for (const name of ['Dress', 'Transport', 'Makeup', 'Photos', 'Budget', 'Venue']) {
      const [row] = await t.database.db
        .insert(premiumCategories)
        .values({ name, displayOrder: ids.length + 1 })
        .returning({ id: premiumCategories.id });
      ids.push(row!.id);
    }
    // A fixed set of different orders (rotations and their reverses), no randomness.
    const orders = Array.from({ length: 10 }, (_, i) => {
      const rotated = [...ids.slice(i % ids.length), ...ids.slice(0, i % ids.length)];
      return i % 2 ? rotated.reverse() : rotated;
    });
    for (let run = 0; run < RUNS; run++) {
      const answers = await Promise.all(
        orders.map((order) =>
          t.app.inject({
            method: 'PUT',
            url: '/api/admin/guide/categories/order',
            headers: { cookie: admin.cookie },
            payload: { ids: order },
          }),
        ),
      );
      expect(
        answers.map((r) => r.statusCode),
        answers.map((r) => r.body).join('\n'),
      ).toEqual(orders.map(() => 200));
      const rows = await t.database.db
        .select({ id: premiumCategories.id, displayOrder: premiumCategories.displayOrder })
        .from(premiumCategories);
      const final = rows.sort((x, y) => x.displayOrder - y.displayOrder);
      expect(final.map((r) => r.displayOrder)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(orders.map((o) => o.join())).toContain(final.map((r) => r.id).join());
    }
  });
});
