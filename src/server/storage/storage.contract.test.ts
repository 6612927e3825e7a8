/**
 * One contract, both drivers (decision 0053): the local disk and an S3-compatible bucket (a local
 * S3-protocol server started here) must behave the same behind the Storage interface. Each driver's own
 * details (folders on disk, prefixes in the bucket) are checked in storage.test.ts and s3.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../domain/format.ts';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { drawDemoImage } from './demo-images.ts';
import { deleteStoredImage, storeImage, variantKeysOf } from './images.ts';
import { createS3Storage } from './s3.ts';
import { createLocalStorage, isValidKey, type Storage } from './storage.ts';

interface Driver {
  name: string;
  /** A fresh, empty storage. */
  open(): Promise<Storage>;
  close(): Promise<void>;
}

function localDriver(): Driver {
  let tmp: string | undefined;
  return {
    name: 'local disk',
    async open() {
      if (tmp) await rm(tmp, { recursive: true, force: true });
      tmp = await mkdtemp(path.join(os.tmpdir(), 'mm-contract-'));
      return createLocalStorage({ rootDir: path.join(tmp, 'uploads') });
    },
    async close() {
      if (tmp) await rm(tmp, { recursive: true, force: true });
    },
  };
}

function s3Driver(): Driver {
  let server: TestS3Server | undefined;
  let round = 0;
  return {
    name: 'S3 (local S3-protocol server)',
    async open() {
      server ??= await startTestS3Server();
      // A fresh bucket per test: the same server, a new name.
      round += 1;
      const bucket = `contract-${round}`;
      const storage = createS3Storage({ config: { ...server.config, bucket } });
      const { CreateBucketCommand } = await import('@aws-sdk/client-s3');
      await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
      return storage;
    },
    async close() {
      await server?.close();
    },
  };
}

