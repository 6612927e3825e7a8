import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPackage, AuditFacets, AuditPage } from '../../../domain/admin.ts';
import { auditLog, packages } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  admin = await createAdmin(t);
});

afterAll(async () => {
  await t.close();
});

const send = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie = admin.cookie,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const gold = {
  packageType: '  Gold Plus ',
  name: 'Gold Plus',
  price: 1499.5,
  maxListings: 8,
  maxImages: 12,
  features: ['Everything in Premium', '', '  Dedicated manager  '],
  displayOrder: 4,
};

describe('packages', () => {
  let created: AdminPackage;

  it('lists every package in display order with provider counts', async () => {
    await createProvider(t, { packageType: 'basic' });
    const res = await send('GET', '/api/admin/packages');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as AdminPackage[];
    expect(rows.map((p) => [p.packageType, p.providerCount])).toEqual([
      ['basic', 1],
      ['standard', 0],
      ['premium', 0],
    ]);
  });

  it('creates with the type normalised, the defaults of section 5 and features without blank lines', async () => {
    const res = await send('POST', '/api/admin/packages', gold);
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(created).toMatchObject({
      packageType: 'gold_plus',
      emoji: '📦',
      period: '/month',
      price: 1499.5,
      active: true,
      popular: false,
      canReceiveReviews: false,
      features: ['Everything in Premium', 'Dedicated manager'],
      providerCount: 0,
    });
    const dup = await send('POST', '/api/admin/packages', { ...gold, packageType: 'GOLD plus' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A package with this type already exists');
  });

  it('refuses missing type and name with the spec’s messages', async () => {
    const res = await send('POST', '/api/admin/packages', { ...gold, packageType: '  ', name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      packageType: 'Package type is required',
      name: 'Package name is required',
    });
    expect(
      (await send('POST', '/api/admin/packages', { ...gold, packageType: 'gold-plus!' })).statusCode,
    ).toBe(400);
    expect((await send('POST', '/api/admin/packages', { ...gold, maxListings: -2 })).statusCode).toBe(400);
    expect((await send('POST', '/api/admin/packages', { ...gold, price: -1 })).statusCode).toBe(400);
  });

  it('edits every field but the type; /packages shows the change', async () => {
    const { packageType: _t, ...rest } = gold;
    const res = await send('PUT', `/api/admin/packages/${created.id}`, {
      ...rest,
      packageType: 'hacked',
      name: 'Gold',
      maxListings: 9,
      popular: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      packageType: 'gold_plus',
      name: 'Gold',
      maxListings: 9,
      popular: true,
    });
    const pub = await t.app.inject({ method: 'GET', url: '/api/packages' });
    const shown = (pub.json() as { items: { packageType: string; maxListings: number }[] }).items.find(
      (p) => p.packageType === 'gold_plus',
    );
    expect(shown?.maxListings).toBe(9);
    // Inactive packages leave the public list.
    await send('PUT', `/api/admin/packages/${created.id}`, { ...rest, active: false });
    const after = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(
      (after.json() as { items: { packageType: string }[] }).items.some((p) => p.packageType === 'gold_plus'),
    ).toBe(false);
    expect(
      (await send('PUT', '/api/admin/packages/00000000-0000-4000-8000-000000000000', rest)).statusCode,
    ).toBe(404);
  });

  it('saving a package unchanged is no change: 200, nothing written or audited', async () => {
    const { packageType: _t, ...rest } = gold;
    const audited = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id))).length;
    const [before] = await t.database.db.select().from(packages).where(eq(packages.id, created.id));
    const count = await audited();
    const res = await send('PUT', `/api/admin/packages/${created.id}`, { ...rest, active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Gold Plus', active: false });
    expect(await audited()).toBe(count);
    const [after] = await t.database.db.select().from(packages).where(eq(packages.id, created.id));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
  });

  it('refuses deleting a package in use with the spec’s message, deletes one nobody uses', async () => {
    const [basic] = await t.database.db.select().from(packages).where(eq(packages.packageType, 'basic'));
    const refused = await send('DELETE', `/api/admin/packages/${basic!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Cannot delete: Package is currently in use by service providers',
    );
    expect((await send('DELETE', `/api/admin/packages/${created.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(packages).where(eq(packages.id, created.id))).toEqual([]);
    expect((await send('DELETE', `/api/admin/packages/${created.id}`)).statusCode).toBe(404);
  });

  it('wrote one audit row per package action', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'package.create',
      'package.delete',
      'package.update',
      'package.update',
    ]);
    const update = rows.find((r) => r.action === 'package.update')!;
    expect(update.before).toMatchObject({ name: 'Gold Plus', maxListings: 8 });
    expect(update.after).toMatchObject({ name: 'Gold', maxListings: 9 });
  });
});

