/**
 * Image uploads and image sets, shared by the server and the web app. No I/O here.
 *
 * - The upload contract: buckets, the accepted types and size, the answer of POST /api/uploads, and the
 *   check a file passes before it leaves the browser (the server checks again, by content).
 * - The rules of an ordered image set (listing images): the first image becomes primary, removing the
 *   primary makes the first remaining one primary, set-primary clears the others, the list order is the
 *   display order (0..n-1), and a non-empty set has exactly one primary.
 */
import { z } from 'zod';
import { LIMITS } from './constants.ts';

// ---------------------------------------------------------------------------------------------------------
// Upload contract

/** Where an upload is stored; each screen uploads into its own bucket. */
export const UPLOAD_BUCKETS = ['listing-images', 'logos', 'avatars', 'hero-banners', 'site-assets'] as const;
export const uploadBucketSchema = z.enum(UPLOAD_BUCKETS, { error: 'Unknown upload bucket' });
export type UploadBucket = z.infer<typeof uploadBucketSchema>;

/** `201` answer of POST /api/uploads. `url` is the 800 px WebP variant; `imageVariant()` gives the others. */
export const uploadedImageSchema = z.object({ id: z.string().min(1), url: z.string().min(1) });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** For `<input type="file" accept>`: the types and the usual file name endings. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.gif'].join(',');

/** The codes and messages of refused uploads; the server answers with the same ones. */
export const UPLOAD_ERRORS = {
  NO_FILE: 'You must select an image to upload.',
  UNSUPPORTED_IMAGE: 'Only JPEG, PNG, WebP or GIF images are allowed',
  INVALID_IMAGE: 'The image file could not be read',
  PAYLOAD_TOO_LARGE: `Images must be ${LIMITS.imageMaxBytes / (1024 * 1024)} MB or smaller`,
} as const;
export type UploadErrorCode = keyof typeof UPLOAD_ERRORS;

/** The other refusals of POST /api/uploads and of the saves that attach an upload. */
export const UPLOAD_MESSAGES = {
  unknownBucket: 'Unknown upload folder',
  notAllowed: 'You may not upload images here',
  notFound: 'An image was not found. Please upload it again.',
  tooMany: 'Too many uploads. Please wait a few minutes and try again.',
} as const;

/** Types some browsers and systems report for JPEG, besides the standard one. */
const JPEG_ALIASES = ['image/jpg', 'image/pjpeg'];
const IMAGE_EXTENSION = /\.(jpe?g|png|webp|gif)$/i;

/** The parts of a browser `File` the check needs (so it runs anywhere, tests included). */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/**
 * Why this file cannot be uploaded, or null when it may be sent. Judged by the reported type (or, when the
 * browser reports none, by the name) and the size; only the server can tell what the bytes really are.
 */
export function checkImageFile(
  file: FileFacts | null | undefined,
): { code: UploadErrorCode; message: string } | null {
  const refuse = (code: UploadErrorCode) => ({ code, message: UPLOAD_ERRORS[code] });
  if (!file) return refuse('NO_FILE');
  const type = file.type.toLowerCase();
  const allowedType = type
    ? (IMAGE_MIME_TYPES as readonly string[]).includes(type) || JPEG_ALIASES.includes(type)
    : IMAGE_EXTENSION.test(file.name);
  if (!allowedType) return refuse('UNSUPPORTED_IMAGE');
  if (file.size === 0) return refuse('INVALID_IMAGE');
  if (file.size > LIMITS.imageMaxBytes) return refuse('PAYLOAD_TOO_LARGE');
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Image set rules

export interface ImageEntry {
  url: string;
  isPrimary: boolean;
}

/** Exactly one primary in a non-empty list: the first marked one stays, or the first image when none is. */
export function normalizeImages<T extends ImageEntry>(images: readonly T[]): T[] {
  const primaryIndex = Math.max(
    images.findIndex((image) => image.isPrimary),
    0,
  );
  return images.map((image, index) =>
    image.isPrimary === (index === primaryIndex) ? image : { ...image, isPrimary: index === primaryIndex },
  );
}

/** Append new images in the order given; on an empty list the first of them becomes primary. */
export function addImages<T extends ImageEntry>(
  images: readonly T[],
  added: readonly Omit<T, 'isPrimary'>[],
): T[] {
  const appended = added.map((image) => ({ ...image, isPrimary: false }) as T);
  return normalizeImages([...images, ...appended]);
}

/** Remove the image at `index`; when it was the primary, the first remaining image becomes primary. */
export function removeImageAt<T extends ImageEntry>(images: readonly T[], index: number): T[] {
  if (index < 0 || index >= images.length) return normalizeImages(images);
  return normalizeImages(images.filter((_, i) => i !== index));
}

/** Move the image at `from` to position `to` (clamped to the list); the primary flag moves with it. */
export function moveImage<T extends ImageEntry>(images: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= images.length) return normalizeImages(images);
  const target = Math.min(Math.max(to, 0), images.length - 1);
  const next = [...images];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return normalizeImages(next);
}

/** Make the image at `index` the primary one and clear the flag on all others. */
export function setPrimaryImage<T extends ImageEntry>(images: readonly T[], index: number): T[] {
  if (index < 0 || index >= images.length) return normalizeImages(images);
  return images.map((image, i) =>
    image.isPrimary === (i === index) ? image : { ...image, isPrimary: i === index },
  );
}

/** The rows to store: each image with its display order, 0 to n-1 in list order. */
export function withDisplayOrder<T extends ImageEntry>(
  images: readonly T[],
): (T & { displayOrder: number })[] {
  return normalizeImages(images).map((image, displayOrder) => ({ ...image, displayOrder }));
}

/** How many more images fit under the allowance (never negative; `Infinity` means no limit). */
export function remainingImageSlots(count: number, max: number): number {
  return Math.max(0, max - count);
}

/** The spec's toast when more images are chosen than the allowance leaves room for. */
export function tooManyImagesMessage(remaining: number, max: number): { title: string; description: string } {
  return {
    title: 'Too many images',
    description: `You can only upload ${remaining} more image(s). Your package allows ${max} images per listing.`,
  };
}

/**
 * Split a batch of chosen files by the allowance: the first `remaining` are accepted, the rest refused
 * (`tooMany` is then true and the screen explains the allowance).
 */
export function splitByAllowance<F>(
  files: readonly F[],
  count: number,
  max: number,
): { accepted: F[]; refused: F[]; remaining: number; tooMany: boolean } {
  const remaining = remainingImageSlots(count, max);
  return {
    accepted: files.slice(0, remaining),
    refused: files.slice(remaining),
    remaining,
    tooMany: files.length > remaining,
  };
}
