import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../../domain/engagement.ts';
import { REVIEW_RESPONSE_MESSAGES } from '../../../domain/reports.ts';
import { queryRows } from '../../db/client.ts';
import { listings, profiles, reviews } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../../test/helpers.ts';
import { setDemoMode } from '../settings/service.ts';

let t: TestApp;
let premium: Awaited<ReturnType<typeof createProvider>>;
let basic: Awaited<ReturnType<typeof createProvider>>;
let listing: { id: string };
let basicListing: { id: string };
let pendingListing: { id: string };
let userA: Awaited<ReturnType<typeof signUp>>;
let userB: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload } : {}),
  });
const read = (listingId: string, cookie?: string) =>
  inject('GET', `/api/listings/${listingId}/reviews`, cookie);
/**
 * Moves a review's times a minute back, as if it was written earlier: an edit that follows is then later
 * whatever the clock's resolution (PGlite's has millisecond steps, and two requests can share one).
 */
const writtenEarlier = (id: string) =>
  t.database.db.execute(
    sql`update reviews set created_at = created_at - interval '1 minute',
        updated_at = updated_at - interval '1 minute' where id = ${id}`,
  );

const submit = (listingId: string, cookie: string | undefined, body: object) =>
  inject('POST', `/api/listings/${listingId}/reviews`, cookie, body);
const edit = (id: string, cookie: string | undefined, body: object) =>
  inject('PATCH', `/api/reviews/${id}`, cookie, body);
const remove = (id: string, cookie: string | undefined) => inject('DELETE', `/api/reviews/${id}`, cookie);

async function kept(listingId: string) {
  const [row] = await t.database.db
    .select({ rating: listings.rating, reviewCount: listings.reviewCount })
    .from(listings)
    .where(eq(listings.id, listingId));
  return { rating: Number(row!.rating), reviewCount: row!.reviewCount };
}

