/**
 * Becoming a provider, business and profile settings, sign-up with a package (outcomes and rollback) and
 * the analytics API with the daily counters behind it.
 */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PACKAGE_MESSAGES, PROVIDER_MESSAGES } from '../../../domain/providers.ts';
import { listingDailyStats, serviceProviders, user, userRoles } from '../../db/schema.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import {
  createTestApp,
  formGuardFields,
  isStored,
  signUp,
  type TestApp,
  SIGN_UP_CONSENT,
  uniqueEmail,
  uploadImage,
} from '../../test/helpers.ts';
import { setDemoMode } from '../settings/service.ts';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  png = await drawDemoImage({ width: 200, height: 120, seed: 9, label: 'l' });
});
afterAll(() => t.close());

const variantFiles = (url: string) =>
  [400, 800, 1600].map((w) =>
    path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', '').replace('-800.webp', `-${w}.webp`)),
  );

const become = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/providers', headers: cookie ? { cookie } : {}, payload });

describe('become a provider', () => {
  it('needs a signed-in user', async () => {
    const res = await become(undefined, { businessName: 'A', description: 'B' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(PROVIDER_MESSAGES.signInFirst);
  });

  it.each([
    [{ businessName: '', description: 'x' }, 'businessName', PROVIDER_MESSAGES.businessNameRequired],
    [{ businessName: 'x'.repeat(101), description: 'x' }, 'businessName', PROVIDER_MESSAGES.businessNameMax],
    [{ businessName: 'x', description: '   ' }, 'description', PROVIDER_MESSAGES.descriptionRequired],
    [{ businessName: 'x', description: 'y'.repeat(2001) }, 'description', PROVIDER_MESSAGES.descriptionMax],
  ])('refuses bad input #%# with its message', async (payload, field, message) => {
    const { cookie } = await signUp(t);
    const res = await become(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('makes the provider (basic, active ten years) and the role at once; a second request makes nothing', async () => {
    const { cookie, userId } = await signUp(t);
    const payload = { businessName: 'x'.repeat(100), description: 'y'.repeat(2000) };
    const [first, second] = await Promise.all([become(cookie, payload), become(cookie, payload)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.database.db
      .select()
      .from(serviceProviders)
      .where(eq(serviceProviders.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ packageType: 'basic', paymentStatus: 'active' });
    const years = (rows[0]!.packageExpiresAt!.getTime() - Date.now()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.9);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().role).toBe('service_provider');
    const again = await become(cookie, payload);
    expect(again.json().error.message).toBe(PROVIDER_MESSAGES.alreadyProvider);
  });
});

describe('sign-up with a package', () => {
  const signUpWith = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { ...formGuardFields(t), ...SIGN_UP_CONSENT, ...payload },
    });

  it('basic: active; premium: pending; none: a plain account', async () => {
    const basic = await signUpWith({
      fullName: 'B',
      email: uniqueEmail(),
      password: 'secret123',
      packageType: 'basic',
    });
    expect(basic.json()).toMatchObject({ packageStatus: 'active', me: { role: 'service_provider' } });
    const premium = await signUpWith({
      fullName: 'P',
      email: uniqueEmail(),
      password: 'secret123',
      packageType: 'premium',
    });
    expect(premium.json()).toMatchObject({
      packageStatus: 'pending',
      me: {
        role: 'service_provider',
        provider: { packageType: 'premium', paymentStatus: 'pending', packageExpiresAt: null },
      },
    });
    const none = await signUpWith({ fullName: 'N', email: uniqueEmail(), password: 'secret123' });
    expect(none.json()).toMatchObject({ packageStatus: null, me: { role: 'user', provider: null } });
  });

  it('a failure while making the provider rolls the whole sign-up back', async () => {
    const db = t.database.db;
    // Make the provider insert fail for one business name, as a broken database would.
    await db.execute(sql`create or replace function test_fail_provider() returns trigger language plpgsql as $$
      begin
        if new.business_name = 'Doomed Biz' then raise exception 'provider insert failed'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger test_fail_provider before insert on service_providers
      for each row execute function test_fail_provider()`);
    try {
      const email = uniqueEmail();
      const res = await signUpWith({
        fullName: 'Doomed Biz',
        email,
        password: 'secret123',
        packageType: 'basic',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe('Failed to create provider profile');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
      const orphans = await db.execute(
        sql`select 1 from user_roles r left join "user" u on u.id = r.user_id where u.id is null`,
      );
      expect((orphans as unknown as { rows: unknown[] }).rows ?? orphans).toHaveLength(0);
      // The email is free again.
      await db.execute(sql`drop trigger test_fail_provider on service_providers`);
      const retry = await signUpWith({
        fullName: 'Doomed Biz',
        email,
        password: 'secret123',
        packageType: 'basic',
      });
      expect(retry.statusCode).toBe(201);
    } finally {
      await db.execute(sql`drop trigger if exists test_fail_provider on service_providers`);
    }
    expect(await db.select().from(userRoles).where(eq(userRoles.role, 'service_provider'))).not.toHaveLength(
      0,
    );
  });
});

describe('settings', () => {
  it('the Business tab: providers and admins only, package read-only, logo claimed and the old one deleted', async () => {
    const p = await createProvider(t, { packageType: 'standard' });
    const userAccount = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/provider/settings' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/provider/settings',
          headers: { cookie: userAccount.cookie },
        })
      ).statusCode,
    ).toBe(403);
    const view = await t.app.inject({
      method: 'GET',
      url: '/api/provider/settings',
      headers: { cookie: p.cookie },
    });
    expect(view.json()).toMatchObject({
      packageType: 'standard',
      packageName: 'Standard',
      paymentStatus: 'active',
    });

    const first = await uploadImage(t, p.cookie, 'logos', png);
    const save = (logoUrl: string | null, extra: object = {}) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/provider/settings',
        headers: { cookie: p.cookie },
        payload: { businessName: 'Shiny Events', description: '', logoUrl, packageType: 'premium', ...extra },
      });
    const saved = await save(first);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      businessName: 'Shiny Events',
      description: null,
      logoUrl: first,
      packageType: 'standard',
    });
    const second = await uploadImage(t, p.cookie, 'logos', png);
    expect((await save(second)).statusCode).toBe(200);
    for (const f of variantFiles(first)) expect(isStored(f)).toBe(false);
    expect((await save(second, { businessName: '' })).json().error.fields.businessName).toBe(
      PROVIDER_MESSAGES.businessNameRequired,
    );
    // Someone else's upload cannot become my logo.
    const foreign = await uploadImage(t, (await createProvider(t)).cookie, 'logos', png);
    expect((await save(foreign)).statusCode).toBe(400);
  });

  it('the Profile tab: own profile only, email read-only, province checked, avatar claimed', async () => {
    const { cookie, email } = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    const avatar = await uploadImage(t, cookie, 'avatars', png);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload });
    const res = await put({
      fullName: 'Thandi M',
      phone: '0821234567',
      city: 'Durban',
      province: 'kwazulu_natal',
      avatarUrl: avatar,
      email: 'x@y.z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      fullName: 'Thandi M',
      province: 'kwazulu_natal',
      avatarUrl: avatar,
    });
    expect((await put({ fullName: 'T', province: 'atlantis', avatarUrl: null })).statusCode).toBe(400);
    expect((await put({ fullName: ' ', avatarUrl: null })).json().error.fields.fullName).toBe(
      'Full name is required',
    );
    const cleared = await put({ fullName: 'T', phone: '', city: '', province: '', avatarUrl: null });
    expect(cleared.json()).toMatchObject({ phone: null, city: null, province: null, avatarUrl: null });
    for (const f of variantFiles(avatar)) expect(isStored(f)).toBe(false);
  });
});

