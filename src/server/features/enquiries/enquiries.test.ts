import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENQUIRY_MESSAGES } from '../../../domain/engagement.ts';
import { enquiries, listings, serviceProviders } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, formGuardFields, signUp, type TestApp } from '../../test/helpers.ts';
import { ENQUIRY_RATE_LIMIT } from './routes.ts';

let t: TestApp;
let providerA: Awaited<ReturnType<typeof createProvider>>;
let providerB: Awaited<ReturnType<typeof createProvider>>;
let listingA: { id: string };
let listingB: { id: string };
let pendingListing: { id: string };
let userA: Awaited<ReturnType<typeof signUp>>;
let userB: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

// The per-IP limit is 5 a minute: every request here comes from its own address unless a test says otherwise.
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const valid = {
  name: 'Thandi Mokoena',
  email: 'thandi@example.com',
  phone: '082 555 0101',
  message: 'Is the Rolls free on 28 November?',
};

function send(body: Record<string, unknown>, opts: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/enquiries',
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: { ...formGuardFields(t), ...body },
  });
}

function list(cookie: string | undefined, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/enquiries${query}`, headers: cookie ? { cookie } : {} });
}

function setStatus(cookie: string | undefined, id: string, status: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/enquiries/${id}`,
    headers: cookie ? { cookie } : {},
    payload: { status },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  providerA = await createProvider(t, { packageType: 'premium', businessName: 'Elite Arrivals' });
  providerB = await createProvider(t, { packageType: 'basic', businessName: 'Other Co' });
  listingA = await createListing(t.database.db, providerA.providerId, {
    title: 'Rolls-Royce Ghost',
    categorySlug: 'car-rentals',
  });
  listingB = await createListing(t.database.db, providerB.providerId, {
    title: 'Garden Venue',
    categorySlug: 'venues',
  });
  pendingListing = await createListing(t.database.db, providerA.providerId, {
    title: 'Pending',
    status: 'pending',
  });
  userA = await signUp(t, { fullName: 'User A' });
  userB = await signUp(t, { fullName: 'User B' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

describe('POST /api/enquiries', () => {
  it('records a visitor enquiry without a user, status new, and counts it on the provider', async () => {
    const [before] = await t.database.db
      .select({ n: serviceProviders.totalEnquiries })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, providerA.providerId));
    const res = await send({ ...valid, listingId: listingA.id, name: '  Thandi Mokoena  ', phone: '' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, res.json().id));
    expect(row).toMatchObject({
      userId: null,
      listingId: listingA.id,
      serviceProviderId: providerA.providerId,
      userName: 'Thandi Mokoena',
      userPhone: null,
      status: 'new',
    });
    const [after] = await t.database.db
      .select({ n: serviceProviders.totalEnquiries })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, providerA.providerId));
    expect(after!.n).toBe(before!.n + 1);
  });

  it('records the signed-in sender', async () => {
    const res = await send({ ...valid, listingId: listingA.id }, { cookie: userA.cookie });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, res.json().id));
    expect(row!.userId).toBe(userA.userId);
    expect(row!.userPhone).toBe('082 555 0101');
  });

  it('refuses listings that are not approved, or do not exist, with 404', async () => {
    expect((await send({ ...valid, listingId: pendingListing.id })).statusCode).toBe(404);
    const res = await send({ ...valid, listingId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Listing not found');
    await t.database.db.update(listings).set({ status: 'rejected' }).where(eq(listings.id, listingB.id));
    expect((await send({ ...valid, listingId: listingB.id })).statusCode).toBe(404);
    await t.database.db.update(listings).set({ status: 'approved' }).where(eq(listings.id, listingB.id));
  });

  // "less than N characters" in the spec's messages means at most N (the spec's limits): N passes, N + 1 fails.
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['name empty', { name: '' }, ENQUIRY_MESSAGES.nameRequired],
    ['name only spaces', { name: '    ' }, ENQUIRY_MESSAGES.nameRequired],
    ['name missing', { name: undefined }, ENQUIRY_MESSAGES.nameRequired],
    ['name 99', { name: 'n'.repeat(99) }, null],
    ['name 100', { name: 'n'.repeat(100) }, null],
    ['name 100 plus spaces (trimmed)', { name: `  ${'n'.repeat(100)}  ` }, null],
    ['name 101', { name: 'n'.repeat(101) }, ENQUIRY_MESSAGES.nameMax],
    ['email invalid', { email: 'not-an-email' }, ENQUIRY_MESSAGES.emailInvalid],
    ['email empty', { email: '' }, ENQUIRY_MESSAGES.emailInvalid],
    ['email 255', { email: `${'e'.repeat(255 - '@example.com'.length)}@example.com` }, null],
    [
      'email 256',
      { email: `${'e'.repeat(256 - '@example.com'.length)}@example.com` },
      ENQUIRY_MESSAGES.emailMax,
    ],
    ['phone absent', { phone: undefined }, null],
    ['phone 20', { phone: '0'.repeat(20) }, null],
    ['phone 21', { phone: '0'.repeat(21) }, ENQUIRY_MESSAGES.phoneMax],
    ['message 9', { message: 'm'.repeat(9) }, ENQUIRY_MESSAGES.messageMin],
    [
      'message 9 padded to 15 with spaces',
      { message: `   ${'m'.repeat(9)}   ` },
      ENQUIRY_MESSAGES.messageMin,
    ],
    ['message 10', { message: 'm'.repeat(10) }, null],
    ['message 1000', { message: 'm'.repeat(1000) }, null],
    ['message 1001', { message: 'm'.repeat(1001) }, ENQUIRY_MESSAGES.messageMax],
  ];
  it.each(cases)('validates %s', async (_label, change, message) => {
    const res = await send({ ...valid, listingId: listingA.id, ...change });
    if (message === null) {
      expect(res.statusCode).toBe(201);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('stores trimmed values', async () => {
    const res = await send({
      ...valid,
      listingId: listingA.id,
      email: '  padded@example.com ',
      phone: ' 0825550101 ',
      message: '   Hello there, is this available?   ',
    });
    const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, res.json().id));
    expect(row).toMatchObject({
      userEmail: 'padded@example.com',
      userPhone: '0825550101',
      message: 'Hello there, is this available?',
    });
  });

  it(`rate limits sending to ${ENQUIRY_RATE_LIMIT.perIp} a minute per IP`, async () => {
    // The limiter's clock stands still until the test moves it: however slow the machine, the requests
    // fall in one window (decision 0038).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00.000Z') });
    try {
      const ip = '10.99.99.99';
      const codes: number[] = [];
      for (let i = 0; i <= ENQUIRY_RATE_LIMIT.perIp; i++) {
        codes.push((await send({ ...valid, listingId: listingA.id }, { ip })).statusCode);
      }
      expect(codes.slice(0, ENQUIRY_RATE_LIMIT.perIp).every((c) => c === 201)).toBe(true);
      const refused = await send({ ...valid, listingId: listingA.id }, { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(ENQUIRY_MESSAGES.tooMany);
      expect(refused.headers['retry-after']).toBe('60');
      // another address is not affected
      expect((await send({ ...valid, listingId: listingA.id }, { ip: '10.99.99.98' })).statusCode).toBe(201);
      // A minute later the address may send again.
      vi.setSystemTime(Date.now() + ENQUIRY_RATE_LIMIT.windowMs);
      expect((await send({ ...valid, listingId: listingA.id }, { ip })).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/enquiries', () => {
  let toB: string;
  let fromB: string;
  beforeAll(async () => {
    toB = (await send({ ...valid, listingId: listingB.id, message: 'For provider B only please' })).json().id;
    fromB = (
      await send(
        { ...valid, listingId: listingA.id, message: 'Sent by user B to A' },
        { cookie: userB.cookie },
      )
    ).json().id;
  });

  it('refuses signed-out callers', async () => {
    const res = await list(undefined);
    expect(res.statusCode).toBe(401);
  });

  it('gives a user only the enquiries they sent, newest first', async () => {
    const mine = (await list(userB.cookie)).json();
    expect(mine.items.map((e: { id: string }) => e.id)).toEqual([fromB]);
    expect(mine.total).toBe(1);
    const a = (await list(userA.cookie)).json();
    expect(a.items.length).toBeGreaterThan(0);
    expect(a.items.every((e: { userId: string }) => e.userId === userA.userId)).toBe(true);
    expect(a.items.some((e: { id: string }) => e.id === fromB)).toBe(false);
  });

  it('gives a provider only the enquiries sent to it, with listing title and category', async () => {
    const a = (await list(providerA.cookie)).json();
    expect(
      a.items.every((e: { serviceProviderId: string }) => e.serviceProviderId === providerA.providerId),
    ).toBe(true);
    expect(a.items.some((e: { id: string }) => e.id === toB)).toBe(false);
    const b = (await list(providerB.cookie)).json();
    expect(b.items.map((e: { id: string }) => e.id)).toEqual([toB]);
    expect(b.items[0].listing).toEqual({ id: listingB.id, title: 'Garden Venue', categoryName: 'Venues' });
    expect(b.items[0].providerName).toBe('Other Co');
  });

  it('lists newest first', async () => {
    const items = (await list(providerA.cookie)).json().items as { createdAt: string }[];
    const times = items.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('gives an admin every enquiry', async () => {
    const all = (await list(admin.cookie)).json();
    const count = (await t.database.db.select({ id: enquiries.id }).from(enquiries)).length;
    expect(all.total).toBe(count);
    expect(all.items.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining([toB, fromB]));
  });

  it('filters by status and refuses unknown statuses', async () => {
    const res = await list(providerB.cookie, '?status=replied');
    expect(res.json().items).toEqual([]);
    expect((await list(providerB.cookie, '?status=new')).json().items).toHaveLength(1);
    expect((await list(providerB.cookie, '?status=bogus')).statusCode).toBe(400);
  });

  it('shows an enquiry whose listing was deleted with a null listing', async () => {
    const gone = await createListing(t.database.db, providerB.providerId, {
      title: 'Soon gone',
      categorySlug: 'decor',
    });
    const id = (await send({ ...valid, listingId: gone.id })).json().id;
    await t.database.db.delete(listings).where(eq(listings.id, gone.id));
    const item = (await list(providerB.cookie)).json().items.find((e: { id: string }) => e.id === id);
    expect(item.listing).toBeNull();
  });
});

describe('PATCH /api/enquiries/:id', () => {
  let id: string;
  beforeAll(async () => {
    id = (await send({ ...valid, listingId: listingB.id }, { cookie: userA.cookie })).json().id;
  });

  it('refuses signed-out callers (401) and users, even the sender (403)', async () => {
    expect((await setStatus(undefined, id, 'read')).statusCode).toBe(401);
    expect((await setStatus(userA.cookie, id, 'read')).statusCode).toBe(403);
    expect((await setStatus(userB.cookie, id, 'read')).statusCode).toBe(403);
  });

  it('answers 404 to another provider and leaves the enquiry alone', async () => {
    const res = await setStatus(providerA.cookie, id, 'archived');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Enquiry not found');
    const [row] = await t.database.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row!.status).toBe('new');
  });

  it('lets the provider it was sent to move it to read, replied, archived', async () => {
    for (const status of ['read', 'replied', 'archived']) {
      const res = await setStatus(providerB.cookie, id, status);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
    }
  });

  it('lets an admin change any enquiry', async () => {
    const res = await setStatus(admin.cookie, id, 'replied');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'replied', listing: { title: 'Garden Venue' } });
  });

  it("refuses 'new' and unknown statuses, and unknown ids", async () => {
    expect((await setStatus(providerB.cookie, id, 'new')).statusCode).toBe(400);
    expect((await setStatus(providerB.cookie, id, 'done')).statusCode).toBe(400);
    expect(
      (await setStatus(providerB.cookie, '00000000-0000-4000-8000-000000000000', 'read')).statusCode,
    ).toBe(404);
    expect((await setStatus(providerB.cookie, 'not-a-uuid', 'read')).statusCode).toBe(400);
  });
});
