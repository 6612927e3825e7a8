import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_SENDER_EMAIL, DELETED_SENDER_NAME, PRIVACY_MESSAGES } from '../../../domain/privacy.ts';
import { grantRole } from '../../auth/roles.ts';
import {
  auditLog,
  enquiries,
  favorites,
  listingImages,
  notificationSettings,
  premiumAccessLogs,
  premiumContentAccess,
  reviews,
  serviceProviders,
  user as userTable,
} from '../../db/schema.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import {
  cookieFrom,
  createTestApp,
  formGuardFields,
  signUp,
  uploadImage,
  type TestApp,
} from '../../test/helpers.ts';
import { erasedAccountRef } from './erase.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  admin = await createAdmin(t);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: unknown) => {
  ipCounter += 1;
  return t.app.inject({
    method,
    url,
    // Each request from its own address, so the per-address enquiry limit stays out of the way.
    remoteAddress: `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
};

const exportOf = async (cookie: string) => {
  const res = await inject('GET', '/api/me/data-export', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { res, data: res.json() as ExportDocument };
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A data export, read loosely: each test checks the parts it is about. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is checked field by field
type ExportDocument = Record<string, any>;

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/**
 * Every text, character, array and JSON column of every table of the schema (read from the catalogue, so a
 * table added later is searched too) that contains one of `needles`: "table.column" for each hit.
 */
async function traces(needles: string[]): Promise<string[]> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await t.database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public'
        and (data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'))
        and table_name in (select table_name from information_schema.tables
                           where table_schema = 'public' and table_type = 'BASE TABLE')
      order by table_name, column_name`),
  );
  expect(rows.length).toBeGreaterThan(40);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of rows) {
    for (const needle of needles) {
      const found = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)}
              where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`,
        ),
      );
      if (Number(found[0]?.n) > 0) hits.push(`${table}.${column} ~ ${needle}`);
    }
  }
  return hits;
}

/**
 * A provider with a listing and its uploaded image, who also favourited, enquired about and reviewed
 * another provider's listing, asked for the Matric Guide, read it, turned a notification off, was given a
 * package by an admin, received an enquiry with a conversation and is signed in twice.
 */
async function userWithEverything(label: string) {
  const db = t.database.db;
  const name = `Nomvula ${label} Dlamini-Erasure`;
  const account = await signUp(t, { fullName: name });
  const [provider] = await db
    .insert(serviceProviders)
    .values({ userId: account.userId, businessName: `Sunset ${label} Decor`, packageType: 'premium' })
    .returning();
  await grantRole(db, account.userId, 'service_provider');
  const png = await drawDemoImage({ width: 320, height: 200, seed: 7, label: 'x' });
  const imageUrl = await uploadImage(t, account.cookie, 'listing-images', png);
  const own = await createListing(db, provider!.id, { images: 0, title: `Glow ${label} Lights` });
  await db.insert(listingImages).values({ listingId: own.id, imageUrl, isPrimary: true });

  const other = await createProvider(t, { businessName: `Survivor ${label} Studio` });
  const theirs = await createListing(db, other.providerId, { title: `Survivor ${label} Shoot` });
  await db.insert(favorites).values({ userId: account.userId, listingId: theirs.id });
  await db.insert(reviews).values({
    listingId: theirs.id,
    serviceProviderId: other.providerId,
    userId: account.userId,
    rating: 4,
    comment: 'Lovely photos, on time and friendly.',
  });
  const sent = await inject('POST', '/api/enquiries', account.cookie, {
    ...formGuardFields(t),
    listingId: theirs.id,
    name,
    email: account.email,
    phone: '082 555 0101',
    message: 'Is the 28th of November still free for our farewell?',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const sentId = (sent.json() as { id: string }).id;
  const answer = await inject('POST', `/api/enquiries/${sentId}/messages`, other.cookie, {
    body: 'Yes, the 28th is free. Shall I hold it for you?',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const followUp = await inject('POST', `/api/enquiries/${sentId}/messages`, account.cookie, {
    body: 'Please hold it, we will confirm on Friday.',
  });
  expect(followUp.statusCode, followUp.body).toBe(201);

  const client = await signUp(t, { fullName: `Client of ${label}` });
  const received = await inject('POST', '/api/enquiries', client.cookie, {
    ...formGuardFields(t),
    listingId: own.id,
    name: `Client of ${label}`,
    email: client.email,
    message: 'Do you deliver lights to Soweto?',
  });
  expect(received.statusCode, received.body).toBe(201);
  const receivedId = (received.json() as { id: string }).id;
  const reply = await inject('POST', `/api/enquiries/${receivedId}/messages`, account.cookie, {
    body: 'We do, delivery is free within Gauteng.',
  });
  expect(reply.statusCode, reply.body).toBe(201);

  await db.insert(premiumContentAccess).values({ userId: account.userId, paymentReference: `MM-${label}` });
  await db.insert(premiumAccessLogs).values({ userId: account.userId, userAgent: 'Test browser' });
  await db
    .insert(notificationSettings)
    .values({ userId: account.userId, category: 'enquiries', enabled: false });
  const pkg = await inject('PUT', `/api/admin/users/${account.userId}/package`, admin.cookie, {
    packageType: 'premium',
  });
  expect(pkg.statusCode, pkg.body).toBe(200);
  const again = await inject('POST', '/api/auth/sign-in', null, {
    email: account.email,
    password: 'secret123',
  });
  expect(again.statusCode, again.body).toBe(200);

  const imageName = path.basename(imageUrl);
  expect(filesUnder(t.config.dataDir).some((f) => path.basename(f) === imageName)).toBe(true);
  return {
    ...account,
    name,
    providerId: provider!.id,
    imageName,
    listingId: own.id,
    theirListingId: theirs.id,
    sentEnquiryId: sentId,
  };
}

/** Nothing of `who` is left in any table or in the upload storage; what stays is anonymous. */
async function expectErased(who: Awaited<ReturnType<typeof userWithEverything>>) {
  expect(await traces([who.userId, who.email, who.name])).toEqual([]);
  expect(filesUnder(t.config.dataDir).filter((f) => path.basename(f) === who.imageName)).toEqual([]);
  const db = t.database.db;
  // Their review stays, without its author: shown as 'Anonymous User'.
  const listed = await inject('GET', `/api/listings/${who.theirListingId}/reviews`, null);
  expect(listed.statusCode, listed.body).toBe(200);
  const items = (listed.json() as { items: { userId: string | null; user: { name: string | null } }[] })
    .items;
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({ userId: null, user: { name: null } });
  // The enquiry they sent stays with the provider, with its conversation, without their details.
  const [kept] = await db.select().from(enquiries).where(eq(enquiries.id, who.sentEnquiryId));
  expect(kept).toMatchObject({
    userId: null,
    userName: DELETED_SENDER_NAME,
    userEmail: DELETED_SENDER_EMAIL,
    userPhone: null,
  });
  // The deletion is in the audit log under an opaque reference.
  const audit = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, erasedAccountRef(who.userId)));
  expect(audit.map((a) => a.action)).toContain('user.package_change');
  return audit;
}

describe('download my data', () => {
  it('refuses anonymous callers (401)', async () => {
    const res = await inject('GET', '/api/me/data-export', null);
    expect(res.statusCode).toBe(401);
  });

  it('gives a user their own data as a dated JSON attachment, whatever parameter is added', async () => {
    const someone = await userWithEverything('Export');
    const stranger = await signUp(t, { fullName: 'Stranger Person' });
    const { res, data } = await exportOf(someone.cookie);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="matric-moments-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(data.account).toMatchObject({ id: someone.userId, email: someone.email });
    expect(data.profile).toMatchObject({ fullName: someone.name });
    expect(data.roles.map((r: { role: string }) => r.role).sort()).toEqual(['service_provider', 'user']);
    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    expect(data.consents.map((c: { kind: string }) => c.kind).sort()).toEqual(['guardian', 'terms']);
    expect(JSON.stringify(data.sessions)).not.toContain('token');
    expect(data.provider.businessName).toBe('Sunset Export Decor');
    expect(data.provider.listings).toHaveLength(1);
    expect(data.provider.listings[0].images[0].url).toMatch(new RegExp(`${someone.imageName}$`));
    expect(data.favourites).toEqual([expect.objectContaining({ listingId: someone.theirListingId })]);
    expect(data.enquiriesSent).toHaveLength(1);
    expect(data.enquiriesSent[0].conversation.map((m: { body: string }) => m.body)).toEqual([
      'Yes, the 28th is free. Shall I hold it for you?',
      'Please hold it, we will confirm on Friday.',
    ]);
    expect(data.enquiriesReceived).toHaveLength(1);
    expect(data.enquiriesReceived[0].conversation).toHaveLength(1);
    expect(data.reviewsWritten).toEqual([expect.objectContaining({ rating: 4 })]);
    expect(data.matricGuideRequests).toEqual([expect.objectContaining({ paymentReference: 'MM-Export' })]);
    expect(data.matricGuideAccessLog).toEqual([expect.objectContaining({ userAgent: 'Test browser' })]);
    expect(data.notificationSettings).toEqual([
      expect.objectContaining({ category: 'enquiries', enabled: false }),
    ]);
    expect(data.adminActionsAboutYou.map((a: { action: string }) => a.action)).toContain(
      'user.package_change',
    );
    expect(JSON.stringify(data.adminActionsAboutYou)).not.toContain(admin.email);
    expect(data.adminActionsByYou).toEqual([]);
    expect(data.emails.length).toBeGreaterThan(0);

    // No way to ask for someone else's: parameters are not read.
    const asked = await inject(
      'GET',
      `/api/me/data-export?userId=${stranger.userId}&id=${stranger.userId}`,
      someone.cookie,
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json().account.id).toBe(someone.userId);
    expect(asked.body).not.toContain(stranger.email);
    const theirs = await exportOf(stranger.cookie);
    expect(theirs.data.account.id).toBe(stranger.userId);
    expect(theirs.res.body).not.toContain(someone.email);
    expect(theirs.data.provider).toBeNull();
    expect(theirs.data.enquiriesReceived).toEqual([]);
  });

  it('gives an admin the actions they took; a plain user gets none of the admin log', async () => {
    const { data } = await exportOf(admin.cookie);
    expect(data.roles.map((r: { role: string }) => r.role)).toContain('admin');
    expect(data.adminActionsByYou.map((a: { action: string }) => a.action)).toContain('user.package_change');
    const plain = await signUp(t);
    const mine = await exportOf(plain.cookie);
    expect(mine.data.adminActionsByYou).toEqual([]);
    expect(mine.data.adminActionsAboutYou).toEqual([]);
  });

  it('limits downloads to 5 an hour per user (429 with a clear message)', async () => {
    const busy = await signUp(t);
    for (let k = 0; k < 5; k++) await exportOf(busy.cookie);
    const res = await inject('GET', '/api/me/data-export', busy.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(PRIVACY_MESSAGES.tooManyExports);
    // Another user is not affected.
    await exportOf((await signUp(t)).cookie);
  });
});

describe('delete my account', () => {
  const remove = (cookie: string | null, body: unknown) =>
    inject('POST', '/api/me/delete-account', cookie, body);

  it('refuses anonymous callers, a wrong confirmation word and a wrong password', async () => {
    expect((await remove(null, { password: 'secret123', confirmation: 'DELETE' })).statusCode).toBe(401);
    const user = await signUp(t);
    const word = await remove(user.cookie, { password: 'secret123', confirmation: 'delete' });
    expect(word.statusCode).toBe(400);
    expect(word.json().error.fields.confirmation).toBe(PRIVACY_MESSAGES.confirmationWrong);
    const password = await remove(user.cookie, { password: 'wrong-password', confirmation: 'DELETE' });
    expect(password.statusCode).toBe(400);
    expect(password.json().error).toMatchObject({
      message: PRIVACY_MESSAGES.passwordWrong,
      fields: { password: PRIVACY_MESSAGES.passwordWrong },
    });
    expect(await t.database.db.select().from(userTable).where(eq(userTable.id, user.userId))).toHaveLength(1);
  });

  it('refuses the last admin (409) and lets an admin go once another admin exists', async () => {
    const res = await remove(admin.cookie, { password: 'secret123', confirmation: 'DELETE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(PRIVACY_MESSAGES.lastAdmin);
    const second = await createAdmin(t);
    const gone = await remove(second.cookie, { password: 'secret123', confirmation: 'DELETE' });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.database.db.select().from(userTable).where(eq(userTable.id, second.userId))).toEqual([]);
  });

  it('erases a user with every kind of data: nothing personal is left in any table or folder', async () => {
    const doomed = await userWithEverything('Self');
    const res = await remove(doomed.cookie, { password: 'secret123', confirmation: ' DELETE ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PRIVACY_MESSAGES.accountDeleted });
    // The browser is signed out: its cookies are cleared, and the old session no longer works.
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] as string[] | string);
    expect(cleared.some((c) => /^mm\.session_token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(cookieFrom(res)).toBe('');
    expect((await inject('GET', '/api/me', doomed.cookie)).json()).toEqual({ user: null });
    expect((await inject('GET', '/api/me/data-export', doomed.cookie)).statusCode).toBe(401);
    const audit = await expectErased(doomed);
    expect(audit.find((a) => a.action === 'account.self_delete')).toMatchObject({
      actorUserId: null,
      before: { hadProvider: true, listingsRemoved: 1, enquiriesAnonymised: 1, imagesRemoved: 1 },
    });
  });

  it('erases the same way when an admin deletes the user', async () => {
    const doomed = await userWithEverything('Admin');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${doomed.userId}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(204);
    const audit = await expectErased(doomed);
    expect(audit.find((a) => a.action === 'user.delete')).toMatchObject({ actorUserId: admin.userId });
  });
});
