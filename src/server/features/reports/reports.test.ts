import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '../../../domain/reports.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, contentReports, listings, outbox, reviews } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, formGuardFields, signUp, type TestApp } from '../../test/helpers.ts';
import { signFormToken } from '../../plugins/form-guard.ts';
import { REPORT_RATE_LIMIT } from './routes.ts';

let t: TestApp;
let provider: Awaited<ReturnType<typeof createProvider>>;
let otherProvider: Awaited<ReturnType<typeof createProvider>>;
let user: Awaited<ReturnType<typeof signUp>>;
let user2: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

function call(
  method: 'GET' | 'POST',
  url: string,
  opts: { cookie?: string; ip?: string; payload?: object } = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
  });
}
// Every report carries the form guard's fields (a token signed a minute ago), as the dialog sends them.
const reportListing = (id: string, payload: object, opts: { cookie?: string; ip?: string } = {}) =>
  call('POST', `/api/listings/${id}/reports`, { ...opts, payload: { ...formGuardFields(t), ...payload } });
const reportReview = (id: string, payload: object, opts: { cookie?: string; ip?: string } = {}) =>
  call('POST', `/api/reviews/${id}/reports`, { ...opts, payload: { ...formGuardFields(t), ...payload } });
const queue = (cookie: string | undefined, query = '') =>
  call('GET', `/api/admin/reports${query}`, { cookie });

async function newListing(title: string, status: 'approved' | 'pending' = 'approved') {
  return createListing(t.database.db, provider.providerId, { title, status });
}

async function reportRow(id: string) {
  const [row] = await t.database.db.select().from(contentReports).where(eq(contentReports.id, id));
  return row!;
}

