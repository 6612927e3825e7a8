/**
 * Edits to an approved listing are held for moderation (issue 28 item 3, decision 0041): the public API,
 * search and the server-rendered page keep the approved version until an admin approves the changes; what
 * cannot mislead goes live at once; rejected changes leave the approved version and tell the provider why;
 * editing again replaces the held changes; the admin sees the difference; refusals. And the mail of issue 23
 * (messages 6 and 9): moderation to the provider, new listings and new changes to admins, through the SMTP
 * sink, and nothing when the transaction rolls back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HELD_CHANGES_MESSAGES } from '../../../domain/held-changes.ts';
import { auditLog, listingChanges, listings, outbox } from '../../db/schema.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import {
  categoryId,
  createAdmin,
  createListing,
  createProvider,
  seedReferenceData,
} from '../../test/fixtures.ts';
import { createTestApp, isStored, signUp, uploadImage, type TestApp } from '../../test/helpers.ts';
import { catchMail, type MailCatcher } from '../../test/mail-catcher.ts';
import { catalogueChanged } from '../marketplace/cache.ts';

const INDEX =
  '<!doctype html><html lang="en-ZA"><head><title>Matric Moments</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDir: string;
let mail: MailCatcher;
let png: Buffer;
let photography: string;
let venues: string;
let provider: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mm-held-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  t = await createTestApp({ webDir });
  mail = await catchMail(t);
  const db = t.database.db;
  await seedReferenceData(db);
  png = await drawDemoImage({ width: 200, height: 120, seed: 7, label: 'h' });
  photography = await categoryId(db, 'photography');
  venues = await categoryId(db, 'venues');
  provider = await createProvider(t, { businessName: 'Golden Hour Studio' });
  other = await createProvider(t, { businessName: 'Someone Else' });
  admin = await createAdmin(t);
  user = await signUp(t);
});
afterAll(async () => {
  await mail.close();
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});
afterEach(async () => {
  await t.database.db.delete(outbox);
  mail.clear();
});

const APPROVED = {
  title: 'Golden Hour Farewell Photos',
  description: 'Portraits at sunset before the dance, 150 edited photos.',
};

async function approvedListing() {
  const listing = await createListing(t.database.db, provider.providerId, {
    ...APPROVED,
    categorySlug: 'photography',
    province: 'western_cape',
    city: 'Cape Town',
    images: 2,
  });
  catalogueChanged(t.database.db);
  return listing;
}

const liveImages = ['/uploads/listing-images/test0-800.webp', '/uploads/listing-images/test1-800.webp'];

function form(over: Record<string, unknown> = {}) {
  return {
    title: APPROVED.title,
    categoryId: photography,
    description: APPROVED.description,
    province: 'western_cape',
    city: 'Cape Town',
    priceFrom: 2500,
    priceTo: 4800,
    latitude: null,
    longitude: null,
    images: liveImages.map((url, i) => ({ url, isPrimary: i === 0 })),
    ...over,
  };
}

const put = (id: string, payload: Record<string, unknown>, cookie = provider.cookie) =>
  t.app.inject({ method: 'PUT', url: `/api/provider/listings/${id}`, headers: { cookie }, payload });
const publicListing = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/listings/${id}` })).json() as {
    title: string;
    description: string;
    priceFrom: number | null;
    category: { slug: string };
    images: { imageUrl: string }[];
  };
const searchTitles = async (q: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/listings?search=${encodeURIComponent(q)}` })).json() as {
      items: { title: string }[];
    }
  ).items.map((i) => i.title);
const page = async (id: string) => (await t.app.inject({ method: 'GET', url: `/listing/${id}` })).body;
const detail = async (id: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/listings/${id}`,
      headers: { cookie: admin.cookie },
    })
  ).json() as {
    hasChanges: boolean;
    changes: {
      revision: string;
      fields: { field: string; before: string; after: string }[];
      images: { before: string[]; after: string[] } | null;
    } | null;
  };
const decide = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/admin/listings/${id}/changes`, headers: { cookie }, payload });

async function sent() {
  return (await mail.deliver()).map((m) => ({
    to: m.recipients,
    subject: m.parsed.subject ?? '',
    text: m.parsed.text ?? '',
  }));
}

describe('an edit of an approved listing', () => {
  it('keeps the approved version public until an admin approves the changes', async () => {
    const listing = await approvedListing();
    const res = await put(
      listing.id,
      form({ title: 'Neon Rave Photo Booth', description: 'A booth with props.', priceFrom: 1999 }),
    );
    expect(res.statusCode).toBe(204);

    // The public: approved text, but the new price (it cannot mislead) at once.
    const shown = await publicListing(listing.id);
    expect(shown.title).toBe(APPROVED.title);
    expect(shown.description).toBe(APPROVED.description);
    expect(shown.priceFrom).toBe(1999);
    expect(await searchTitles('neon')).toEqual([]);
    expect(await searchTitles('golden')).toContain(APPROVED.title);
    const html = await page(listing.id);
    expect(html).toContain(`<title>${APPROVED.title}`);
    expect(html).not.toContain('Neon Rave');
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.status).toBe('approved');

    // The provider: the edited version in the form, both versions side by side, a marked card.
    const own = (
      await t.app.inject({
        method: 'GET',
        url: `/api/provider/listings/${listing.id}`,
        headers: { cookie: provider.cookie },
      })
    ).json() as { title: string; status: string; changes: { fields: { field: string; before: string }[] } };
    expect(own.title).toBe('Neon Rave Photo Booth');
    expect(own.status).toBe('approved');
    expect(own.changes.fields.map((f) => [f.field, f.before])).toEqual([
      ['title', APPROVED.title],
      ['description', APPROVED.description],
    ]);
    const cards = (
      await t.app.inject({
        method: 'GET',
        url: '/api/provider/listings',
        headers: { cookie: provider.cookie },
      })
    ).json() as { items: { id: string; title: string; hasChanges: boolean }[] };
    expect(cards.items.find((c) => c.id === listing.id)).toMatchObject({
      title: APPROVED.title,
      hasChanges: true,
    });

    // The admin: the Changes tab and the difference.
    const tab = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/listings?status=changes',
        headers: { cookie: admin.cookie },
      })
    ).json() as { items: { id: string; hasChanges: boolean }[]; counts: { changes: number }; total: number };
    expect(tab.items.map((i) => i.id)).toContain(listing.id);
    expect(tab.total).toBe(tab.counts.changes);
    const d = await detail(listing.id);
    expect(d.hasChanges).toBe(true);
    expect(d.changes!.fields).toEqual([
      { field: 'title', label: 'Title', before: APPROVED.title, after: 'Neon Rave Photo Booth' },
      {
        field: 'description',
        label: 'Description',
        before: APPROVED.description,
        after: 'A booth with props.',
      },
    ]);
    expect(d.changes!.images).toBeNull();

    // Approved: live at once, search documents included; one audit row.
    const approve = await decide(listing.id, { revision: d.changes!.revision, status: 'approved' });
    expect(approve.statusCode).toBe(200);
    expect((await publicListing(listing.id)).title).toBe('Neon Rave Photo Booth');
    expect(await searchTitles('neon')).toEqual(['Neon Rave Photo Booth']);
    expect(await page(listing.id)).toContain('<title>Neon Rave Photo Booth');
    expect((await detail(listing.id)).changes).toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, listing.id), eq(auditLog.action, 'listing.approve_changes')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({ title: 'Neon Rave Photo Booth', description: 'A booth with props.' });

    // A second decision on the same revision: nothing left to decide, no second audit row.
    const again = await decide(listing.id, { revision: d.changes!.revision, status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(HELD_CHANGES_MESSAGES.none);

    const mails = await sent();
    const toProvider = mails.filter((m) => m.to.includes(provider.email));
    expect(toProvider.map((m) => m.subject)).toEqual(['Your changes are live: Neon Rave Photo Booth']);
    const toAdmin = mails.filter((m) => m.to.includes(admin.email));
    expect(toAdmin.map((m) => m.subject)).toEqual([`Listing changes awaiting moderation: ${APPROVED.title}`]);
  });

  it('puts price, coordinates and the order of approved pictures live at once, holding nothing', async () => {
    const listing = await approvedListing();
    const res = await put(
      listing.id,
      form({
        priceFrom: 100,
        priceTo: 200,
        latitude: -33.9,
        longitude: 18.4,
        images: [{ url: liveImages[1], isPrimary: true }],
      }),
    );
    expect(res.statusCode).toBe(204);
    const shown = await publicListing(listing.id);
    expect(shown.priceFrom).toBe(100);
    expect(shown.images.map((i) => i.imageUrl)).toEqual([liveImages[1]]);
    const held = await t.database.db
      .select()
      .from(listingChanges)
      .where(eq(listingChanges.listingId, listing.id));
    expect(held).toEqual([]);
    expect((await sent()).filter((m) => m.to.includes(admin.email))).toEqual([]);
  });

  it('holds a new picture and a new category, and shows them only after approval', async () => {
    const listing = await approvedListing();
    const url = await uploadImage(t, provider.cookie, 'listing-images', png);
    const images = [
      { url, isPrimary: true },
      { url: liveImages[0], isPrimary: false },
    ];
    expect((await put(listing.id, form({ images, categoryId: venues }))).statusCode).toBe(204);
    const shown = await publicListing(listing.id);
    expect(shown.images.map((i) => i.imageUrl)).toEqual(liveImages);
    expect(shown.category.slug).toBe('photography');
    // The held picture is private: its provider and admins may see it, the public may not.
    const file = (cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect((await file()).statusCode).toBe(404);
    expect((await file(provider.cookie)).statusCode).toBe(200);
    expect((await file(admin.cookie)).statusCode).toBe(200);

    const d = await detail(listing.id);
    expect(d.changes!.fields).toEqual([
      {
        field: 'categoryId',
        label: 'Category',
        before: 'Photography',
        after: 'Venues',
      },
    ]);
    expect(d.changes!.images).toEqual({ before: liveImages, after: [url, liveImages[0]] });

    expect((await decide(listing.id, { revision: d.changes!.revision, status: 'approved' })).statusCode).toBe(
      200,
    );
    const after = await publicListing(listing.id);
    expect(after.images.map((i) => i.imageUrl)).toEqual([url, liveImages[0]]);
    expect(after.category.slug).toBe('venues');
    expect((await file()).statusCode).toBe(200);
  });

  it('leaves the approved version when the changes are rejected, and tells the provider why', async () => {
    const listing = await approvedListing();
    expect((await put(listing.id, form({ title: 'Totally Different Thing' }))).statusCode).toBe(204);
    const { revision } = (await detail(listing.id)).changes!;

    const noReason = await decide(listing.id, { revision, status: 'rejected', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe(HELD_CHANGES_MESSAGES.reasonRequired);

    const reject = await decide(listing.id, {
      revision,
      status: 'rejected',
      reason: 'The title is misleading.',
    });
    expect(reject.statusCode).toBe(200);
    expect((await publicListing(listing.id)).title).toBe(APPROVED.title);
    expect((await detail(listing.id)).changes).toBeNull();
    const own = (
      await t.app.inject({
        method: 'GET',
        url: `/api/provider/listings/${listing.id}`,
        headers: { cookie: provider.cookie },
      })
    ).json() as { title: string; changes: unknown; changesRejectionReason: string | null };
    expect(own).toMatchObject({
      title: APPROVED.title,
      changes: null,
      changesRejectionReason: 'The title is misleading.',
    });
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, listing.id));
    expect(audits.map((a) => a.action)).toEqual(['listing.reject_changes']);

    const mail = (await sent()).find((m) => m.to.includes(provider.email))!;
    expect(mail.subject).toBe(`Your changes were not approved: ${APPROVED.title}`);
    expect(mail.text).toContain('The title is misleading.');
  });

  it('replaces held changes when the provider saves again, and refuses a decision on an older revision', async () => {
    const listing = await approvedListing();
    expect((await put(listing.id, form({ title: 'First Try Title' }))).statusCode).toBe(204);
    const first = (await detail(listing.id)).changes!;
    expect((await put(listing.id, form({ title: 'Second Try Title' }))).statusCode).toBe(204);
    const second = (await detail(listing.id)).changes!;
    expect(second.revision).not.toBe(first.revision);
    expect(second.fields.map((f) => f.after)).toEqual(['Second Try Title']);

    const stale = await decide(listing.id, { revision: first.revision, status: 'approved' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(HELD_CHANGES_MESSAGES.stale);
    expect((await publicListing(listing.id)).title).toBe(APPROVED.title);

    // Admins hear of the first submission only, not of every save.
    const toAdmin = (await sent()).filter((m) => m.to.includes(admin.email));
    expect(toAdmin).toHaveLength(1);

    // Saving the approved text again withdraws the changes.
    expect((await put(listing.id, form())).statusCode).toBe(204);
    expect((await detail(listing.id)).changes).toBeNull();
  });

  it('deletes held pictures with the listing, and pictures that replaced held changes drop', async () => {
    const listing = await approvedListing();
    const file = (url: string) => path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', ''));
    const first = await uploadImage(t, provider.cookie, 'listing-images', png);
    const withFirst = [{ url: first, isPrimary: true }];
    expect((await put(listing.id, form({ images: withFirst }))).statusCode).toBe(204);
    expect(isStored(file(first))).toBe(true);
    // Saved again with another new picture: the first one no version holds any more.
    const second = await uploadImage(t, provider.cookie, 'listing-images', png);
    expect((await put(listing.id, form({ images: [{ url: second, isPrimary: true }] }))).statusCode).toBe(
      204,
    );
    expect(isStored(file(first))).toBe(false);
    expect(isStored(file(second))).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/listings/${listing.id}`,
      headers: { cookie: provider.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(isStored(file(second))).toBe(false);
  });

  it('changes a listing that is not approved at once (nobody else sees it)', async () => {
    const listing = await createListing(t.database.db, provider.providerId, { status: 'pending', images: 1 });
    const res = await put(
      listing.id,
      form({ title: 'Pending Edit', images: [{ url: liveImages[0], isPrimary: true }] }),
    );
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.title).toBe('Pending Edit');
    expect((await detail(listing.id)).changes).toBeNull();
  });
});

describe('who may decide on changes', () => {
  it('refuses anonymous visitors, users and providers (their own listing included), before validation', async () => {
    const listing = await approvedListing();
    expect((await put(listing.id, form({ title: 'Held Title' }))).statusCode).toBe(204);
    const { revision } = (await detail(listing.id)).changes!;
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${listing.id}/changes`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await decide(listing.id, {}, user.cookie)).statusCode).toBe(403);
    expect((await decide(listing.id, { revision, status: 'approved' }, provider.cookie)).statusCode).toBe(
      403,
    );
    expect((await decide(listing.id, { revision, status: 'approved' }, other.cookie)).statusCode).toBe(403);
    // Another provider may not edit it either, so cannot replace the held changes.
    expect((await put(listing.id, form({ title: 'Hijack' }), other.cookie)).statusCode).toBe(403);
    expect((await detail(listing.id)).changes!.fields[0]!.after).toBe('Held Title');
    expect((await publicListing(listing.id)).title).toBe(APPROVED.title);
  });

  it('answers 404 for an unknown listing and 400 for a malformed body', async () => {
    const missing = await decide('00000000-0000-4000-8000-000000000000', {
      revision: '00000000-0000-4000-8000-000000000000',
      status: 'approved',
    });
    expect(missing.statusCode).toBe(404);
    const listing = await approvedListing();
    expect((await decide(listing.id, { revision: 'x', status: 'approved' })).statusCode).toBe(400);
  });
});

describe('moderation mail', () => {
  // A provider with no listings yet (the other one is at its package's limit).
  it('tells the admins of a new listing and the provider of its approval or rejection', async () => {
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/provider/listings',
      headers: { cookie: other.cookie },
      payload: form({
        title: 'Brand New Booth',
        images: [{ url: await uploadImage(t, other.cookie, 'listing-images', png), isPrimary: true }],
      }),
    });
    expect(create.statusCode).toBe(201);
    const { id } = create.json() as { id: string };
    let mails = await sent();
    expect(mails.filter((m) => m.to.includes(admin.email)).map((m) => m.subject)).toEqual([
      'New listing awaiting moderation: Brand New Booth',
    ]);
    mail.clear();

    const moderate = (status: string, reason?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/listings/moderation',
        headers: { cookie: admin.cookie },
        payload: { ids: [id], status, reason },
      });
    expect((await moderate('rejected', 'Photos are blurry.')).statusCode).toBe(200);
    // The same decision again changes nothing and mails nothing.
    expect((await moderate('rejected', 'Photos are blurry.')).statusCode).toBe(200);
    expect((await moderate('approved')).statusCode).toBe(200);
    mails = await sent();
    const toProvider = mails.filter((m) => m.to.includes(other.email));
    expect(toProvider.map((m) => m.subject).sort()).toEqual([
      'Your listing is live: Brand New Booth',
      'Your listing was not approved: Brand New Booth',
    ]);
    expect(toProvider.find((m) => m.subject.startsWith('Your listing was not'))!.text).toContain(
      'Photos are blurry.',
    );
  });

  it('records no mail when the transaction that caused it rolls back', async () => {
    const listing = await createListing(t.database.db, provider.providerId, { status: 'pending' });
    const db = t.database.db;
    // Fails every transaction that writes to the outbox, at its commit: after the mail was recorded.
    await db.execute(sql`create function fail_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`);
    await db.execute(sql`create constraint trigger outbox_fail_at_commit after insert on outbox
      deferrable initially deferred for each row execute function fail_at_commit()`);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/listings/moderation',
        headers: { cookie: admin.cookie },
        payload: { ids: [listing.id], status: 'approved' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await db.execute(sql`drop trigger outbox_fail_at_commit on outbox`);
      await db.execute(sql`drop function fail_at_commit()`);
    }
    const [row] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.status).toBe('pending');
    expect(await db.select().from(outbox)).toEqual([]);
    expect(await sent()).toEqual([]);
  });
});
