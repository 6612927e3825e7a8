import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUCKETS, createLocalStorage, isValidKey } from './storage.ts';
import type { Storage } from './storage.ts';

let tmp: string;
/** The public area (served as files) and the private one. */
let rootDir: string;
let privateDir: string;
let storage: Storage;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'mm-storage-'));
  rootDir = path.join(tmp, 'uploads');
  privateDir = path.join(tmp, 'uploads-private');
  storage = createLocalStorage({ rootDir });
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

describe('createLocalStorage', () => {
  it('exports the spec buckets', () => {
    expect(BUCKETS).toEqual(['listing-images', 'logos', 'site-assets', 'hero-banners', 'avatars']);
  });

  it('puts and gets objects, creating folders as needed', async () => {
    const key = 'listing-images/ab12cd-800.webp';
    await storage.put(key, Buffer.from('hello'), 'image/webp');
    expect(await storage.get(key)).toEqual(Buffer.from('hello'));
    // Private unless asked: next to the public directory (`-private`), not in it.
    expect(await exists(path.join(privateDir, 'listing-images', 'ab12cd-800.webp'))).toBe(true);
    expect(await exists(path.join(rootDir, 'listing-images', 'ab12cd-800.webp'))).toBe(false);

    await storage.put(key, Buffer.from('replaced'), 'image/webp');
    expect((await storage.get(key))?.toString()).toBe('replaced');
  });

  it('leaves no temp files behind', async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        storage.put(`logos/deep/n${i}.png`, Buffer.alloc(1000, i), 'image/png', { public: true }),
      ),
    );
    expect((await readdir(path.join(rootDir, 'logos', 'deep'))).sort()).toEqual([
      'n0.png',
      'n1.png',
      'n2.png',
      'n3.png',
      'n4.png',
    ]);
  });

  it('returns null for missing objects', async () => {
    expect(await storage.get('avatars/nope.webp')).toBeNull();
    expect(await storage.get('nothing-here/at/all.webp')).toBeNull();
  });

  it('deletes objects and ignores missing ones', async () => {
    await storage.put('avatars/a.webp', Buffer.from('a'), 'image/webp');
    await storage.put('avatars/b.webp', Buffer.from('b'), 'image/webp');
    await storage.delete(['avatars/a.webp', 'avatars/missing.webp']);
    expect(await storage.get('avatars/a.webp')).toBeNull();
    expect(await storage.get('avatars/b.webp')).not.toBeNull();
    await storage.delete([]);
  });

  it('deletes by prefix (whole folder or key start)', async () => {
    await storage.put('listing-images/abc-400.webp', Buffer.from('1'), 'image/webp');
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

  it('moves objects between the public and the private area, keeping their URL', async () => {
    const keys = ['listing-images/p1-400.webp', 'listing-images/p1-800.webp'];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    const inPublic = () => Promise.all(keys.map((k) => exists(path.join(rootDir, ...k.split('/')))));
    const inPrivate = () => Promise.all(keys.map((k) => exists(path.join(privateDir, ...k.split('/')))));
    expect(await inPublic()).toEqual([false, false]);
    await storage.setPublic(keys, true);
    expect(await inPublic()).toEqual([true, true]);
    expect(await inPrivate()).toEqual([false, false]);
    expect((await storage.get(keys[1]!))?.toString()).toBe(keys[1]);
    // Twice is no error; neither is a key that does not exist.
    await storage.setPublic([...keys, 'listing-images/none-800.webp'], true);
    await storage.setPublic(keys, false);
    expect(await inPublic()).toEqual([false, false]);
    expect(await inPrivate()).toEqual([true, true]);
    expect(storage.publicUrl(keys[0]!)).toBe('/uploads/listing-images/p1-400.webp');
    // Deleting reaches both areas; a put replaces the object in whichever area it was.
    await storage.put(keys[0]!, Buffer.from('again'), 'image/webp', { public: true });
    expect(await inPrivate()).toEqual([false, true]);
    await storage.delete(keys);
    expect([...(await inPublic()), ...(await inPrivate())]).toEqual([false, false, false, false]);
  });

  it('builds public URLs', () => {
    expect(storage.publicUrl('logos/x.webp')).toBe('/uploads/logos/x.webp');
    const cdn = createLocalStorage({ rootDir, publicPath: '/files/' });
    expect(cdn.publicUrl('logos/x.webp')).toBe('/files/logos/x.webp');
  });

  it('refuses unsafe keys', async () => {
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
      'ü',
    ];
    for (const key of bad) {
      expect(isValidKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete([key]), key).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.publicUrl(key), key).toThrow(/Invalid storage key/);
    }
    await expect(storage.deletePrefix('../')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix('')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix('/')).rejects.toThrow(/Invalid storage key/);
    expect(await readdir(tmp)).toEqual([]);
  });
});
