/**
 * The app on an S3-compatible bucket (decision 0053), end to end against a local S3-protocol server: an
 * upload through the API lands in the bucket's private prefix, is served to its uploader only, becomes
 * public when claimed and is then served by the app with a year's cache (no S3_PUBLIC_URL) or redirected
 * to the bucket's public URL (S3_PUBLIC_URL); unclaimed uploads are cleaned from the bucket; /api/ready
 * names the storage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariant } from '../../domain/format.ts';
import { pruneUnclaimedUploads } from '../features/uploads/service.ts';
import { uploads } from '../db/schema.ts';
import { createTestApp, signUp, uploadImage, type TestApp } from '../test/helpers.ts';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { drawDemoImage } from './demo-images.ts';
import { variantKeysOf } from './images.ts';
import { eq } from 'drizzle-orm';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let png: Buffer;
let s3: TestS3Server;
/** The app without S3_PUBLIC_URL (it proxies public images) and, on the same database, one with it. */
let t: TestApp;
let redirecting: TestApp;

beforeAll(async () => {
  png = await drawDemoImage({ width: 640, height: 400, seed: 7, label: 's3' });
  s3 = await startTestS3Server({ publicUrl: true });
  t = await createTestApp({ storage: { s3: { ...s3.config, publicUrl: undefined } } });
  redirecting = await createTestApp({ storage: { s3: s3.config } }, { database: t.database });
  // A fresh database and two apps on a busy machine take longer than the usual hook limit.
}, 180_000);
afterAll(async () => {
  await redirecting?.close();
  await t?.close();
  await s3?.close();
});

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

describe('the app on S3 without a public URL (the app proxies)', () => {
  let user: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    user = await signUp(t);
    other = await signUp(t);
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('reports the bucket in /api/ready', async () => {
    const res = await get('/api/ready');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checks.storage).toBe('ok');
  });

  it('stores an upload privately in the bucket: its uploader sees it, nobody else does', async () => {
    const url = await uploadImage(t, user.cookie, 'avatars', png);
    expect(url).toMatch(/^\/uploads\/avatars\/[a-f0-9]{24}-800\.webp$/);
    for (const key of variantKeysOf(t.storage, url)) {
      expect(await t.storage.stat(key), key).toMatchObject({ public: false });
    }
    const mine = await get(url, user.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.rawPayload).toEqual(await t.storage.get(keyOf(url)));
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, other.cookie)).statusCode).toBe(404);
    expect((await get('/uploads/avatars/000000000000000000000000-800.webp')).statusCode).toBe(404);
    expect((await get('/uploads/avatars/..%2Fx-800.webp')).statusCode).toBe(404);
  });

  it('publishes a claimed avatar and serves it to everyone from the bucket with a year’s cache', async () => {
    const url = await uploadImage(t, user.cookie, 'avatars', png);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie: user.cookie },
      payload: { fullName: 'Thandi Mokoena', phone: '', city: '', province: '', avatarUrl: url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Published after the commit, or at the latest on its first request.
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    for (const variant of [url, imageVariant(url, 400), imageVariant(url, 1600)]) {
      expect(await t.storage.stat(keyOf(variant)), variant).toMatchObject({ public: true });
      const res = await get(variant);
      expect(res.statusCode, variant).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload).toEqual(await t.storage.get(keyOf(variant)));
    }
  });

  it('removes unclaimed uploads older than a day from the bucket', async () => {
    const stale = await uploadImage(t, user.cookie, 'avatars', png);
    const fresh = await uploadImage(t, user.cookie, 'avatars', png);
    await t.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(uploads.url, stale));
    expect(await pruneUnclaimedUploads(t.database.db, t.storage)).toBe(1);
    for (const key of variantKeysOf(t.storage, stale)) expect(await t.storage.stat(key), key).toBeNull();
    for (const key of variantKeysOf(t.storage, fresh)) expect(await t.storage.stat(key), key).not.toBeNull();
  });
});

describe('the app on S3 with S3_PUBLIC_URL (redirects to the bucket)', () => {
  let user: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    user = await signUp(redirecting);
  });

  it('redirects a public image to the bucket’s URL, which serves the same bytes; private ones stay in the app', async () => {
    const url = await uploadImage(redirecting, user.cookie, 'avatars', png);
    // Private: the app answers (to its uploader), no redirect to a place anyone could fetch.
    const before = await redirecting.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
    expect(before.statusCode).toBe(200);
    expect(before.headers.location).toBeUndefined();

    const saved = await redirecting.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie: user.cookie },
      payload: { fullName: 'Sipho Dlamini', phone: '', city: '', province: '', avatarUrl: url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await redirecting.app.inject({ method: 'GET', url }); // publishes it if the settle after the commit has not yet
    const res = await redirecting.app.inject({ method: 'GET', url: imageVariant(url, 400) });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    const location = String(res.headers.location);
    expect(location).toBe(`${s3.config.publicUrl}/${keyOf(imageVariant(url, 400))}`);

    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(
      await redirecting.storage.get(keyOf(imageVariant(url, 400))),
    );
  });
});

describe('readiness', () => {
  it('fails readiness, naming the storage, when the bucket does not answer', async () => {
    await s3.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', checks: { storage: 'unavailable' } });
  });
});
