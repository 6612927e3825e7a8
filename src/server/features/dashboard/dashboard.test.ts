import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../domain/constants.ts';
import { grantRole } from '../../auth/roles.ts';
import { enquiries, favorites } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let provider: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let user: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const providerListings: { id: string; title: string }[] = [];

const stats = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedReferenceData(db);
  provider = await createProvider(t, { businessName: 'Elite Arrivals' });
  other = await createProvider(t, { businessName: 'Someone Else' });
  user = await signUp(t);
  admin = await createAdmin(t);
  // Seven listings a day apart (newest last), one of them rejected and one pending: the rejected one does
  // not count against the package, so the dashboard does not count it either (decision 0047).
  for (let i = 0; i < 7; i++) {
    const status = i === 1 ? 'rejected' : i === 2 ? 'pending' : 'approved';
    const row = await createListing(db, provider.providerId, {
      title: `Listing ${i}`,
      city: i % 2 ? 'Durban' : 'Pretoria',
      status,
      views: 10 * (i + 1),
      createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
    });
    providerListings.push(row);
  }
  const theirs = await createListing(db, other.providerId, { title: 'Not yours', views: 1000 });
  await db.insert(favorites).values([
    { userId: user.userId, listingId: providerListings[0]!.id },
    { userId: user.userId, listingId: theirs.id },
  ]);
  const enquiry = { userName: 'Test User', userEmail: user.email, message: 'Is 14 March free?' };
  await db.insert(enquiries).values([
    {
      ...enquiry,
      userId: user.userId,
      listingId: providerListings[0]!.id,
      serviceProviderId: provider.providerId,
    },
    {
      ...enquiry,
      userId: user.userId,
      listingId: providerListings[3]!.id,
      serviceProviderId: provider.providerId,
    },
    { ...enquiry, userId: null, listingId: theirs.id, serviceProviderId: other.providerId },
  ]);
});
afterAll(() => t.close());

describe('GET /api/dashboard/stats', () => {
  it('refuses anonymous callers', async () => {
    const res = await stats();
    expect(res.statusCode).toBe(401);
  });

  it('gives a user their favourites and the enquiries they sent', async () => {
    const res = await stats(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'user', favorites: 2, enquiries: 2 });
  });

  it('gives a provider their own listings, views, enquiries and newest listings only', async () => {
    const res = await stats(provider.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Six listings: the rejected one is left out. Views are every listing's (the rejected one had 20).
    expect(body).toMatchObject({ role: 'service_provider', listings: 6, totalViews: 280, enquiries: 2 });
    expect(body.recentListings).toHaveLength(LIMITS.dashboardRecentListings);
    expect(body.recentListings.map((l: { title: string }) => l.title)).toEqual([
      'Listing 6',
      'Listing 5',
      'Listing 4',
      'Listing 3',
      'Listing 2',
    ]);
    expect(body.recentListings[4]).toEqual({
      id: providerListings[2]!.id,
      title: 'Listing 2',
      city: 'Pretoria',
      status: 'pending',
      createdAt: '2026-11-03T00:00:00.000Z',
    });
  });

  it('counts the listings the package limit counts, as My Listings does', async () => {
    const pkg = await t.app.inject({
      method: 'GET',
      url: '/api/provider/package',
      headers: { cookie: provider.cookie },
    });
    expect(pkg.statusCode).toBe(200);
    expect(pkg.json().listingCount).toBe(6);
    expect((await stats(provider.cookie)).json().listings).toBe(pkg.json().listingCount);
  });

  it('gives a provider without a provider record zeros', async () => {
    const account = await signUp(t);
    await grantRole(t.database.db, account.userId, 'service_provider');
    const res = await stats(account.cookie);
    expect(res.json()).toEqual({
      role: 'service_provider',
      listings: 0,
      totalViews: 0,
      enquiries: 0,
      recentListings: [],
    });
  });

  it('gives an admin the site-wide counts', async () => {
    const res = await stats(admin.cookie);
    expect(res.statusCode).toBe(200);
    // Users: two providers, the user, the admin and the record-less provider of the test before.
    expect(res.json()).toEqual({ role: 'admin', users: 5, listings: 8, enquiries: 3 });
  });
});
