/**
 * Uploads: every image enters through POST /api/uploads, goes through the image pipeline (storeImage:
 * type by content, re-encoded, metadata stripped, sized variants) and is recorded with its uploader. A
 * feature that attaches an image to a record (listing image, logo, avatar, banner, site logo, article
 * image) claims the upload in the transaction that saves the record; unclaimed uploads older than a day
 * are deleted with their files. A feature that drops an image deletes its files with `deleteImageFiles`
 * after the transaction that removed it has committed.
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { UPLOAD_BUCKETS, UPLOAD_ERRORS, UPLOAD_MESSAGES, type UploadBucket } from '../../../domain/images.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../errors.ts';
import { deleteStoredImage, ImageRejectedError, storeImage } from '../../storage/images.ts';
import type { Storage } from '../../storage/storage.ts';

/** A transaction handle or the database. */
type Runner = Pick<Db, 'select' | 'update' | 'insert' | 'delete' | 'execute'>;

export const uploadResultSchema = z.object({ id: z.string(), url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** 400 NO_FILE: the form came without an image. */
export const noFile = () =>
  new AppError(400, 'NO_FILE', UPLOAD_ERRORS.NO_FILE, { file: UPLOAD_ERRORS.NO_FILE });

/** Who may upload into which bucket. */
export function mayUploadTo(actor: Actor, bucket: UploadBucket): boolean {
  switch (bucket) {
    case 'avatars':
      return true;
    case 'listing-images':
    case 'logos':
      return actor.role === 'service_provider' || actor.role === 'admin';
    case 'hero-banners':
    case 'site-assets':
      return actor.role === 'admin';
  }
}

export function parseBucket(value: unknown): UploadBucket {
  const bucket = typeof value === 'string' ? value.trim() : '';
  if (!(UPLOAD_BUCKETS as readonly string[]).includes(bucket)) {
    throw badRequest(UPLOAD_MESSAGES.unknownBucket, { bucket: UPLOAD_MESSAGES.unknownBucket });
  }
  return bucket as UploadBucket;
}

/** Runs the pipeline on the bytes, stores the variants and records the upload for its uploader. */
export async function storeUpload(
  db: Db,
  storage: Storage,
  actor: Actor,
  bucket: UploadBucket,
  bytes: Buffer,
): Promise<UploadResult> {
  if (!mayUploadTo(actor, bucket)) throw forbidden(UPLOAD_MESSAGES.notAllowed);
  if (bytes.length === 0) throw noFile();
  let stored;
  try {
    stored = await storeImage(storage, bucket, bytes);
  } catch (err) {
    if (err instanceof ImageRejectedError) {
      if (err.code === 'IMAGE_TOO_LARGE') throw new AppError(413, 'PAYLOAD_TOO_LARGE', err.message);
      throw new AppError(400, err.code, err.message, { file: err.message });
    }
    throw err;
  }
  try {
    const [row] = await db
      .insert(uploads)
      .values({ userId: actor.userId, bucket, url: stored.url })
      .returning({ id: uploads.id, url: uploads.url });
    return row!;
  } catch (err) {
    await storage.delete(stored.keys).catch(() => undefined);
    throw err;
  }
}

/**
 * Claims uploads for a record, inside the caller's transaction: each URL must be an unclaimed upload of the
 * given bucket made by this actor (admins may claim any). URLs the record already holds must not be passed.
 * Refuses the whole set (400) if one of them is not claimable, so nothing is half-attached.
 */
export async function claimUploads(
  tx: Runner,
  actor: Actor,
  bucket: UploadBucket,
  urls: readonly string[],
): Promise<void> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return;
  const rows = await tx
    .update(uploads)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        inArray(uploads.url, wanted),
        eq(uploads.bucket, bucket),
        isNull(uploads.claimedAt),
        actor.role === 'admin' ? undefined : eq(uploads.userId, actor.userId),
      ),
    )
    .returning({ url: uploads.url });
  if (rows.length !== wanted.length) {
    throw badRequest(UPLOAD_MESSAGES.notFound, { images: UPLOAD_MESSAGES.notFound });
  }
}

/** Deletes an image's stored files and its upload record. Call after the record that held it is gone. */
export async function deleteImageFiles(db: Db, storage: Storage, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await Promise.all(urls.map((url) => deleteStoredImage(storage, url)));
  await db.delete(uploads).where(inArray(uploads.url, [...urls]));
}

/** Deletes uploads nobody claimed within `maxAgeMs` (default a day): rows first, atomically, then files. */
export async function pruneUnclaimedUploads(
  db: Db,
  storage: Storage,
  maxAgeMs = 24 * 60 * 60 * 1000,
): Promise<number> {
  // Deleting the rows first means a claim racing with this prune either wins (the row is claimed and
  // kept) or finds nothing to claim (400: upload again); files are only removed for deleted rows.
  const stale = await db
    .delete(uploads)
    .where(and(isNull(uploads.claimedAt), lt(uploads.createdAt, new Date(Date.now() - maxAgeMs))))
    .returning({ url: uploads.url });
  await Promise.all(stale.map((s) => deleteStoredImage(storage, s.url)));
  return stale.length;
}