/** The aggregate as the database computes it from the reviews table. */
async function actual(listingId: string) {
  const [row] = await queryRows<{ rating: string | number; n: string | number }>(
    t.database.db,
    sql`select coalesce(round(avg(rating)::numeric, 2), 0) as rating, count(*) as n from reviews where listing_id = ${listingId}`,
  );
  return { rating: Number(row!.rating), reviewCount: Number(row!.n) };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  premium = await createProvider(t, { packageType: 'premium', businessName: 'Elite Arrivals' });
  basic = await createProvider(t, { packageType: 'basic', businessName: 'Basic Co' });
  listing = await createListing(t.database.db, premium.providerId, { title: 'Rolls-Royce Ghost' });
  basicListing = await createListing(t.database.db, basic.providerId, { title: 'Basic listing' });
  pendingListing = await createListing(t.database.db, premium.providerId, {
    title: 'Pending',
    status: 'pending',
  });
  userA = await signUp(t, { fullName: 'Alice Reviewer' });
  userB = await signUp(t, { fullName: 'Bongani Reviewer' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

describe('reading reviews', () => {
  it('answers 404 for listings that are not approved or do not exist', async () => {
    expect((await read(pendingListing.id)).statusCode).toBe(404);
    expect((await read('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await read('nope')).statusCode).toBe(400);
  });

  it('is public and says whether the provider can receive reviews', async () => {
    const res = await read(listing.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [],
      average: 0,
      count: 0,
      canReceiveReviews: true,
      myReviewId: null,
      ownListing: false,
    });
    expect((await read(listing.id, premium.cookie)).json().ownListing).toBe(true);
    expect((await read(basicListing.id)).json().canReceiveReviews).toBe(false);
  });
});

describe('writing reviews', () => {
  it('requires sign-in', async () => {
    expect((await submit(listing.id, undefined, { rating: 5 })).statusCode).toBe(401);
  });

  it('refuses a basic-package provider with the spec’s message', async () => {
    const res = await submit(basicListing.id, userA.cookie, { rating: 4 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'This provider needs to upgrade to Standard or Premium package to receive reviews.',
    );
    expect((await kept(basicListing.id)).reviewCount).toBe(0);
  });

  it('lets a basic-package provider receive reviews while demo mode is on (everyone counts as premium)', async () => {
    await setDemoMode(t.database.db, true);
    try {
      expect((await read(basicListing.id)).json().canReceiveReviews).toBe(true);
      const res = await submit(basicListing.id, userB.cookie, { rating: 3 });
      expect(res.statusCode).toBe(201);
      expect((await remove(res.json().review.id, userB.cookie)).statusCode).toBe(200);
    } finally {
      await setDemoMode(t.database.db, false);
    }
  });

  it('refuses listings that are not approved (404)', async () => {
    expect((await submit(pendingListing.id, userA.cookie, { rating: 4 })).statusCode).toBe(404);
  });

  it('refuses a provider reviewing its own listing', async () => {
    const res = await submit(listing.id, premium.cookie, { rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(REVIEW_MESSAGES.ownListing);
  });

  const cases: [string, Record<string, unknown>, string | null][] = [
    ['no rating', {}, REVIEW_MESSAGES.ratingRequired],
    ['rating 0', { rating: 0 }, REVIEW_MESSAGES.ratingRequired],
    ['rating 6', { rating: 6 }, REVIEW_MESSAGES.ratingRequired],
    ['rating 2.5', { rating: 2.5 }, REVIEW_MESSAGES.ratingRequired],
    ['rating "4"', { rating: '4' }, REVIEW_MESSAGES.ratingRequired],
    ['rating 1', { rating: 1 }, null],
    ['rating 5', { rating: 5 }, null],
    ['comment 500', { rating: 4, comment: 'c'.repeat(500) }, null],
    ['comment 500 plus spaces (trimmed)', { rating: 4, comment: `  ${'c'.repeat(500)}  ` }, null],
    ['comment 501', { rating: 4, comment: 'c'.repeat(501) }, REVIEW_MESSAGES.commentMax],
  ];
  it.each(cases)('validates %s', async (_label, body, message) => {
    const res = await submit(listing.id, userB.cookie, body);
    if (message === null) {
      expect([200, 201]).toContain(res.statusCode);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('saves a trimmed comment, and an empty one as null', async () => {
    const res = await submit(listing.id, userB.cookie, { rating: 4, comment: '   Lovely car   ' });
    expect(res.json().review.comment).toBe('Lovely car');
    const empty = await submit(listing.id, userB.cookie, { rating: 4, comment: '    ' });
    expect(empty.json().review.comment).toBeNull();
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, empty.json().review.id));
    expect(row!.comment).toBeNull();
    expect((await remove(empty.json().review.id, userB.cookie)).statusCode).toBe(200);
  });

  it('creates one review, and a second submission edits the first', async () => {
    const created = await submit(listing.id, userA.cookie, { rating: 5, comment: 'Amazing' });
    expect(created.statusCode).toBe(201);
    expect(created.json().listing).toEqual({ id: listing.id, rating: 5, reviewCount: 1 });
    await writtenEarlier(created.json().review.id);
    const again = await submit(listing.id, userA.cookie, { rating: 3, comment: 'Changed my mind' });
    expect(again.statusCode).toBe(200);
    expect(again.json().review.id).toBe(created.json().review.id);
    expect(again.json().listing).toEqual({ id: listing.id, rating: 3, reviewCount: 1 });
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.listingId, listing.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());
  });

  it('lists reviews newest first with the author’s name and avatar, average, count and my review', async () => {
    await t.database.db
      .update(profiles)
      .set({ avatarUrl: '/uploads/avatars/b.webp' })
      .where(eq(profiles.id, userB.userId));
    const b = await submit(listing.id, userB.cookie, { rating: 4 });
    const res = (await read(listing.id, userB.cookie)).json();
    expect(res.count).toBe(2);
    expect(res.average).toBe(3.5);
    expect(res.myReviewId).toBe(b.json().review.id);
    expect(res.items.map((r: { user: { name: string } }) => r.user.name)).toEqual([
      'Bongani Reviewer',
      'Alice Reviewer',
    ]);
    expect(res.items[0].user.avatarUrl).toBe('/uploads/avatars/b.webp');
    expect((await read(listing.id)).json().myReviewId).toBeNull();
    expect(await kept(listing.id)).toEqual({ rating: 3.5, reviewCount: 2 });
  });

  it('shows a null name when the author has no name (the page shows Anonymous User)', async () => {
    await t.database.db.update(profiles).set({ fullName: null }).where(eq(profiles.id, userB.userId));
    const res = (await read(listing.id)).json();
    expect(res.items[0].user.name).toBeNull();
    await t.database.db
      .update(profiles)
      .set({ fullName: 'Bongani Reviewer' })
      .where(eq(profiles.id, userB.userId));
  });
});

describe('editing and deleting', () => {
  let reviewA: string;
  beforeAll(async () => {
    reviewA = (await read(listing.id, userA.cookie)).json().myReviewId;
  });

  it('lets only the author edit: another user and an admin get 403, signed-out 401', async () => {
    expect((await edit(reviewA, undefined, { rating: 1 })).statusCode).toBe(401);
    const other = await edit(reviewA, userB.cookie, { rating: 1 });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(REVIEW_MESSAGES.notYours);
    expect((await edit(reviewA, admin.cookie, { rating: 1 })).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, reviewA));
    expect(row!.rating).toBe(3);
  });

  it('edits: sets updated_at and the listing follows', async () => {
    await writtenEarlier(reviewA);
    const [before] = await t.database.db.select().from(reviews).where(eq(reviews.id, reviewA));
    const res = await edit(reviewA, userA.cookie, { rating: 2, comment: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({ id: reviewA, rating: 2, comment: null });
    expect(Date.parse(res.json().review.updatedAt)).toBeGreaterThan(before!.updatedAt.getTime());
    expect(await kept(listing.id)).toEqual({ rating: 3, reviewCount: 2 });
  });

  it('validates edits like submissions', async () => {
    expect((await edit(reviewA, userA.cookie, {})).json().error.message).toBe(REVIEW_MESSAGES.ratingRequired);
    expect(
      (await edit(reviewA, userA.cookie, { rating: 3, comment: 'x'.repeat(501) })).json().error.message,
    ).toBe(REVIEW_MESSAGES.commentMax);
    expect((await edit('00000000-0000-4000-8000-000000000000', userA.cookie, { rating: 3 })).statusCode).toBe(
      404,
    );
  });

  it('lets only the author or an admin delete; another user gets 403 and the review stays', async () => {
    expect((await remove(reviewA, undefined)).statusCode).toBe(401);
    expect((await remove(reviewA, userB.cookie)).statusCode).toBe(403);
    expect(await t.database.db.select().from(reviews).where(eq(reviews.id, reviewA))).toHaveLength(1);
    const res = await remove(reviewA, userA.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().listing).toEqual({ id: listing.id, rating: 4, reviewCount: 1 });
    expect((await remove(reviewA, userA.cookie)).statusCode).toBe(404);
    const mine = (await read(listing.id, userB.cookie)).json().myReviewId;
    const byAdmin = await remove(mine, admin.cookie);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().listing).toEqual({ id: listing.id, rating: 0, reviewCount: 0 });
  });
});

describe('concurrency', () => {
  it('leaves one row when the same review is submitted concurrently', async () => {
    const target = await createListing(t.database.db, premium.providerId, { title: 'Concurrent' });
    const results = await Promise.all(
      [5, 4, 3, 2, 1, 5, 4, 3].map((rating) => submit(target.id, userA.cookie, { rating })),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.listingId, target.id));
    expect(rows).toHaveLength(1);
    expect(await kept(target.id)).toEqual({ rating: rows[0]!.rating, reviewCount: 1 });
  });

  it('keeps the aggregate right under concurrent reviews by different users', async () => {
    const target = await createListing(t.database.db, premium.providerId, { title: 'Busy' });
    const users = await Promise.all([signUp(t), signUp(t), signUp(t), signUp(t)]);
    await Promise.all(users.map((u, i) => submit(target.id, u.cookie, { rating: i + 2 })));
    expect(await kept(target.id)).toEqual({ rating: 3.5, reviewCount: 4 });
  });
});

describe('property: the kept aggregate always equals the reviews', () => {
  it('after any sequence of creates, edits and deletes by several users', { timeout: 240_000 }, async () => {
    const users = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    const targets = [
      await createListing(t.database.db, premium.providerId, { title: 'Prop 1' }),
      await createListing(t.database.db, premium.providerId, { title: 'Prop 2' }),
    ];
    const rating = fc.integer({ min: 1, max: 5 });
    const who = fc.integer({ min: 0, max: users.length - 1 });
    const where = fc.integer({ min: 0, max: targets.length - 1 });
    const command = fc.oneof(
      fc.record({ kind: fc.constant('submit' as const), who, where, rating }),
      fc.record({ kind: fc.constant('edit' as const), who, where, rating }),
      fc.record({ kind: fc.constant('delete' as const), who, where, byAdmin: fc.boolean() }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        // a clean start for each run
        for (const target of targets) {
          await t.database.db.delete(reviews).where(eq(reviews.listingId, target.id));
          await t.database.db
            .update(listings)
            .set({ rating: 0, reviewCount: 0 })
            .where(eq(listings.id, target.id));
        }
        const model = new Map<string, number>(); // `${who}:${where}` → rating
        for (const c of commands) {
          const u = users[c.who]!;
          const target = targets[c.where]!;
          const key = `${c.who}:${c.where}`;
          const mine = (await read(target.id, u.cookie)).json().myReviewId as string | null;
          if (c.kind === 'submit') {
            expect((await submit(target.id, u.cookie, { rating: c.rating })).statusCode).toBe(
              mine ? 200 : 201,
            );
            model.set(key, c.rating);
          } else if (c.kind === 'edit') {
            if (!mine) continue;
            expect((await edit(mine, u.cookie, { rating: c.rating })).statusCode).toBe(200);
            model.set(key, c.rating);
          } else {
            if (!mine) continue;
            expect((await remove(mine, c.byAdmin ? admin.cookie : u.cookie)).statusCode).toBe(200);
            model.delete(key);
          }
        }
        for (const [i, target] of targets.entries()) {
          const ratings = [...model.entries()].filter(([k]) => k.endsWith(`:${i}`)).map(([, r]) => r);
          const expected = {
            rating: ratings.length
              ? Math.round((ratings.reduce((s, r) => s + r, 0) / ratings.length) * 100) / 100
              : 0,
            reviewCount: ratings.length,
          };
          expect(await kept(target.id)).toEqual(await actual(target.id));
          expect(await kept(target.id)).toEqual(expected);
          const summary = (await read(target.id)).json();
          expect({ rating: summary.average, reviewCount: summary.count }).toEqual(expected);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('the provider’s response to a review', () => {
  let target: { id: string };
  let reviewId: string;
  const respond = (id: string, cookie: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/reviews/${id}/response`,
      headers: cookie ? { cookie } : {},
      payload: { body },
    });
  const unrespond = (id: string, cookie: string | undefined) =>
    inject('DELETE', `/api/reviews/${id}/response`, cookie);
  const shown = async () =>
    ((await read(target.id)).json().items as { id: string; response: unknown }[]).find(
      (r) => r.id === reviewId,
    )!.response;

  beforeAll(async () => {
    target = await createListing(t.database.db, premium.providerId, { title: 'Answered listing' });
    const res = await submit(target.id, userA.cookie, { rating: 2, comment: 'Late by an hour' });
    reviewId = res.json().review.id;
  });

  it('is refused to a visitor, the reviewer and another provider', async () => {
    const other = await createProvider(t, { packageType: 'premium', businessName: 'Rival Rides' });
    expect((await respond(reviewId, undefined, 'Sorry')).statusCode).toBe(401);
    const byReviewer = await respond(reviewId, userA.cookie, 'I answer myself');
    expect(byReviewer.statusCode).toBe(403);
    expect(byReviewer.json().error.message).toBe(REVIEW_RESPONSE_MESSAGES.notYours);
    expect((await respond(reviewId, other.cookie, 'Not my listing')).statusCode).toBe(403);
    expect((await respond(reviewId, userB.cookie, 'Someone else')).statusCode).toBe(403);
    expect(await shown()).toBeNull();
  });

  it('lets the listing’s provider answer once, edit and delete, shown publicly with the business name', async () => {
    expect((await respond(reviewId, premium.cookie, '   ')).json().error.fields.body).toBe(
      REVIEW_RESPONSE_MESSAGES.required,
    );
    const tooLong = await respond(reviewId, premium.cookie, 'a'.repeat(1001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.body).toBe(REVIEW_RESPONSE_MESSAGES.max);
    const created = await respond(reviewId, premium.cookie, 'We are sorry: traffic on the N1.');
    expect(created.statusCode).toBe(201);
    expect(created.json().response).toMatchObject({
      body: 'We are sorry: traffic on the N1.',
      businessName: 'Elite Arrivals',
    });
    const firstDate = created.json().response.createdAt as string;
    expect(await shown()).toMatchObject({
      body: 'We are sorry: traffic on the N1.',
      businessName: 'Elite Arrivals',
    });
    // A second answer edits the first; its first date stays.
    const edited = await respond(reviewId, premium.cookie, 'a'.repeat(1000));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().response.createdAt).toBe(firstDate);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row!.response).toBe('a'.repeat(1000));
    // The review itself is untouched.
    expect(row!.comment).toBe('Late by an hour');
    expect((await unrespond(reviewId, userA.cookie)).statusCode).toBe(403);
    expect((await unrespond(reviewId, undefined)).statusCode).toBe(401);
    expect((await unrespond(reviewId, premium.cookie)).statusCode).toBe(200);
    expect(await shown()).toBeNull();
    expect((await unrespond(reviewId, premium.cookie)).statusCode).toBe(404);
  });

  it('lets an admin answer for the provider, audited', async () => {
    const res = await respond(reviewId, admin.cookie, 'Answered by the team');
    expect(res.statusCode).toBe(201);
    expect(res.json().response.businessName).toBe('Elite Arrivals');
    const [audit] = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where entity_id = ${reviewId} order by created_at desc limit 1`,
    );
    expect(audit!.action).toBe('review.respond');
    expect((await unrespond(reviewId, admin.cookie)).statusCode).toBe(200);
  });

  it('is refused at the database too beyond 1000 characters', async () => {
    await expect(
      t.database.db.execute(
        sql`update reviews set response = ${'b'.repeat(1001)}, response_created_at = now(),
            response_updated_at = now() where id = ${reviewId}`,
      ),
    ).rejects.toThrow();
  });
});
