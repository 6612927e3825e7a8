import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UsersPage } from '../../../domain/admin.ts';
import type { Actor } from '../../auth/policy.ts';
import { grantRole } from '../../auth/roles.ts';
import {
  auditLog,
  enquiries,
  favorites,
  listingImages,
  listings,
  premiumContentAccess,
  profiles,
  reviews,
  serviceProviders,
  uploads,
  user as userTable,
  userRoles,
} from '../../db/schema.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, isStored, signUp, uploadImage, type TestApp } from '../../test/helpers.ts';
import { erasedAccountRef } from '../privacy/erase.ts';
import { changeRole, deleteUser } from './users.ts';

// A fixed clock: the last day of January, so "one month ahead" shows the month-end rule (Feb 28).
const NOW = new Date('2026-01-31T10:00:00.000Z');

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  admin = await createAdmin(t);
});

afterAll(async () => {
  await t.close();
  vi.useRealTimers();
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
const list = async (query = '') => {
  const res = await send('GET', `/api/admin/users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UsersPage;
};
const rolesOf = async (userId: string) =>
  (await t.database.db.select().from(userRoles).where(eq(userRoles.userId, userId)))
    .map((r) => r.role)
    .sort();
const providerOf = async (userId: string) =>
  (await t.database.db.select().from(serviceProviders).where(eq(serviceProviders.userId, userId)))[0];
const auditFor = async (userId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entityId, userId));

describe('users list', () => {
  it('filters All / Service Providers / Regular Users / Expired Packages, searches and pages', async () => {
    const plain = await signUp(t, { fullName: 'Zanele Plain', email: 'zanele@example.com' });
    const active = await createProvider(t, { businessName: 'Active Co' });
    const expired = await createProvider(t, { businessName: 'Expired Co' });
    await t.database.db
      .update(serviceProviders)
      .set({ packageExpiresAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(serviceProviders.id, expired.providerId));
    await createListing(t.database.db, active.providerId, { images: 0 });
    // A rejected listing does not count against the package, so the card does not count it (decision 0047).
    await createListing(t.database.db, active.providerId, { images: 0, status: 'rejected' });
    // Several roles: shown by precedence (admin first).
    await grantRole(t.database.db, active.userId, 'admin');

    const all = await list();
    expect(all.total).toBe(4);
    const activeRow = all.items.find((u) => u.id === active.userId)!;
    expect(activeRow.role).toBe('admin');
    expect(activeRow.roles.sort()).toEqual(['admin', 'service_provider', 'user']);
    expect(activeRow.provider).toMatchObject({
      businessName: 'Active Co',
      listingCount: 1,
      paymentStatus: 'active',
    });
    const pkg = await send('GET', '/api/provider/package', undefined, active.cookie);
    expect(pkg.json().listingCount).toBe(activeRow.provider!.listingCount);

    expect((await list('?filter=providers')).items.map((u) => u.id).sort()).toEqual(
      [active.userId, expired.userId].sort(),
    );
    expect((await list('?filter=users')).items.map((u) => u.id)).toEqual([plain.userId]);
    expect((await list('?filter=expired')).items.map((u) => u.id)).toEqual([expired.userId]);
    expect((await list('?search=ZANELE')).items.map((u) => u.email)).toEqual(['zanele@example.com']);
    expect((await list('?search=zanele@')).total).toBe(1);

    const first = await list('?pageSize=25&sort=email&dir=asc');
    expect(first.items.map((u) => u.email)).toEqual([...first.items.map((u) => u.email)].sort());
    expect((await list('?page=2')).items).toEqual([]);
    expect((await send('GET', '/api/admin/users?filter=admins')).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/users?pageSize=250')).statusCode).toBe(400);
    // Clean up the extra admin so the guard-rail tests below start from one admin.
    await t.database.db.delete(userRoles).where(eq(userRoles.userId, active.userId));
    await grantRole(t.database.db, active.userId, 'service_provider');
  });
});

describe('package change and extension (fixed clock)', () => {
  it('gives a non-provider a provider record (business name from the full name) and the role', async () => {
    const u = await signUp(t, { fullName: 'Lerato Dube' });
    const res = await send('PUT', `/api/admin/users/${u.userId}/package`, { packageType: 'standard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: true });
    expect(await providerOf(u.userId)).toMatchObject({
      businessName: 'Lerato Dube',
      packageType: 'standard',
      paymentStatus: 'active',
      packageExpiresAt: new Date('2026-02-28T10:00:00.000Z'),
    });
    expect(await rolesOf(u.userId)).toEqual(['service_provider', 'user']);
    const audit = await auditFor(u.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.package_change', before: { provider: null } });
  });

  it('uses "Business" without a full name', async () => {
    const u = await signUp(t, { fullName: 'Temp' });
    await t.database.db.update(profiles).set({ fullName: null }).where(eq(profiles.id, u.userId));
    await send('PUT', `/api/admin/users/${u.userId}/package`, { packageType: 'basic' });
    expect((await providerOf(u.userId))!.businessName).toBe('Business');
  });

  it('changes a provider’s package: active, one month ahead', async () => {
    const p = await createProvider(t, { packageType: 'basic' });
    await t.database.db
      .update(serviceProviders)
      .set({ paymentStatus: 'pending', packageExpiresAt: null })
      .where(eq(serviceProviders.id, p.providerId));
    const res = await send('PUT', `/api/admin/users/${p.userId}/package`, { packageType: 'premium' });
    expect(res.json()).toEqual({ created: false });
    expect(await providerOf(p.userId)).toMatchObject({
      packageType: 'premium',
      paymentStatus: 'active',
      packageExpiresAt: new Date('2026-02-28T10:00:00.000Z'),
    });
    const bad = await send('PUT', `/api/admin/users/${p.userId}/package`, { packageType: 'platinum' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Package not found');
    expect((await send('PUT', '/api/admin/users/nobody/package', { packageType: 'basic' })).statusCode).toBe(
      404,
    );
  });

  it('extends from the current expiry, or from now when there is none or it has passed', async () => {
    const p = await createProvider(t);
    const set = (packageExpiresAt: Date | null) =>
      t.database.db
        .update(serviceProviders)
        .set({ packageExpiresAt })
        .where(eq(serviceProviders.id, p.providerId));
    const extend = (months: number) =>
      send('POST', `/api/admin/users/${p.userId}/package/extend`, { months });

    await set(new Date('2026-03-15T08:00:00.000Z'));
    let res = await extend(3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ packageExpiresAt: '2026-06-15T08:00:00.000Z' });

    await set(new Date('2025-12-01T00:00:00.000Z'));
    res = await extend(1);
    expect(res.json()).toEqual({ packageExpiresAt: '2026-02-28T10:00:00.000Z' });

    await set(null);
    await t.database.db
      .update(serviceProviders)
      .set({ paymentStatus: 'pending' })
      .where(eq(serviceProviders.id, p.providerId));
    res = await extend(1);
    expect(res.json()).toEqual({ packageExpiresAt: '2026-02-28T10:00:00.000Z' });
    expect((await providerOf(p.userId))!.paymentStatus).toBe('active');

    expect((await extend(2)).statusCode).toBe(400);
    const u = await signUp(t);
    expect(
      (await send('POST', `/api/admin/users/${u.userId}/package/extend`, { months: 1 })).statusCode,
    ).toBe(404);
    expect((await auditFor(p.userId)).map((a) => a.action)).toEqual([
      'user.package_extend',
      'user.package_extend',
      'user.package_extend',
    ]);
  });
});

describe('role change (spec section 4)', () => {
  it('service_provider replaces the other roles and creates a record with the chosen package for 30 days', async () => {
    const u = await signUp(t, { fullName: 'Sipho Nkosi' });
    const res = await send('PUT', `/api/admin/users/${u.userId}/role`, {
      role: 'service_provider',
      packageType: 'premium',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ role: 'service_provider', providerCreated: true });
    expect(await rolesOf(u.userId)).toEqual(['service_provider']);
    expect(await providerOf(u.userId)).toMatchObject({
      businessName: 'Sipho Nkosi',
      packageType: 'premium',
      paymentStatus: 'active',
      packageExpiresAt: new Date('2026-03-02T10:00:00.000Z'),
    });
    // Again: the role it already has alone is no change: tolerated, nothing replaced, nothing audited.
    const again = await send('PUT', `/api/admin/users/${u.userId}/role`, { role: 'service_provider' });
    expect(again.json()).toEqual({ role: 'service_provider', providerCreated: false });
    // Back to user: only the user role; the provider record stays.
    await send('PUT', `/api/admin/users/${u.userId}/role`, { role: 'user' });
    expect(await rolesOf(u.userId)).toEqual(['user']);
    expect(await providerOf(u.userId)).toBeDefined();
    const audit = await auditFor(u.userId);
    expect(audit.map((a) => a.action)).toEqual(['user.role_change', 'user.role_change']);
    expect(audit.find((a) => (a.after as { roles: string[] }).roles[0] === 'user')!.before).toEqual({
      roles: ['service_provider'],
    });
  });

  it('uses "My Business" without a full name and basic by default; admin makes an admin', async () => {
    const u = await signUp(t, { fullName: 'Temp' });
    await t.database.db.update(profiles).set({ fullName: '  ' }).where(eq(profiles.id, u.userId));
    await send('PUT', `/api/admin/users/${u.userId}/role`, { role: 'service_provider' });
    expect(await providerOf(u.userId)).toMatchObject({ businessName: 'My Business', packageType: 'basic' });
    await send('PUT', `/api/admin/users/${u.userId}/role`, { role: 'admin' });
    expect(await rolesOf(u.userId)).toEqual(['admin']);
    // Two admins now: the other may be demoted.
    expect((await send('PUT', `/api/admin/users/${u.userId}/role`, { role: 'user' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/admin/users/${u.userId}/role`, { role: 'owner' })).statusCode).toBe(400);
  });

  it('refuses demoting yourself (409) and a stale admin session removing the last admin (403)', async () => {
    const self = await send('PUT', `/api/admin/users/${admin.userId}/role`, { role: 'user' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot remove your own admin role');
    expect((await send('PUT', `/api/admin/users/${admin.userId}/role`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    // A stale admin session (its holder lost the role meanwhile) trying to remove the only admin left: the
    // actor's role is checked again under lock, so it may not act at all.
    const stale = await signUp(t);
    const actor: Actor = { userId: stale.userId, email: stale.email, role: 'admin', roles: ['admin'] };
    await expect(
      changeRole(t.database.db, actor, admin.userId, { role: 'user', packageType: 'basic' }),
    ).rejects.toMatchObject({ statusCode: 403, message: 'You do not have permission to do this' });
    expect(await rolesOf(admin.userId)).toContain('admin');
    // Setting the only admin's own role again is no change (200, nothing audited).
    const before = (await auditFor(admin.userId)).length;
    expect((await send('PUT', `/api/admin/users/${admin.userId}/role`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect(await auditFor(admin.userId)).toHaveLength(before);
  });
});

describe('delete user', () => {
  it('refuses deleting yourself (409)', async () => {
    const res = await send('DELETE', `/api/admin/users/${admin.userId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('You cannot delete your own account');
    expect((await send('DELETE', '/api/admin/users/nobody')).statusCode).toBe(404);
  });

  it('removes the user and what is theirs, keeps their reviews and enquiries without them, removes image files', async () => {
    const db = t.database.db;
    const png = await drawDemoImage({ width: 320, height: 200, seed: 5, label: 'x' });
    // The user to delete is a provider who also reviewed, favourited and enquired about another listing.
    const doomed = await createProvider(t, { businessName: 'Doomed Co' });
    const imageUrl = await uploadImage(t, doomed.cookie, 'listing-images', png);
    const own = await createListing(db, doomed.providerId, { images: 0 });
    await db.insert(listingImages).values({ listingId: own.id, imageUrl, isPrimary: true });
    const otherProvider = await createProvider(t, { businessName: 'Survivor Co' });
    const theirs = await createListing(db, otherProvider.providerId);
    const reviewer = await signUp(t);
    await db.insert(reviews).values([
      { listingId: theirs.id, serviceProviderId: otherProvider.providerId, userId: doomed.userId, rating: 5 },
      {
        listingId: theirs.id,
        serviceProviderId: otherProvider.providerId,
        userId: reviewer.userId,
        rating: 2,
      },
    ]);
    await db.update(listings).set({ rating: 3.5, reviewCount: 2 }).where(eq(listings.id, theirs.id));
    await db.insert(favorites).values({ userId: doomed.userId, listingId: theirs.id });
    const [enquiry] = await db
      .insert(enquiries)
      .values({
        userId: doomed.userId,
        listingId: theirs.id,
        serviceProviderId: otherProvider.providerId,
        userName: 'Doomed',
        userEmail: doomed.email,
        message: 'Is the date still free?',
      })
      .returning();
    await db.insert(premiumContentAccess).values({ userId: doomed.userId });
    const file = path.join(t.config.dataDir, 'uploads', imageUrl.replace('/uploads/', ''));
    expect(isStored(file)).toBe(true);

    const res = await send('DELETE', `/api/admin/users/${doomed.userId}`);
    expect(res.statusCode, res.body).toBe(204);

    expect(await db.select().from(userTable).where(eq(userTable.id, doomed.userId))).toEqual([]);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, doomed.userId))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.id, doomed.userId))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.userId, doomed.userId))).toEqual([]);
    // Their review stays, without its author ('Anonymous User'); the listing's rating is unchanged.
    const kept = await db.select().from(reviews).where(eq(reviews.listingId, theirs.id));
    expect(kept.map((r) => r.userId).sort()).toEqual([null, reviewer.userId].sort());
    expect(
      await db.select().from(premiumContentAccess).where(eq(premiumContentAccess.userId, doomed.userId)),
    ).toEqual([]);
    expect(
      await db.select().from(serviceProviders).where(eq(serviceProviders.id, doomed.providerId)),
    ).toEqual([]);
    expect(await db.select().from(listings).where(eq(listings.id, own.id))).toEqual([]);
    expect(await db.select().from(listingImages).where(eq(listingImages.listingId, own.id))).toEqual([]);
    const [rated] = await db.select().from(listings).where(eq(listings.id, theirs.id));
    expect(rated).toMatchObject({ rating: 3.5, reviewCount: 2 });
    const [sent] = await db.select().from(enquiries).where(eq(enquiries.id, enquiry!.id));
    expect(sent).toMatchObject({
      userId: null,
      userName: 'Deleted user',
      message: 'Is the date still free?',
    });
    expect(isStored(file)).toBe(false);
    expect(await db.select().from(uploads).where(eq(uploads.url, imageUrl))).toEqual([]);
    // The audit row names the account by an opaque reference, not its id or address (decision 0056).
    expect(await auditFor(doomed.userId)).toEqual([]);
    const audit = await auditFor(erasedAccountRef(doomed.userId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.delete',
      actorUserId: admin.userId,
      before: {
        roles: ['service_provider', 'user'],
        hadProvider: true,
        listingsRemoved: 1,
        imagesRemoved: 1,
      },
    });
    expect(JSON.stringify(audit[0])).not.toContain(doomed.email);
  });

  it('allows deleting another admin, refuses a stale admin session deleting the last one', async () => {
    const other = await createAdmin(t);
    expect((await send('DELETE', `/api/admin/users/${other.userId}`)).statusCode).toBe(204);
    // A stale admin session cannot delete the only admin left (403: no longer an admin).
    const stale = await signUp(t);
    const actor: Actor = { userId: stale.userId, email: stale.email, role: 'admin', roles: ['admin'] };
    await expect(deleteUser(t.database.db, {} as never, actor, admin.userId)).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await rolesOf(admin.userId)).toContain('admin');
  });
});