describe.each([localDriver(), s3Driver()])('storage contract: $name', (driver) => {
  let storage: Storage;
  let png: Buffer;

  beforeAll(async () => {
    png = await drawDemoImage({ width: 900, height: 500, seed: 11, label: 'contract' });
  });
  beforeEach(async () => {
    storage = await driver.open();
  });
  afterAll(() => driver.close());

  it('puts and gets objects, and a put replaces the object', async () => {
    const key = 'listing-images/ab12cd-800.webp';
    await storage.put(key, Buffer.from('hello'), 'image/webp');
    expect(await storage.get(key)).toEqual(Buffer.from('hello'));
    await storage.put(key, Buffer.from('replaced!'), 'image/webp');
    expect((await storage.get(key))?.toString()).toBe('replaced!');
    expect(await storage.stat(key)).toEqual({ size: 9, public: false });
  });

  it('answers null for missing objects', async () => {
    expect(await storage.get('avatars/nope.webp')).toBeNull();
    expect(await storage.get('nothing-here/at/all.webp')).toBeNull();
    expect(await storage.stat('avatars/nope.webp')).toBeNull();
  });

  it('keeps objects private unless asked, and moves them across keeping their URL', async () => {
    const keys = ['listing-images/p1-400.webp', 'listing-images/p1-800.webp'];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    const areas = async () => Promise.all(keys.map(async (k) => (await storage.stat(k))?.public));
    expect(await areas()).toEqual([false, false]);
    await storage.setPublic(keys, true);
    expect(await areas()).toEqual([true, true]);
    expect((await storage.get(keys[1]!))?.toString()).toBe(keys[1]);
    // Twice is no error; neither is a key that does not exist (it stays missing).
    await storage.setPublic([...keys, 'listing-images/none-800.webp'], true);
    expect(await storage.stat('listing-images/none-800.webp')).toBeNull();
    await storage.setPublic(keys, false);
    expect(await areas()).toEqual([false, false]);
    // A put into the other area replaces the object there: one area only.
    await storage.put(keys[0]!, Buffer.from('again'), 'image/webp', { public: true });
    expect(await storage.stat(keys[0]!)).toEqual({ size: 5, public: true });
    await storage.setPublic([keys[0]!], false);
    expect((await storage.get(keys[0]!))?.toString()).toBe('again');
    expect(storage.publicUrl(keys[0]!)).toBe('/uploads/listing-images/p1-400.webp');
  });

  it('deletes objects in either area and ignores missing ones', async () => {
    await storage.put('avatars/a.webp', Buffer.from('a'), 'image/webp', { public: true });
    await storage.put('avatars/b.webp', Buffer.from('b'), 'image/webp');
    await storage.put('avatars/c.webp', Buffer.from('c'), 'image/webp');
    await storage.delete(['avatars/a.webp', 'avatars/b.webp', 'avatars/missing.webp']);
    expect(await storage.get('avatars/a.webp')).toBeNull();
    expect(await storage.get('avatars/b.webp')).toBeNull();
    expect(await storage.get('avatars/c.webp')).not.toBeNull();
    await storage.delete([]);
  });

  it('deletes by prefix: a whole bucket folder or the start of a key, in both areas', async () => {
    await storage.put('listing-images/abc-400.webp', Buffer.from('1'), 'image/webp', { public: true });
    await storage.put('listing-images/abc-800.webp', Buffer.from('2'), 'image/webp');
    await storage.put('listing-images/xyz-800.webp', Buffer.from('3'), 'image/webp');
    await storage.put('logos/l.webp', Buffer.from('4'), 'image/webp');

    await storage.deletePrefix('listing-images/abc');
    expect(await storage.get('listing-images/abc-400.webp')).toBeNull();
    expect(await storage.get('listing-images/abc-800.webp')).toBeNull();
    expect(await storage.get('listing-images/xyz-800.webp')).not.toBeNull();

    await storage.deletePrefix('listing-images/');
    expect(await storage.get('listing-images/xyz-800.webp')).toBeNull();
    expect(await storage.get('logos/l.webp')).not.toBeNull();

    await storage.deletePrefix('never-created/');
    await storage.deletePrefix('never-created/abc');
  });

  it('stores an image in every variant and deletes them all by its URL', async () => {
    const { url, keys } = await storeImage(storage, 'hero-banners', png, { public: true });
    expect(url).toMatch(/^\/uploads\/hero-banners\/[a-f0-9]{24}-800\.webp$/);
    expect(keys).toEqual(variantKeysOf(storage, url));
    expect(keys).toHaveLength(IMAGE_WIDTHS.length);
    for (const key of keys) {
      const found = await storage.stat(key);
      expect(found?.public, key).toBe(true);
      // WebP bytes, as the pipeline wrote them.
      expect((await storage.get(key))?.toString('latin1', 8, 12)).toBe('WEBP');
    }
    // The 400 px variant is smaller than the 1600 px one (the original is 900 px wide: 900).
    const sizes = await Promise.all(keys.map(async (k) => (await storage.stat(k))!.size));
    expect(sizes[0]).toBeLessThan(sizes[2]!);

    await deleteStoredImage(storage, url);
    for (const key of keys) expect(await storage.stat(key)).toBeNull();
    // A URL that is not one of this storage's is ignored.
    await deleteStoredImage(storage, 'https://elsewhere.example/x-800.webp');
  });

  it('refuses unsafe keys everywhere', async () => {
    const bad = [
      '../x',
      '/etc/x',
      'a\\b',
      'logos/../../x',
      'Logos/X.webp',
      '',
      'a//b',
      'a/',
      '.hidden',
      'a b',
    ];
    for (const key of bad) {
      expect(isValidKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.stat(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete([key]), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.setPublic([key], true), key).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.publicUrl(key), key).toThrow(/Invalid storage key/);
      expect(() => storage.directUrl(key), key).toThrow(/Invalid storage key/);
    }
    await expect(storage.deletePrefix('../')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix('')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix('/')).rejects.toThrow(/Invalid storage key/);
  });
});
