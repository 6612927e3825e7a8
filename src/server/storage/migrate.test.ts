/**
 * `npm run storage:migrate` (decision 0053): local images reach the bucket in their own area, and a second
 * run copies nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { migrateLocalToStorage } from './migrate.ts';
import { createS3Storage } from './s3.ts';
import { createLocalStorage, type Storage } from './storage.ts';

let tmp: string;
let s3: TestS3Server;
let bucket: Storage;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'mm-migrate-'));
  s3 = await startTestS3Server();
  bucket = createS3Storage({ config: s3.config });
});
afterAll(async () => {
  await s3?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('migrateLocalToStorage', () => {
  it('copies public and private images into the same areas, then nothing on a second run', async () => {
    const rootDir = path.join(tmp, 'uploads');
    const local = createLocalStorage({ rootDir });
    await local.put('listing-images/aa11-800.webp', Buffer.from('public listing image'), 'image/webp', {
      public: true,
    });
    await local.put('avatars/bb22-400.webp', Buffer.from('private avatar'), 'image/webp');
    await local.put('site-assets/cc33-1600.webp', Buffer.from('public asset'), 'image/webp', {
      public: true,
    });
    // A leftover temp file is no key: reported, not copied.
    await writeFile(path.join(rootDir, 'listing-images', '.aa11-800.webp.abc.tmp'), 'partial');

    const first = await migrateLocalToStorage({ rootDir }, bucket);
    expect(first).toEqual({ copied: 3, skipped: 0, ignored: ['listing-images/.aa11-800.webp.abc.tmp'] });
    expect(await bucket.stat('listing-images/aa11-800.webp')).toEqual({ size: 20, public: true });
    expect(await bucket.stat('avatars/bb22-400.webp')).toEqual({ size: 14, public: false });
    expect((await bucket.get('site-assets/cc33-1600.webp'))?.toString()).toBe('public asset');

    const second = await migrateLocalToStorage({ rootDir }, bucket);
    expect(second).toMatchObject({ copied: 0, skipped: 3 });

    // An object the bucket holds with another size (an interrupted copy) is copied again; the bucket's
    // area wins for one it holds complete (it may have moved it since).
    await bucket.put('avatars/bb22-400.webp', Buffer.from('half'), 'image/webp');
    await bucket.setPublic(['listing-images/aa11-800.webp'], false);
    const third = await migrateLocalToStorage({ rootDir }, bucket);
    expect(third).toMatchObject({ copied: 1, skipped: 2 });
    expect((await bucket.get('avatars/bb22-400.webp'))?.toString()).toBe('private avatar');
    expect(await bucket.stat('listing-images/aa11-800.webp')).toEqual({ size: 20, public: false });
  });

  it('copies nothing from a data dir without uploads', async () => {
    expect(await migrateLocalToStorage({ rootDir: path.join(tmp, 'none') }, bucket)).toEqual({
      copied: 0,
      skipped: 0,
      ignored: [],
    });
  });
});
