/**
 * The storage interface on an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO; decision 0053). The two
 * areas of storage.ts are two prefixes of the bucket: `public/<key>` and `private/<key>`. Only `public/`
 * may be readable without credentials (a bucket policy on that prefix, or a CDN whose origin is it);
 * `S3_PUBLIC_URL` says where: the object `public/<key>` is at `${publicUrl}/<key>`. The URL the records
 * keep stays `/uploads/<key>` (features/uploads/files.ts redirects there or proxies the bytes), so moving
 * between the disk and a bucket (`npm run storage:migrate`) changes no row.
 */
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../env.ts';
import {
  assertValidKey,
  contentTypeOf,
  InvalidStorageKeyError,
  isValidKey,
  UPLOADS_PATH,
} from './storage.ts';
import type { Storage } from './storage.ts';

type Area = 'public' | 'private';
const AREAS: readonly Area[] = ['public', 'private'];
const other = (area: Area): Area => (area === 'public' ? 'private' : 'public');

/** Cache headers the bucket sends with each object when it serves it itself. */
const CACHE_CONTROL: Record<Area, string> = {
  public: 'public, max-age=31536000, immutable',
  private: 'private, no-store',
};

/** DeleteObjects takes at most 1000 keys a call. */
const DELETE_BATCH = 1000;

function isMissing(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where the protocol requires them: services other than AWS (R2, MinIO, local test
    // servers) do not all accept the SDK's default CRC32 headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export interface S3StorageOptions {
  config: S3Config;
  /** A client of one's own (tests); by default one is made from `config`. */
  client?: S3Client;
}

export function createS3Storage({ config, client: given }: S3StorageOptions): Storage & {
  readonly client: S3Client;
} {
  const client = given ?? createS3Client(config);
  const Bucket = config.bucket;
  const objectKey = (key: string, area: Area) => {
    assertValidKey(key);
    return `${area}/${key}`;
  };

  async function readIn(key: string, area: Area): Promise<Buffer | null> {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key, area) }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function sizeIn(key: string, area: Area): Promise<number | null> {
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key, area) }));
      return res.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function deleteObjects(objectKeys: string[]): Promise<void> {
    for (let i = 0; i < objectKeys.length; i += DELETE_BATCH) {
      const batch = objectKeys.slice(i, i + DELETE_BATCH);
      const res = await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) {
        throw new Error(`Could not delete ${failed.length} object(s): ${failed[0]?.Code ?? 'unknown error'}`);
      }
    }
  }

  async function listIn(prefix: string): Promise<string[]> {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const res = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of res.Contents ?? []) if (object.Key) found.push(object.Key);
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /** Copies the object into `to` with that area's headers, then removes it from the other area. */
  async function move(key: string, to: Area): Promise<void> {
    const from = other(to);
    try {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          CopySource: `${Bucket}/${objectKey(key, from)}`,
          Key: objectKey(key, to),
          MetadataDirective: 'REPLACE',
          ContentType: contentTypeOf(key),
          CacheControl: CACHE_CONTROL[to],
        }),
      );
    } catch (err) {
      // Nothing in the other area: nothing to move (already there, or no such object).
      if (isMissing(err)) return;
      throw err;
    }
    await deleteObjects([objectKey(key, from)]);
  }

  return {
    client,

    async put(key, data, contentType, opts) {
      const area: Area = opts?.public ? 'public' : 'private';
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key, area),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          CacheControl: CACHE_CONTROL[area],
        }),
      );
      // A key is in one area only.
      await deleteObjects([objectKey(key, other(area))]);
    },

    async get(key) {
      assertValidKey(key);
      // An object moving between the areas is in one or the other (copy, then delete): a second look finds it.
      for (let round = 0; round < 2; round++) {
        const bytes = (await readIn(key, 'private')) ?? (await readIn(key, 'public'));
        if (bytes) return bytes;
      }
      return null;
    },

    async delete(keys) {
      for (const key of keys) assertValidKey(key);
      await deleteObjects(keys.flatMap((key) => AREAS.map((area) => objectKey(key, area))));
    },

    async deletePrefix(prefix) {
      const body = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
      if (!isValidKey(body)) throw new InvalidStorageKeyError(prefix);
      const found = (await Promise.all(AREAS.map((area) => listIn(`${area}/${prefix}`)))).flat();
      await deleteObjects(found);
    },

    async setPublic(keys, isPublic) {
      for (const key of keys) assertValidKey(key);
      await Promise.all(keys.map((key) => move(key, isPublic ? 'public' : 'private')));
    },

    publicUrl(key) {
      assertValidKey(key);
      return `${UPLOADS_PATH}/${key}`;
    },

    async stat(key) {
      assertValidKey(key);
      for (let round = 0; round < 2; round++) {
        for (const area of AREAS) {
          const size = await sizeIn(key, area);
          if (size !== null) return { size, public: area === 'public' };
        }
      }
      return null;
    },

    directUrl(key) {
      assertValidKey(key);
      return config.publicUrl ? `${config.publicUrl}/${key}` : null;
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