async function writeReview(listingId: string, cookie: string, rating: number) {
  const res = await call('POST', `/api/listings/${listingId}/reviews`, {
    cookie,
    payload: { rating, comment: 'It was fine' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().review.id as string;
}

async function auditActions(entityId: string) {
  const rows = await t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId));
  return rows.map((r) => r.action).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  provider = await createProvider(t, { packageType: 'premium', businessName: 'Elite Arrivals' });
  otherProvider = await createProvider(t, { packageType: 'premium', businessName: 'Other Co' });
  user = await signUp(t, { fullName: 'Lerato Parent' });
  user2 = await signUp(t, { fullName: 'Sipho Learner' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

describe('reporting a listing', () => {
  it('takes a visitor’s report without a reporter', async () => {
    const listing = await newListing('Visitor reported');
    const res = await reportListing(listing.id, { reason: 'scam', details: 'Asks for a deposit by EFT' });
    expect(res.statusCode).toBe(201);
    const row = await reportRow(res.json().id);
    expect(row).toMatchObject({
      type: 'listing',
      listingId: listing.id,
      reporterUserId: null,
      reason: 'scam',
      details: 'Asks for a deposit by EFT',
      status: 'open',
      reviewId: null,
    });
  });

  it('answers a bot as usual but stores nothing: honeypot filled, token too fresh or forged', async () => {
    const listing = await newListing('Bot reported');
    const fresh = { formToken: signFormToken(t.config.authSecret, Date.now()) };
    const forged = { formToken: signFormToken('not-our-secret', Date.now() - 60_000) };
    for (const guard of [{ website: 'https://spam.example' }, fresh, forged]) {
      const res = await reportListing(listing.id, { reason: 'scam', details: 'Buy now', ...guard });
      expect(res.statusCode).toBe(201);
      expect(res.json().id).toEqual(expect.any(String));
    }
    expect(
      await t.database.db.select().from(contentReports).where(eq(contentReports.listingId, listing.id)),
    ).toEqual([]);
    const missing = await call('POST', `/api/listings/${listing.id}/reports`, {
      payload: { reason: 'scam' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses bad input with clear messages', async () => {
    const listing = await newListing('Bad input');
    const other = await reportListing(listing.id, { reason: 'other', details: '   ' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields.details).toBe(REPORT_MESSAGES.detailsRequired);
    const noReason = await reportListing(listing.id, { details: 'x' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe(REPORT_MESSAGES.reasonRequired);
    const long = await reportListing(listing.id, { reason: 'misleading', details: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.details).toBe(REPORT_MESSAGES.detailsMax);
    const exact = await reportListing(listing.id, { reason: 'other', details: 'a'.repeat(1000) });
    expect(exact.statusCode).toBe(201);
    expect((await reportListing('not-a-uuid', { reason: 'scam' })).statusCode).toBe(400);
  });

  it('answers 404 for a listing the public cannot see', async () => {
    const pending = await newListing('Pending one', 'pending');
    expect((await reportListing(pending.id, { reason: 'scam' })).statusCode).toBe(404);
    expect((await reportListing('00000000-0000-4000-8000-000000000000', { reason: 'scam' })).statusCode).toBe(
      404,
    );
  });

  it('keeps one open report per user and listing, even for two submissions at once', async () => {
    const listing = await newListing('Twice at once');
    const [a, b] = await Promise.all([
      reportListing(listing.id, { reason: 'duplicate' }, { cookie: user.cookie }),
      reportListing(listing.id, { reason: 'misleading' }, { cookie: user.cookie }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.message).toBe(REPORT_MESSAGES.listingAlreadyReported);
    const rows = await t.database.db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.listingId, listing.id), eq(contentReports.reporterUserId, user.userId)));
    expect(rows).toHaveLength(1);
    // Another user, and visitors, may still report it.
    expect((await reportListing(listing.id, { reason: 'scam' }, { cookie: user2.cookie })).statusCode).toBe(
      201,
    );
    expect((await reportListing(listing.id, { reason: 'scam' })).statusCode).toBe(201);
    // Once the report is handled, the same user may report again.
    const created = a.statusCode === 201 ? a : b;
    expect(
      (await call('POST', `/api/admin/reports/${created.json().id}/dismiss`, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(200);
    expect((await reportListing(listing.id, { reason: 'scam' }, { cookie: user.cookie })).statusCode).toBe(
      201,
    );
  });

  it('limits reports per client address', async () => {
    const ip = '10.250.0.1';
    const listing = await newListing('Per address');
    for (let i = 0; i < REPORT_RATE_LIMIT.perIp; i += 1) {
      expect((await reportListing(listing.id, { reason: 'scam' }, { ip })).statusCode).toBe(201);
    }
    const refused = await reportListing(listing.id, { reason: 'scam' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(REPORT_MESSAGES.tooMany);
    // Another address is not held back.
    expect((await reportListing(listing.id, { reason: 'scam' })).statusCode).toBe(201);
  });

  it('limits reports per listing across addresses', async () => {
    const listing = await newListing('Per listing');
    const other = await newListing('Unaffected');
    for (let i = 0; i < REPORT_RATE_LIMIT.perListing; i += 1) {
      expect((await reportListing(listing.id, { reason: 'duplicate' })).statusCode).toBe(201);
    }
    const refused = await reportListing(listing.id, { reason: 'duplicate' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(REPORT_MESSAGES.tooManyForListing);
    expect((await reportListing(other.id, { reason: 'duplicate' })).statusCode).toBe(201);
  });
});

describe('reporting a review', () => {
  it('needs a signed-in user, and one open report each', async () => {
    const listing = await newListing('Reviewed for reports');
    const reviewId = await writeReview(listing.id, user.cookie, 1);
    expect((await reportReview(reviewId, { reason: 'inappropriate' })).statusCode).toBe(401);
    const first = await reportReview(reviewId, { reason: 'inappropriate' }, { cookie: provider.cookie });
    expect(first.statusCode).toBe(201);
    const again = await reportReview(reviewId, { reason: 'misleading' }, { cookie: provider.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REPORT_MESSAGES.reviewAlreadyReported);
    expect(
      (
        await reportReview(
          '00000000-0000-4000-8000-000000000000',
          { reason: 'scam' },
          { cookie: user2.cookie },
        )
      ).statusCode,
    ).toBe(404);
    const row = await reportRow(first.json().id);
    expect(row).toMatchObject({
      type: 'review',
      reviewId,
      listingId: listing.id,
      reporterUserId: provider.userId,
    });
  });
});

describe('the admin queue', () => {
  it('is for admins only, every route', async () => {
    const listing = await newListing('Permission listing');
    const id = (await reportListing(listing.id, { reason: 'scam' })).json().id as string;
    const routes: [string, object | undefined][] = [
      [`/api/admin/reports/${id}/dismiss`, undefined],
      [`/api/admin/reports/${id}/unpublish`, { reason: 'Fake' }],
      [`/api/admin/reports/${id}/remove-review`, undefined],
    ];
    expect((await queue(undefined)).statusCode).toBe(401);
    expect((await queue(user.cookie)).statusCode).toBe(403);
    expect((await queue(provider.cookie)).statusCode).toBe(403);
    expect((await queue(otherProvider.cookie)).statusCode).toBe(403);
    for (const [url, payload] of routes) {
      expect((await call('POST', url, { payload })).statusCode).toBe(401);
      expect((await call('POST', url, { cookie: user.cookie, payload })).statusCode).toBe(403);
      // The listing's own provider may not decide on reports of it, nor may another provider.
      expect((await call('POST', url, { cookie: provider.cookie, payload })).statusCode).toBe(403);
      expect((await call('POST', url, { cookie: otherProvider.cookie, payload })).statusCode).toBe(403);
    }
    expect((await reportRow(id)).status).toBe('open');
    expect((await queue(admin.cookie)).statusCode).toBe(200);
  });

  it('lists reports with reporter or Visitor, filters by type and status, and counts the open ones', async () => {
    const listing = await newListing('Listed in queue');
    await reportListing(listing.id, { reason: 'misleading', details: 'Photos are not theirs' });
    await reportListing(listing.id, { reason: 'scam' }, { cookie: user2.cookie });
    const res = await queue(
      admin.cookie,
      `?search=${encodeURIComponent('Listed in queue')}&sort=reason&dir=asc`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((r: { reason: string }) => r.reason)).toEqual(['misleading', 'scam']);
    expect(body.items[0]).toMatchObject({
      type: 'listing',
      status: 'open',
      reporterName: null,
      details: 'Photos are not theirs',
      listing: {
        id: listing.id,
        title: 'Listed in queue',
        businessName: 'Elite Arrivals',
        status: 'approved',
      },
    });
    expect(body.items[1].reporterName).toBe('Sipho Learner');
    const [openRow] = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`select count(*) as n from content_reports where status = 'open'`,
    );
    expect(body.open).toBe(Number(openRow!.n));
    const overview = await call('GET', '/api/admin/overview', { cookie: admin.cookie });
    expect(overview.json().openReports).toBe(Number(openRow!.n));
    const reviewsOnly = (await queue(admin.cookie, '?type=review')).json();
    expect(reviewsOnly.items.every((r: { type: string }) => r.type === 'review')).toBe(true);
    expect((await queue(admin.cookie, '?status=closed')).statusCode).toBe(400);
  });

  it('dismisses a report once, with an audit row', async () => {
    const listing = await newListing('Dismissed');
    const id = (await reportListing(listing.id, { reason: 'duplicate' })).json().id as string;
    const res = await call('POST', `/api/admin/reports/${id}/dismiss`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ closed: 1, status: 'dismissed' });
    const row = await reportRow(id);
    expect(row.status).toBe('dismissed');
    expect(row.resolvedByUserId).toBe(admin.userId);
    expect(await auditActions(id)).toEqual(['report.dismiss']);
    const again = await call('POST', `/api/admin/reports/${id}/dismiss`, { cookie: admin.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REPORT_MESSAGES.notOpen);
    const [l] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l!.status).toBe('approved');
  });

  it('unpublishes through moderation: rejected with the reason, mailed, audited, every open report resolved', async () => {
    const listing = await newListing('Scam listing');
    const first = (await reportListing(listing.id, { reason: 'scam' })).json().id as string;
    const second = (await reportListing(listing.id, { reason: 'misleading' }, { cookie: user.cookie })).json()
      .id as string;
    const noReason = await call('POST', `/api/admin/reports/${first}/unpublish`, {
      cookie: admin.cookie,
      payload: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    const res = await call('POST', `/api/admin/reports/${first}/unpublish`, {
      cookie: admin.cookie,
      payload: { reason: 'Reported as a scam; please contact us' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ closed: 2, status: 'resolved' });
    const [l] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l).toMatchObject({ status: 'rejected', rejectionReason: 'Reported as a scam; please contact us' });
    expect((await reportRow(first)).status).toBe('resolved');
    expect((await reportRow(second)).status).toBe('resolved');
    expect(await auditActions(first)).toEqual(['report.resolve']);
    expect(await auditActions(listing.id)).toEqual(['listing.reject']);
    const mail = await t.database.db
      .select({ kind: outbox.kind, recipient: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.kind, 'listing_rejected'));
    expect(mail).toContainEqual({ kind: 'listing_rejected', recipient: provider.email });
    // Handled now: a second decision is refused and changes nothing.
    const again = await call('POST', `/api/admin/reports/${second}/unpublish`, {
      cookie: admin.cookie,
      payload: { reason: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    // The public no longer sees it, so it cannot be reported.
    expect((await reportListing(listing.id, { reason: 'scam' })).statusCode).toBe(404);
  });

  it('removes a reported review and recomputes the listing’s rating and count', async () => {
    const listing = await newListing('Rated listing');
    await writeReview(listing.id, user.cookie, 5);
    const badId = await writeReview(listing.id, user2.cookie, 1);
    const [before] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect({ rating: Number(before!.rating), count: before!.reviewCount }).toEqual({ rating: 3, count: 2 });
    const id = (await reportReview(badId, { reason: 'inappropriate' }, { cookie: provider.cookie })).json()
      .id as string;
    const listingReport = (await reportListing(listing.id, { reason: 'scam' })).json().id as string;
    expect(
      (await call('POST', `/api/admin/reports/${listingReport}/remove-review`, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', `/api/admin/reports/${id}/unpublish`, {
          cookie: admin.cookie,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    const res = await call('POST', `/api/admin/reports/${id}/remove-review`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ closed: 1, status: 'resolved' });
    expect(await t.database.db.select().from(reviews).where(eq(reviews.id, badId))).toHaveLength(0);
    const [after] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect({ rating: Number(after!.rating), count: after!.reviewCount }).toEqual({ rating: 5, count: 1 });
    const row = await reportRow(id);
    expect(row).toMatchObject({ status: 'resolved', reviewId: null, type: 'review' });
    expect(await auditActions(badId)).toEqual(['review.remove']);
    const listed = (await queue(admin.cookie, '?status=resolved&type=review')).json();
    expect(listed.items.find((r: { id: string }) => r.id === id)).toMatchObject({ review: null });
    expect(
      (await call('POST', `/api/admin/reports/${id}/remove-review`, { cookie: admin.cookie })).statusCode,
    ).toBe(409);
  });
});
