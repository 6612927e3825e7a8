import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/constants.ts';
import { imageVariant } from '../../domain/format.ts';
import { drawDemoImage } from './demo-images.ts';
import {
  deleteStoredImage,
  detectImageType,
  ImageRejectedError,
  processImage,
  storeImage,
} from './images.ts';
import type { ImageRejectedCode } from './images.ts';
import { createLocalStorage } from './storage.ts';
import type { Storage } from './storage.ts';

function solid(width: number, height: number, background = '#c0392b') {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** Tag ids of the GPS IFD inside a sharp `metadata().exif` buffer ("Exif\0\0" + TIFF), or [] if none. */
function gpsTags(exif: Buffer): number[] {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const entries = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => ({
      tag: u16(ifd + 2 + i * 12),
      value: u32(ifd + 2 + i * 12 + 8),
    }));
  const gpsPointer = entries(u32(4)).find((e) => e.tag === 0x8825);
  return gpsPointer ? entries(gpsPointer.value).map((e) => e.tag) : [];
}

async function expectRejected(promise: Promise<unknown>, code: ImageRejectedCode, message: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRejectedError);
  expect((err as ImageRejectedError).code).toBe(code);
  expect((err as ImageRejectedError).message).toBe(message);
}

const UNSUPPORTED = 'Only JPEG, PNG, WebP or GIF images are allowed';

