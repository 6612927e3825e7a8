/**
 * Package requests from /checkout (issue 28 item 2, decision 0039), packages that lapse and the package job
 * with its mail (issue 23, decision 0040). The process's clock is stopped a little after the real one (the
 * database's own clock, which the rank triggers and the outbox rows read, is then never ahead of it) and
 * moved past an expiry without touching the row: that is the moment between an expiry and the job's next
 * run.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsersPage } from '../../../domain/admin.ts';
import type { BrowseResult, ListingDetail, ProviderProfile } from '../../../domain/listings.ts';
import type { ListingReviews } from '../../../domain/engagement.ts';
import type { PackageRequest } from '../../../domain/package-requests.ts';
import type { PackageStatus } from '../../../domain/providers.ts';
import { listings, outbox, packageRequests, packages, serviceProviders } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, forgetVerificationMail, signUp, type TestApp } from '../../test/helpers.ts';
import { catchMail, type MailCatcher } from '../../test/mail-catcher.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { runPackageJob } from './expiry.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// A fixed instant a minute after the real clock (rounded), so rows the database stamps are never "later".
const NOW = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);

let t: TestApp;
let mail: MailCatcher;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  mail = await catchMail(t);
  await seedReferenceData(t.database.db);
  admin = await createAdmin(t);
});
afterAll(async () => {
  await mail.close();
  await t.close();
  vi.useRealTimers();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

const db = () => t.database.db;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const request = (cookie: string | undefined, packageType: unknown) =>
  send('POST', '/api/provider/package-request', cookie, { packageType });
const status = async (cookie: string) => {
  const res = await send('GET', '/api/provider/package', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PackageStatus;
};
const providerRow = async (id: string) =>
  (await db().select().from(serviceProviders).where(eq(serviceProviders.id, id)))[0]!;
const setProvider = (id: string, values: Partial<typeof serviceProviders.$inferInsert>) =>
  db().update(serviceProviders).set(values).where(eq(serviceProviders.id, id));
const openRequests = (providerId: string) =>
  db()
    .select()
    .from(packageRequests)
    .where(and(eq(packageRequests.serviceProviderId, providerId), eq(packageRequests.status, 'pending')));
const mailsOf = (kind: string, to: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.recipient, to)));

describe('package requests from /checkout', () => {
  it('refuses anonymous visitors, plain users, admins without a provider record and bad input', async () => {
    expect((await request(undefined, 'premium')).statusCode).toBe(401);
    const plain = await signUp(t);
    expect((await request(plain.cookie, 'premium')).statusCode).toBe(403);
    const res = await request(admin.cookie, 'premium');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PROVIDER_PROFILE_MISSING');

    const provider = await createProvider(t, { packageType: 'basic' });
    for (const body of ['', 42, null, 'x'.repeat(51), 'pre\u0000mium']) {
      expect((await request(provider.cookie, body)).statusCode, String(body)).toBe(400);
    }
    const unknown = await request(provider.cookie, 'gold');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Package not found');
    // A package an admin switched off cannot be requested either.
    await db().update(packages).set({ active: false }).where(eq(packages.packageType, 'standard'));
    try {
      expect((await request(provider.cookie, 'standard')).statusCode).toBe(400);
    } finally {
      await db().update(packages).set({ active: true }).where(eq(packages.packageType, 'standard'));
    }
    expect(await openRequests(provider.providerId)).toHaveLength(0);
  });

  it('records one open upgrade per provider, keeps the current package, and a double submit creates nothing twice', async () => {
    const provider = await createProvider(t, { packageType: 'basic' });
    const [a, b] = await Promise.all([
      request(provider.cookie, 'premium'),
      request(provider.cookie, 'premium'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await openRequests(provider.providerId)).toHaveLength(1);

    const mine = await status(provider.cookie);
    expect(mine.packageType).toBe('basic');
    expect(mine.active).toBe(true);
    expect(mine.pendingRequest).toMatchObject({
      packageType: 'premium',
      packageName: 'Premium',
      kind: 'upgrade',
    });

    // Choosing another package while one waits changes the open request; nothing is added.
    const other = await request(provider.cookie, 'standard');
    expect(other.statusCode).toBe(200);
    expect((other.json() as PackageRequest).packageType).toBe('standard');
    expect(await openRequests(provider.providerId)).toHaveLength(1);
    expect((await providerRow(provider.providerId)).packageType).toBe('basic');

    // Another provider sees only their own.
    const someoneElse = await createProvider(t, { packageType: 'basic' });
    expect((await status(someoneElse.cookie)).pendingRequest).toBeNull();
  });

  it('shows pending payments to admins and applies the admin’s activation at once', async () => {
    const provider = await createProvider(t, { packageType: 'basic', businessName: 'Upgrade Co' });
    const listing = await createListing(db(), provider.providerId, { images: 0 });
    expect((await request(provider.cookie, 'premium')).statusCode).toBe(201);
    // A paid sign-up that was never paid is a pending payment too.
    const unpaid = await createProvider(t, { packageType: 'premium', businessName: 'Unpaid Co' });
    await setProvider(unpaid.providerId, { paymentStatus: 'pending', packageExpiresAt: null });
    const settled = await createProvider(t, { packageType: 'premium', businessName: 'Settled Co' });

    const page = await send('GET', '/api/admin/users?filter=pending&pageSize=100', admin.cookie);
    expect(page.statusCode, page.body).toBe(200);
    const items = (page.json() as UsersPage).items;
    const ids = items.map((u) => u.id);
    expect(ids).toContain(provider.userId);
    expect(ids).toContain(unpaid.userId);
    expect(ids).not.toContain(settled.userId);
    expect(items.find((u) => u.id === provider.userId)!.provider!.pendingRequest).toMatchObject({
      packageType: 'premium',
      kind: 'upgrade',
    });
    // Only admins list users.
    expect((await send('GET', '/api/admin/users?filter=pending', provider.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/users?filter=pending')).statusCode).toBe(401);

    const activated = await send('PUT', `/api/admin/users/${provider.userId}/package`, admin.cookie, {
      packageType: 'premium',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const after = await status(provider.cookie);
    expect(after).toMatchObject({ packageType: 'premium', paymentStatus: 'active', active: true });
    expect(after.pendingRequest).toBeNull();
    expect(await openRequests(provider.providerId)).toHaveLength(0);
    // At once: the public sees the premium provider, and the listing's rank has its priority placement.
    const detail = (await send('GET', `/api/listings/${listing.id}`)).json() as ListingDetail;
    expect(detail.provider).toMatchObject({
      isPremium: true,
      hasVerificationBadge: true,
      canReceiveReviews: true,
    });
    const [ranked] = await db()
      .select({ rank: listings.rank })
      .from(listings)
      .where(eq(listings.id, listing.id));
    expect(ranked!.rank).toBe(1);
    // The provider is told, once.
    expect(await mailsOf('package_activated', provider.email)).toHaveLength(1);
    const filtered = (
      (await send('GET', '/api/admin/users?filter=pending&pageSize=100', admin.cookie)).json() as UsersPage
    ).items.map((u) => u.id);
    expect(filtered).not.toContain(provider.userId);
  });

  it('records a renewal for an expired provider and the admin’s extension closes it', async () => {
    const provider = await createProvider(t, { packageType: 'premium' });
    await setProvider(provider.providerId, { packageExpiresAt: new Date(NOW.getTime() - DAY) });
    const res = await request(provider.cookie, 'premium');
    expect(res.statusCode).toBe(201);
    expect((res.json() as PackageRequest).kind).toBe('renewal');
    expect((await status(provider.cookie)).active).toBe(false);

    const extended = await send('POST', `/api/admin/users/${provider.userId}/package/extend`, admin.cookie, {
      months: 1,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const after = await status(provider.cookie);
    expect(after.active).toBe(true);
    expect(after.pendingRequest).toBeNull();
    expect(await mailsOf('package_activated', provider.email)).toHaveLength(1);
  });
});

describe('a provider withdraws their package request', () => {
  const cancel = (cookie?: string) => send('DELETE', '/api/provider/package-request', cookie);

  it('refuses visitors, plain users and admins without a provider record', async () => {
    expect((await cancel()).statusCode).toBe(401);
    expect((await cancel((await signUp(t)).cookie)).statusCode).toBe(403);
    const res = await cancel(admin.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PROVIDER_PROFILE_MISSING');
  });

  it('closes only their own open request, keeps the package, and leaves the admins’ pending payments', async () => {
    const provider = await createProvider(t, { packageType: 'basic', businessName: 'Changed Mind Co' });
    const other = await createProvider(t, { packageType: 'basic', businessName: 'Still Keen Co' });
    expect((await request(provider.cookie, 'premium')).statusCode).toBe(201);
    expect((await request(other.cookie, 'standard')).statusCode).toBe(201);

    // Two clicks at once: one cancels, the other finds nothing open.
    const [a, b] = await Promise.all([cancel(provider.cookie), cancel(provider.cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 404]);
    const second = a.statusCode === 404 ? a : b;
    expect(second.json().error.message).toBe('You have no package request awaiting payment');

    const mine = await status(provider.cookie);
    expect(mine.pendingRequest).toBeNull();
    expect(mine.packageType).toBe('basic');
    const [row] = await db()
      .select()
      .from(packageRequests)
      .where(eq(packageRequests.serviceProviderId, provider.providerId));
    expect(row).toMatchObject({ status: 'cancelled', packageType: 'premium' });
    expect(row!.closedAt).not.toBeNull();
    // The other provider's request is untouched.
    expect((await status(other.cookie)).pendingRequest).toMatchObject({ packageType: 'standard' });

    const pending = (
      (await send('GET', '/api/admin/users?filter=pending&pageSize=100', admin.cookie)).json() as UsersPage
    ).items.map((u) => u.id);
    expect(pending).not.toContain(provider.userId);
    expect(pending).toContain(other.userId);

    // They may choose again later: a new open request.
    expect((await request(provider.cookie, 'standard')).statusCode).toBe(201);
    expect(await openRequests(provider.providerId)).toHaveLength(1);
  });
});

describe('a package that lapses', () => {
  it('loses badge, rank and reviews on the public API the moment it expires, and renewal restores them', async () => {
    const premium = await createProvider(t, { packageType: 'premium', businessName: 'Lapsing Limos' });
    await setProvider(premium.providerId, { packageExpiresAt: new Date(NOW.getTime() + HOUR) });
    const basic = await createProvider(t, { packageType: 'basic', businessName: 'Plain Rides' });
    const older = new Date(NOW.getTime() - DAY);
    const lapsing = await createListing(db(), premium.providerId, {
      title: 'Lapsing Stretch Limo',
      categorySlug: 'car-rentals',
      featured: true,
      images: 0,
      createdAt: older,
    });
    const plain = await createListing(db(), basic.providerId, {
      title: 'Plain Sedan',
      categorySlug: 'car-rentals',
      images: 0,
    });
    const reviewer = await signUp(t);
    catalogueChanged(db());

    const browseIds = async () =>
      ((await send('GET', '/api/listings?category=car-rentals')).json() as BrowseResult).items.map(
        (c) => c.id,
      );
    const detail = async () => (await send('GET', `/api/listings/${lapsing.id}`)).json() as ListingDetail;
    const profile = async () =>
      (await send('GET', `/api/providers/${premium.providerId}`)).json() as ProviderProfile;
    const reviews = async () =>
      (await send('GET', `/api/listings/${lapsing.id}/reviews`)).json() as ListingReviews;
    const card = async () =>
      ((await send('GET', '/api/listings?category=car-rentals')).json() as BrowseResult).items.find(
        (c) => c.id === lapsing.id,
      )!;

    // In force: first in browse, featured, Premium and Verified, reviews open.
    expect(await browseIds()).toEqual([lapsing.id, plain.id]);
    expect((await detail()).provider).toMatchObject({
      packageType: 'premium',
      isPremium: true,
      hasVerificationBadge: true,
      canReceiveReviews: true,
    });
    expect((await detail()).featured).toBe(true);
    expect((await card()).provider.packageType).toBe('premium');

    // The expiry passes; the job has not run yet (the stored rank is still the premium one).
    vi.setSystemTime(new Date(NOW.getTime() + 2 * HOUR));
    catalogueChanged(db());
    const d = await detail();
    expect(d.provider).toMatchObject({
      packageType: 'basic',
      packageLabel: 'Basic',
      isPremium: false,
      hasVerificationBadge: false,
      canReceiveReviews: false,
    });
    expect(d.featured).toBe(false);
    expect(await card()).toMatchObject({ featured: false, provider: { packageType: 'basic' } });
    expect((await profile()).provider).toMatchObject({ isPremium: false, hasVerificationBadge: false });
    expect((await reviews()).canReceiveReviews).toBe(false);
    const review = await send('POST', `/api/listings/${lapsing.id}/reviews`, reviewer.cookie, {
      rating: 5,
      comment: 'Great ride',
    });
    expect(review.statusCode).toBe(403);
    expect(review.json().error.message).toBe(
      'This provider needs to upgrade to Standard or Premium package to receive reviews.',
    );
    // No new listing beyond what the package allows; the existing one stays published.
    expect((await status(premium.cookie)).active).toBe(false);
    expect((await send('GET', `/api/listings/${lapsing.id}`)).statusCode).toBe(200);

    // The job moves the rank: only the lapsed provider's ranked listing changes, and browse follows.
    expect(await runPackageJob(db(), new Date())).toMatchObject({ ranksChanged: 1 });
    expect(await browseIds()).toEqual([plain.id, lapsing.id]);
    expect((await runPackageJob(db(), new Date())).ranksChanged).toBe(0);

    // Renewal (an admin extends) restores everything at once.
    const extended = await send('POST', `/api/admin/users/${premium.userId}/package/extend`, admin.cookie, {
      months: 1,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect((await detail()).provider).toMatchObject({ isPremium: true, hasVerificationBadge: true });
    expect((await detail()).featured).toBe(true);
    expect(await browseIds()).toEqual([lapsing.id, plain.id]);
    expect((await reviews()).canReceiveReviews).toBe(true);
  });
});

describe('package mail (message 8)', () => {
  it('warns 7 days and a day before and tells of the expiry, each once per expiry date, with two runs at once', async () => {
    const provider = await createProvider(t, { packageType: 'premium', businessName: 'Warned Co' });
    const expiresAt = new Date(NOW.getTime() + 7 * DAY - HOUR);
    await setProvider(provider.providerId, { packageExpiresAt: expiresAt });
    const kinds = async () => {
      await forgetVerificationMail(t.database);
      return (await db().select().from(outbox).where(eq(outbox.recipient, provider.email))).map(
        (m) => `${m.kind}:${(m.payload as { when?: string }).when ?? ''}`,
      );
    };

    const twice = async (at: Date) => Promise.all([runPackageJob(db(), at), runPackageJob(db(), at)]);
    await twice(NOW);
    await twice(new Date(NOW.getTime() + HOUR));
    expect((await kinds()).sort()).toEqual(['package_expiring:in_7_days']);
    // Nothing between the warnings.
    await twice(new Date(NOW.getTime() + 3 * DAY));
    expect(await kinds()).toHaveLength(1);
    await twice(new Date(expiresAt.getTime() - 2 * HOUR));
    await twice(new Date(expiresAt.getTime() - HOUR));
    expect((await kinds()).sort()).toEqual(['package_expiring:in_7_days', 'package_expiring:tomorrow']);
    await twice(new Date(expiresAt.getTime() + HOUR));
    await twice(new Date(expiresAt.getTime() + 2 * DAY));
    expect((await kinds()).sort()).toEqual([
      'package_expired:',
      'package_expiring:in_7_days',
      'package_expiring:tomorrow',
    ]);

    // A new expiry date (renewed, then lapsing again) is warned about again.
    const renewed = new Date(expiresAt.getTime() + 30 * DAY);
    await setProvider(provider.providerId, { packageExpiresAt: renewed });
    await twice(new Date(renewed.getTime() - HOUR));
    expect((await kinds()).filter((k) => k === 'package_expiring:tomorrow')).toHaveLength(2);

    // What arrives: one message each, to the provider, with the spec's subjects.
    vi.setSystemTime(new Date(renewed.getTime()));
    await mail.deliver();
    const subjects = mail
      .to(provider.email)
      .map((m) => m.parsed.subject)
      .sort();
    expect(subjects).toEqual([
      'Your Premium package expires in 7 days',
      'Your Premium package expires tomorrow',
      'Your Premium package expires tomorrow',
      'Your Premium package has expired',
    ]);
  });

  it('sends nothing to a provider whose payment is pending or whose package is far from expiry', async () => {
    const pending = await createProvider(t, { packageType: 'premium' });
    await setProvider(pending.providerId, { paymentStatus: 'pending', packageExpiresAt: null });
    const far = await createProvider(t, { packageType: 'premium' });
    await forgetVerificationMail(t.database);
    await runPackageJob(db(), NOW);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, pending.email))).toHaveLength(0);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, far.email))).toHaveLength(0);
  });
});