describe('analytics', () => {
  // The days are South African days by the process's clock: it stands still here, so the views and
  // enquiries of one test always land on the day the answer ends with (decision 0038).
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T21:59:59.000Z') });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const get = (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/provider/analytics${query}`, headers: { cookie } });

  it('counts views and enquiries per listing and day, 30 days, with zeros for quiet days', async () => {
    const p = await createProvider(t, { packageType: 'standard' });
    const listing = await createListing(t.database.db, p.providerId, { status: 'approved' });
    const quiet = await createListing(t.database.db, p.providerId, { status: 'approved', title: 'Quiet' });
    // Five different visitors view it at once; two enquiries.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/listings/${listing.id}/view`,
          remoteAddress: `10.9.0.${i + 1}`,
        }),
      ),
    );
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/enquiries',
        remoteAddress: `10.8.0.${i + 1}`,
        payload: {
          ...formGuardFields(t),
          listingId: listing.id,
          name: 'Parent',
          email: 'p@example.com',
          message: 'Are you free in May?',
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const rows = await t.database.db
      .select()
      .from(listingDailyStats)
      .where(eq(listingDailyStats.listingId, listing.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day: '2026-11-27', views: 5, enquiries: 2 });

    const res = await get(p.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: '2026-10-29', to: '2026-11-27' });
    expect(body.total).toHaveLength(30);
    expect(body.total.at(-1)).toMatchObject({ day: '2026-11-27', views: 5, enquiries: 2 });
    expect(body.total.slice(0, 29).every((d: { views: number }) => d.views === 0)).toBe(true);
    const byId = Object.fromEntries(body.listings.map((l: { id: string }) => [l.id, l]));
    expect(byId[listing.id].points.at(-1)).toMatchObject({ views: 5, enquiries: 2 });
    expect(byId[quiet.id].points.every((d: { views: number }) => d.views === 0)).toBe(true);
    const one = await get(p.cookie, `?listingId=${listing.id}`);
    expect(one.json().listings).toHaveLength(1);
  });

  it('refuses packages without analytics, other providers’ listings and plain users; demo mode opens it', async () => {
    const basic = await createProvider(t, { packageType: 'basic' });
    const res = await get(basic.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'NO_ANALYTICS', message: PACKAGE_MESSAGES.noAnalytics });
    await setDemoMode(t.database.db, true);
    try {
      expect((await get(basic.cookie)).statusCode).toBe(200);
    } finally {
      await setDemoMode(t.database.db, false);
    }
    const premium = await createProvider(t, { packageType: 'premium' });
    const other = await createProvider(t, { packageType: 'premium' });
    const theirs = await createListing(t.database.db, other.providerId);
    expect((await get(premium.cookie, `?listingId=${theirs.id}`)).statusCode).toBe(403);
    const user = await signUp(t);
    expect((await get(user.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/provider/analytics' })).statusCode).toBe(401);
    const admin = await createAdmin(t);
    expect((await get(admin.cookie, `?listingId=${theirs.id}`)).statusCode).toBe(200);
  });
});
