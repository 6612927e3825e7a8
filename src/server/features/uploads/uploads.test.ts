/**
 * POST /api/uploads and the upload lifecycle: who may upload where, refusals that store nothing, claims
 * that only the uploader can make, and the prune of unclaimed uploads with their files.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ERRORS, UPLOAD_MESSAGES } from '../../../domain/images.ts';
import { uploads } from '../../db/schema.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import { createAdmin, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, isStored, multipart, signUp, uploadImage, type TestApp } from '../../test/helpers.ts';
import { claimUploads, deleteImageFiles, pruneUnclaimedUploads } from './service.ts';
import type { Actor } from '../../auth/policy.ts';

let t: TestApp;
let png: Buffer;
let user: Awaited<ReturnType<typeof signUp>>;
let provider: Awaited<ReturnType<typeof createProvider>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  png = await drawDemoImage({ width: 640, height: 400, seed: 3, label: 'x' });
  user = await signUp(t);
  provider = await createProvider(t);
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const post = (fields: Record<string, string>, file: Parameters<typeof multipart>[1], cookie?: string) => {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
};

/** Files under the storage root for a public URL's variants. */
const variantFiles = (url: string) =>
  [400, 800, 1600].map((w) =>
    path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', '').replace('-800.webp', `-${w}.webp`)),
  );
const uploadRows = async () => (await t.database.db.select().from(uploads)).length;

const actorOf = (account: { userId: string; email: string }, role: Actor['role']): Actor => ({
  userId: account.userId,
  email: account.email,
  role,
  roles: [role],
});

describe('POST /api/uploads', () => {
  it('refuses signed-out callers', async () => {
    expect((await post({ bucket: 'avatars' }, { data: png })).statusCode).toBe(401);
  });

  it.each([
    ['listing-images', 'user'],
    ['logos', 'user'],
    ['hero-banners', 'provider'],
    ['site-assets', 'provider'],
  ] as const)('refuses %s to a %s (403)', async (bucket, who) => {
    const cookie = who === 'user' ? user.cookie : provider.cookie;
    const before = await uploadRows();
    const res = await post({ bucket }, { data: png }, cookie);
    expect(res.statusCode).toBe(403);
    expect(await uploadRows()).toBe(before);
  });

  it('stores an avatar for any signed-in user, in three sizes, and records the uploader', async () => {
    const res = await post({ bucket: 'avatars' }, { data: png }, user.cookie);
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json();
    expect(url).toMatch(/^\/uploads\/avatars\/[a-f0-9]+-800\.webp$/);
    for (const file of variantFiles(url)) expect(isStored(file)).toBe(true);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ userId: user.userId, bucket: 'avatars', claimedAt: null });
    // Unclaimed, it is the uploader's (and admins') alone: a form's preview works, nobody else sees it.
    const mine = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { cookie: provider.cookie } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })).statusCode).toBe(
      200,
    );
  });

  it('lets providers upload listing images and logos, and admins everything', async () => {
    expect((await post({ bucket: 'listing-images' }, { data: png }, provider.cookie)).statusCode).toBe(201);
    expect((await post({ bucket: 'logos' }, { data: png }, provider.cookie)).statusCode).toBe(201);
    for (const bucket of ['hero-banners', 'site-assets', 'listing-images', 'logos', 'avatars'])
      expect((await post({ bucket }, { data: png }, admin.cookie)).statusCode).toBe(201);
  });

  it('refuses a missing file with the spec’s message', async () => {
    const none = await post({ bucket: 'avatars' }, null, user.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(UPLOAD_ERRORS.NO_FILE);
    const empty = await post({ bucket: 'avatars' }, { data: Buffer.alloc(0) }, user.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(UPLOAD_ERRORS.NO_FILE);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: user.cookie },
      payload: { bucket: 'avatars' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses an unknown bucket', async () => {
    const res = await post({ bucket: '../etc' }, { data: png }, admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(UPLOAD_MESSAGES.unknownBucket);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a text file named .png', Buffer.from('hello, not an image')],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
  ])('refuses %s with a clear message and stores nothing', async (_what, data) => {
    const before = await uploadRows();
    const res = await post({ bucket: 'avatars' }, { data, name: 'x.png' }, user.cookie);
    expect(res.statusCode).toBe(400);
    expect([UPLOAD_ERRORS.UNSUPPORTED_IMAGE, UPLOAD_ERRORS.INVALID_IMAGE]).toContain(
      res.json().error.message,
    );
    expect(res.json().error.fields.file).toBe(res.json().error.message);
    expect(await uploadRows()).toBe(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await post({ bucket: 'avatars' }, { data: big }, user.cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('claims and cleanup', () => {
  it('only the uploader claims an upload, once, for its own bucket; admins may claim any', async () => {
    const url = await uploadImage(t, provider.cookie, 'logos', png);
    const db = t.database.db;
    const other = await createProvider(t);
    await expect(claimUploads(db, actorOf(other, 'service_provider'), 'logos', [url])).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      claimUploads(db, actorOf(provider, 'service_provider'), 'listing-images', [url]),
    ).rejects.toMatchObject({ statusCode: 400 });
    await claimUploads(db, actorOf(provider, 'service_provider'), 'logos', [url]);
    await expect(
      claimUploads(db, actorOf(provider, 'service_provider'), 'logos', [url]),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    const mine = await uploadImage(t, user.cookie, 'avatars', png);
    await claimUploads(db, actorOf(admin, 'admin'), 'avatars', [mine]);
  });

  it('claims all or nothing', async () => {
    const db = t.database.db;
    const a = await uploadImage(t, provider.cookie, 'listing-images', png);
    const actor = actorOf(provider, 'service_provider');
    await expect(
      db.transaction((tx) =>
        claimUploads(tx, actor, 'listing-images', [a, '/uploads/listing-images/nope-800.webp']),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    const [row] = await db.select().from(uploads).where(eq(uploads.url, a));
    expect(row!.claimedAt).toBeNull();
  });

  it('prunes uploads left unclaimed for a day, files included, and keeps claimed ones', async () => {
    const db = t.database.db;
    const stale = await uploadImage(t, user.cookie, 'avatars', png);
    const kept = await uploadImage(t, user.cookie, 'avatars', png);
    const fresh = await uploadImage(t, user.cookie, 'avatars', png);
    await claimUploads(db, actorOf(user, 'user'), 'avatars', [kept]);
    await db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(uploads.url, stale));
    await db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(uploads.url, kept));
    expect(await pruneUnclaimedUploads(db, t.storage)).toBeGreaterThanOrEqual(1);
    for (const file of variantFiles(stale)) expect(isStored(file)).toBe(false);
    for (const file of [...variantFiles(kept), ...variantFiles(fresh)]) expect(isStored(file)).toBe(true);
    const urls = (await db.select({ url: uploads.url }).from(uploads)).map((r) => r.url);
    expect(urls).not.toContain(stale);
    expect(urls).toEqual(expect.arrayContaining([kept, fresh]));
  });

  it('deleteImageFiles removes every variant and the record', async () => {
    const url = await uploadImage(t, user.cookie, 'avatars', png);
    await deleteImageFiles(t.database.db, t.storage, [url]);
    for (const file of variantFiles(url)) expect(isStored(file)).toBe(false);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.url, url))).toHaveLength(0);
  });
});