describe('detectImageType', () => {
  it('detects the four allowed types by magic bytes', async () => {
    expect(detectImageType(await solid(10, 10).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await solid(10, 10).png().toBuffer())).toBe('png');
    expect(detectImageType(await solid(10, 10).gif().toBuffer())).toBe('gif');
    expect(detectImageType(await solid(10, 10).webp().toBuffer())).toBe('webp');
    expect(detectImageType(Buffer.from('GIF87a......'))).toBe('gif');
  });

  it('returns null for anything else', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(Buffer.from('just some text'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(detectImageType(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('processImage', () => {
  it('strips GPS EXIF, ICC and XMP metadata from every variant', async () => {
    const input = await solid(1800, 1200)
      .jpeg()
      .withIccProfile('p3')
      .withExif({
        IFD0: { Make: 'Acme', Model: 'Phone 9' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '26/1 12/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '28/1 2/1 0/1',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer();

    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif).toBeInstanceOf(Buffer);
    expect(gpsTags(inMeta.exif!)).toEqual(expect.arrayContaining([1, 2, 3, 4])); // lat/long + refs
    expect(inMeta.exif!.includes('Acme')).toBe(true);
    expect(inMeta.icc).toBeInstanceOf(Buffer);
    expect(inMeta.xmp).toBeInstanceOf(Buffer);

    const { detectedType, variants } = await processImage(input);
    expect(detectedType).toBe('jpeg');
    expect(variants).toHaveLength(3);
    for (const v of variants) {
      const meta = await sharp(v.buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(v.buffer.includes('Acme')).toBe(false);
    }
  });

  it('applies the EXIF orientation', async () => {
    const input = await solid(600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { variants } = await processImage(input, { widths: [400] });
    expect(variants[0]).toMatchObject({ width: 400, height: 600 });
    expect((await sharp(variants[0]!.buffer).metadata()).orientation).toBeUndefined();
  });

  it('makes WebP variants 400/800/1600 wide', async () => {
    const input = await solid(2000, 1000).png().toBuffer();
    const { detectedType, variants } = await processImage(input);
    expect(detectedType).toBe('png');
    expect(variants.map((v) => [v.target, v.width, v.height])).toEqual([
      [400, 400, 200],
      [800, 800, 400],
      [1600, 1600, 800],
    ]);
    for (const v of variants) {
      expect(detectImageType(v.buffer)).toBe('webp');
      const meta = await sharp(v.buffer).metadata();
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
    }
  });

  it('does not enlarge small images', async () => {
    const input = await solid(500, 300).jpeg().toBuffer();
    const { variants } = await processImage(input);
    expect(variants.map((v) => v.target)).toEqual([400, 800, 1600]);
    expect(variants.map((v) => v.width)).toEqual([400, 500, 500]);
    for (const v of variants) expect(v.width).toBeLessThanOrEqual(500);
  });

  it('detects PNG bytes regardless of any file name', async () => {
    const pngNamedJpg = await solid(300, 200).png().toBuffer(); // e.g. uploaded as "photo.jpg"
    const { detectedType, variants } = await processImage(pngNamedJpg);
    expect(detectedType).toBe('png');
    expect(variants.every((v) => detectImageType(v.buffer) === 'webp')).toBe(true);
  });

  it('accepts GIF (first frame) and WebP', async () => {
    const gif = await solid(120, 80, '#2980b9').gif().toBuffer();
    const g = await processImage(gif);
    expect(g.detectedType).toBe('gif');
    expect(g.variants.map((v) => [v.width, v.height])).toEqual([
      [120, 80],
      [120, 80],
      [120, 80],
    ]);

    const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((c) => solid(64, 48, c).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const a = await processImage(animated, { widths: [64] });
    expect(a.variants[0]).toMatchObject({ width: 64, height: 48 });
    expect((await sharp(a.variants[0]!.buffer).metadata()).pages ?? 1).toBe(1);

    const webp = await solid(900, 600, '#27ae60').webp().toBuffer();
    const w = await processImage(webp);
    expect(w.detectedType).toBe('webp');
    expect(w.variants.map((v) => v.width)).toEqual([400, 800, 900]);
  });

  it('refuses SVG and text with UNSUPPORTED_IMAGE', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expectRejected(processImage(svg), 'UNSUPPORTED_IMAGE', UNSUPPORTED);
    await expectRejected(
      processImage(Buffer.from('hello, this is not a picture\n')),
      'UNSUPPORTED_IMAGE',
      UNSUPPORTED,
    );
    await expectRejected(processImage(Buffer.alloc(0)), 'UNSUPPORTED_IMAGE', UNSUPPORTED);
  });

  it('refuses buffers over the size limit with IMAGE_TOO_LARGE', async () => {
    const big = Buffer.alloc(LIMITS.imageMaxBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRejected(processImage(big), 'IMAGE_TOO_LARGE', 'Images must be 10 MB or smaller');
  });

  it('refuses undecodable images with INVALID_IMAGE', async () => {
    const message = 'The image file could not be read';
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('garbage '.repeat(64))]);
    await expectRejected(processImage(garbage), 'INVALID_IMAGE', message);

    const jpeg = await solid(400, 300).jpeg().toBuffer();
    await expectRejected(
      processImage(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))),
      'INVALID_IMAGE',
      message,
    );

    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    await expectRejected(processImage(fakePng), 'INVALID_IMAGE', message);
  });

  it('refuses images above the pixel limit with INVALID_IMAGE', async () => {
    const huge = await solid(8000, 7000, '#000').png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(LIMITS.imageMaxBytes);
    await expectRejected(processImage(huge), 'INVALID_IMAGE', 'The image file could not be read');
  });
});

describe('storeImage / deleteStoredImage', () => {
  let rootDir: string;
  let storage: Storage;

  beforeAll(async () => {
    rootDir = await mkdtemp(path.join(os.tmpdir(), 'mm-images-'));
    storage = createLocalStorage({ rootDir: path.join(rootDir, 'uploads') });
  });

  afterAll(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  it('stores every variant and deletes them again', async () => {
    const input = await solid(1000, 700).jpeg().toBuffer();
    // Stored private (a record that holds it makes it public: features/uploads/files.ts).
    const { url, keys } = await storeImage(storage, 'listing-images', input);

    expect(url).toMatch(/^\/uploads\/listing-images\/[0-9a-f]{24}-800\.webp$/);
    const id = /([0-9a-f]{24})-800/.exec(url)![1];
    expect(keys).toEqual([400, 800, 1600].map((w) => `listing-images/${id}-${w}.webp`));
    expect((await readdir(path.join(rootDir, 'uploads-private', 'listing-images'))).sort()).toEqual(
      [1600, 400, 800].map((w) => `${id}-${w}.webp`),
    );
    expect(imageVariant(url, 400)).toBe(storage.publicUrl(keys[0]!));
    expect(imageVariant(url, 1600)).toBe(storage.publicUrl(keys[2]!));

    for (const key of keys) {
      const data = await storage.get(key);
      expect(data && detectImageType(data)).toBe('webp');
    }
    expect((await sharp((await storage.get(keys[1]!))!).metadata()).width).toBe(800);
    expect((await sharp((await storage.get(keys[2]!))!).metadata()).width).toBe(1000);

    // Unrelated URLs are ignored.
    await deleteStoredImage(storage, 'https://example.com/listing-images/abc-800.webp');
    await deleteStoredImage(storage, '/uploads/../etc/passwd-800.webp');
    await deleteStoredImage(storage, '/elsewhere/listing-images/abc-800.webp');
    expect(await readdir(path.join(rootDir, 'uploads-private', 'listing-images'))).toHaveLength(3);

    await deleteStoredImage(storage, url);
    expect(await readdir(path.join(rootDir, 'uploads-private', 'listing-images'))).toEqual([]);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
  });

  it('stores nothing for refused uploads', async () => {
    await expect(storeImage(storage, 'logos', Buffer.from('<svg/>'))).rejects.toBeInstanceOf(
      ImageRejectedError,
    );
    for (const area of await readdir(rootDir)) {
      expect(await readdir(path.join(rootDir, area))).not.toContain('logos');
    }
  });
});

describe('drawDemoImage', () => {
  it('returns a decodable PNG of the requested size', async () => {
    const png = await drawDemoImage({ width: 1200, height: 800, seed: 7, label: 'Dress & Suit <Hire>' });
    expect(detectImageType(png)).toBe('png');
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 800]);

    const small = await drawDemoImage({ width: 300, height: 200, seed: 3, label: 'Décor', hue: 200 });
    expect(await sharp(small).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
  });

  it('is deterministic per seed and feeds the upload pipeline', async () => {
    const a = await drawDemoImage({ width: 400, height: 300, seed: 42, label: 'Venues' });
    const b = await drawDemoImage({ width: 400, height: 300, seed: 42, label: 'Venues' });
    const c = await drawDemoImage({ width: 400, height: 300, seed: 43, label: 'Venues' });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
    const { variants } = await processImage(a);
    expect(variants.map((v) => v.width)).toEqual([400, 400, 400]);
  });
});