describe('demo mode', () => {
  it('switches the site-wide setting, which changes what the server allows, with an audit row', async () => {
    // A basic provider's listing cannot receive reviews, unless demo mode is on.
    const basic = await createProvider(t, { packageType: 'basic', businessName: 'Basic Co' });
    const listing = await createListing(t.database.db, basic.providerId);
    const reviewer = await signUp(t);
    const review = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/reviews`,
        headers: { cookie: reviewer.cookie },
        payload: { rating: 5, comment: 'Lovely service' },
      });
    expect((await review()).statusCode).toBe(403);

    const on = await send('PUT', '/api/admin/settings/demo-mode', { demoMode: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ demoMode: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: reviewer.cookie },
    });
    expect(me.json().demoMode).toBe(true);
    expect((await review()).statusCode).toBeLessThan(300);

    await send('PUT', '/api/admin/settings/demo-mode', { demoMode: false });
    const off = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: reviewer.cookie },
    });
    expect(off.json().demoMode).toBe(false);
    expect((await send('PUT', '/api/admin/settings/demo-mode', { demoMode: 'yes' })).statusCode).toBe(400);
    // Switching it off again is no change: 200, no audit row.
    const again = await send('PUT', '/api/admin/settings/demo-mode', { demoMode: false });
    expect(again.json()).toEqual({ demoMode: false });

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.demo_mode'))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ demoMode: false }, { demoMode: true }],
      [{ demoMode: true }, { demoMode: false }],
    ]);
  });
});

describe('audit log', () => {
  it('lists newest first, filters by admin, action and date, pages', async () => {
    // The actions so far were taken earlier: a minute back, so 'newest' never rests on the clock's steps.
    await t.database.db.execute(sql`update audit_log set created_at = created_at - interval '1 minute'`);
    const second = await createAdmin(t);
    await send('PUT', '/api/admin/settings/demo-mode', { demoMode: true }, second.cookie);
    const all = (await send('GET', '/api/admin/audit')).json() as AuditPage;
    expect(all.total).toBe(7);
    expect(all.items[0]).toMatchObject({ actorEmail: second.email, action: 'settings.demo_mode' });
    const times = all.items.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const bySecond = (await send('GET', `/api/admin/audit?actor=${second.userId}`)).json() as AuditPage;
    expect(bySecond.total).toBe(1);
    const byAction = (await send('GET', '/api/admin/audit?action=package.update')).json() as AuditPage;
    expect(byAction.total).toBe(2);

    // Move one row to a known South African day and filter on it.
    await t.database.db
      .update(auditLog)
      .set({ createdAt: new Date('2026-03-01T22:30:00Z') }) // 2 March 00:30 in South Africa
      .where(eq(auditLog.id, all.items[0]!.id));
    const march2 = (await send('GET', '/api/admin/audit?from=2026-03-02&to=2026-03-02')).json() as AuditPage;
    expect(march2.items.map((r) => r.id)).toEqual([all.items[0]!.id]);
    expect(((await send('GET', '/api/admin/audit?to=2026-03-01')).json() as AuditPage).total).toBe(0);
    expect((await send('GET', '/api/admin/audit?from=yesterday')).statusCode).toBe(400);

    const paged = (await send('GET', '/api/admin/audit?pageSize=25&page=2')).json() as AuditPage;
    expect(paged.items).toEqual([]);

    const facets = (await send('GET', '/api/admin/audit/facets')).json() as AuditFacets;
    expect(facets.actions).toEqual([
      'package.create',
      'package.delete',
      'package.update',
      'settings.demo_mode',
    ]);
    expect(facets.actors.map((a) => a.id).sort()).toEqual([admin.userId, second.userId].sort());
  });
});
