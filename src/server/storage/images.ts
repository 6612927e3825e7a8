/**
 * Image pipeline for uploads: size check, type detection by magic bytes, decode with sharp, EXIF
 * orientation applied, metadata dropped, re-encoded to WebP at the widths pages ask for.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '../../domain/constants.ts';
import { UPLOAD_ERRORS } from '../../domain/images.ts';
import { IMAGE_WIDTHS } from '../../domain/format.ts';
import { isValidKey } from './storage.ts';
import type { Storage } from './storage.ts';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

export type ImageRejectedCode = 'UNSUPPORTED_IMAGE' | 'IMAGE_TOO_LARGE' | 'INVALID_IMAGE';

/** The same messages the browser shows before sending (src/domain/images.ts). */
const REJECTION_MESSAGES: Record<ImageRejectedCode, string> = {
  UNSUPPORTED_IMAGE: UPLOAD_ERRORS.UNSUPPORTED_IMAGE,
  IMAGE_TOO_LARGE: UPLOAD_ERRORS.PAYLOAD_TOO_LARGE,
  INVALID_IMAGE: UPLOAD_ERRORS.INVALID_IMAGE,
};

/** Thrown for uploads the pipeline refuses; `message` is safe to show to the user. */
export class ImageRejectedError extends Error {
  readonly code: ImageRejectedCode;

  constructor(code: ImageRejectedCode, options?: { cause?: unknown }) {
    super(REJECTION_MESSAGES[code], options);
    this.name = 'ImageRejectedError';
    this.code = code;
  }
}

/** Decoding refuses images above this many pixels (width × height). */
export const MAX_INPUT_PIXELS = 50_000_000;
export const WEBP_QUALITY = 80;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the leading bytes only; anything but JPEG, PNG, GIF or WebP gives null. */
export function detectImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (buf.length >= 6) {
    const head = buf.toString('latin1', 0, 6);
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export interface ImageVariant {
  /** The width the variant was asked for (names the stored file: `-400`, `-800`, `-1600`). */
  target: number;
  /** Actual pixel size; smaller than `target` when the original is narrower (no enlargement). */
  width: number;
  height: number;
  /** WebP bytes without EXIF, ICC or XMP metadata. */
  buffer: Buffer;
}

export interface ProcessedImage {
  detectedType: ImageType;
  variants: ImageVariant[];
}

function invalid(cause?: unknown): ImageRejectedError {
  return new ImageRejectedError('INVALID_IMAGE', { cause });
}

export async function processImage(
  input: Buffer,
  opts: { widths?: readonly number[] } = {},
): Promise<ProcessedImage> {
  const widths = opts.widths ?? IMAGE_WIDTHS;
  for (const w of widths) {
    if (!Number.isInteger(w) || w <= 0) throw new TypeError(`Invalid image width: ${w}`);
  }

  if (input.length > LIMITS.imageMaxBytes) throw new ImageRejectedError('IMAGE_TOO_LARGE');
  const detectedType = detectImageType(input);
  if (!detectedType) throw new ImageRejectedError('UNSUPPORTED_IMAGE');

  let variants: ImageVariant[];
  try {
    const source = sharp(input, {
      animated: false, // first frame only for GIF / animated WebP
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'warning',
    });
    // sharp sniffs the format itself; it must agree with the bytes we checked.
    const meta = await source.metadata();
    if (meta.format !== detectedType) throw invalid();

    const oriented = source.rotate(); // apply EXIF orientation; metadata is not copied to the output
    variants = await Promise.all(
      widths.map(async (target) => {
        const { data, info } = await oriented
          .clone()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { target, width: info.width, height: info.height, buffer: data };
      }),
    );
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    throw invalid(err);
  }
  return { detectedType, variants };
}

/** Storage key of one variant: `${bucket}/${id}-${width}.webp`. */
export function imageKey(bucket: string, id: string, width: number): string {
  return `${bucket}/${id}-${width}.webp`;
}

/**
 * Processes an upload and stores every variant, private unless `public` is set (a record that holds the
 * image makes it public: features/uploads/files.ts). `url` points at the 800 variant, so
 * `imageVariant(url, 400 | 1600)` from domain/format.ts gives the others.
 */
export async function storeImage(
  storage: Storage,
  bucket: string,
  input: Buffer,
  opts: { public?: boolean } = {},
): Promise<{ url: string; keys: string[] }> {
  if (!isValidKey(bucket)) throw new TypeError(`Invalid bucket: ${bucket}`);
  const { variants } = await processImage(input, { widths: IMAGE_WIDTHS });
  const id = randomBytes(12).toString('hex');
  const keys = variants.map((v) => imageKey(bucket, id, v.target));
  try {
    await Promise.all(
      variants.map((v, i) => storage.put(keys[i]!, v.buffer, 'image/webp', { public: opts.public ?? false })),
    );
  } catch (err) {
    await storage.delete(keys).catch(() => undefined);
    throw err;
  }
  return { url: storage.publicUrl(imageKey(bucket, id, 800)), keys };
}

const VARIANT_KEY = /^(.+)-(?:400|800|1600)\.webp$/;

/** The storage key behind a public URL, or null when the URL is not one of this storage's. */
export function keyFromPublicUrl(storage: Storage, url: string): string | null {
  // publicUrl(key) is `${base}${key}`; derive the base from a probe key.
  const probe = 'x';
  const base = storage.publicUrl(probe).slice(0, -probe.length);
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return isValidKey(key) ? key : null;
}

/** The keys of every variant of the image at `url` (any variant's URL), or [] for other URLs. */
export function variantKeysOf(storage: Storage, url: string): string[] {
  const key = keyFromPublicUrl(storage, url);
  const match = key ? VARIANT_KEY.exec(key) : null;
  return match ? IMAGE_WIDTHS.map((w) => `${match[1]}-${w}.webp`) : [];
}

/** Deletes all variants of an image stored by `storeImage`, given its URL. Other URLs are ignored. */
export async function deleteStoredImage(storage: Storage, url: string): Promise<void> {
  const keys = variantKeysOf(storage, url);
  if (keys.length) await storage.delete(keys);
}
