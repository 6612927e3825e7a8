/**
 * Object storage behind a small interface. Every object is public or private: a public object is served
 * straight from its URL (the static file server, or a CDN in front of an object store) with a long
 * immutable cache; a private one lives where no URL reaches it and is served only by the app after an
 * access check (features/uploads/files.ts, docs/decisions/0030-files-of-non-public-records.md). Objects
 * start private; `setPublic` moves them across as the records holding them become public or stop being.
 * The URL of an object never changes: `/uploads/<key>` with either driver. The local driver (here) keeps two
 * directories on disk, the public one served by the static file server; the S3 driver (s3.ts, decision 0053)
 * keeps two prefixes of one bucket, and /uploads redirects to the bucket's public URL or proxies the bytes.
 * storage.contract.test.ts runs the same tests against both.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The buckets of the spec. Locally each one is a folder under the storage root. */
export const BUCKETS = ['listing-images', 'logos', 'site-assets', 'hero-banners', 'avatars'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface Storage {
  /** Stores `data` under `key`, replacing any previous object; private unless `public` is set. */
  put(key: string, data: Buffer, contentType: string, opts?: { public?: boolean }): Promise<void>;
  /** The object's bytes, public or private, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the given objects, public or private; missing ones are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (e.g. `listing-images/` or `logos/ab12`). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Makes the objects public (reachable at their URL without the app) or private (only through the app's
   * access check). Objects that do not exist, or already are so, are left alone.
   */
  setPublic(keys: string[], isPublic: boolean): Promise<void>;
  /** The URL the browser uses to fetch the object, the same whether it is public or private. */
  publicUrl(key: string): string;
  /** The object's size in bytes and whether it is public, or null when there is none. */
  stat(key: string): Promise<{ size: number; public: boolean } | null>;
  /**
   * Where a browser may fetch the public object without the app (an object store's public URL), or null
   * when the app serves it at `publicUrl(key)`.
   */
  directUrl(key: string): string | null;
  /** The directory of the public objects when a static file server may serve them from disk. */
  readonly staticDir?: string;
  /** Readiness: resolves when the storage answers, throws when it does not (remote storage only). */
  check?(): Promise<void>;
}

/** The Content-Type of a stored object, from its key's extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_CHARS = /^[a-z0-9/_.-]+$/;
const MAX_KEY_LENGTH = 512;

/**
 * A key is one or more `/`-separated segments of `[a-z0-9_.-]`: no `..`, no leading `/` (absolute path),
 * no backslashes, no empty segments and no segment starting with `.` (hidden / temp files).
 */
export function isValidKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  if (!KEY_CHARS.test(key) || key.includes('..')) return false;
  return key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
}

/** Prefixes follow the key rules, except that they may end with `/`. */
function assertValidPrefix(prefix: string): void {
  const body = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!isValidKey(body)) throw new InvalidStorageKeyError(prefix);
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** The URL path uploaded files are served under (what `publicUrl` gives for the local storage). */
export const UPLOADS_PATH = '/uploads';

export interface LocalStorageOptions {
  /** Directory of the public objects, which the static file server serves; created as needed. */
  rootDir: string;
  /** Directory of the private objects, never served as files (default: `rootDir` + `-private`). */
  privateDir?: string;
  /** URL path under which the files are served (default `/uploads`). */
  publicPath?: string;
}

export function createLocalStorage({
  rootDir,
  privateDir,
  publicPath = UPLOADS_PATH,
}: LocalStorageOptions): Storage {
  const roots = { public: path.resolve(rootDir), private: path.resolve(privateDir ?? `${rootDir}-private`) };
  if (roots.public === roots.private)
    throw new Error('The private directory must differ from the public one');
  const base = publicPath.replace(/\/+$/, '');
  type Area = keyof typeof roots;
  const areaOf = (isPublic: boolean | undefined): Area => (isPublic ? 'public' : 'private');

  function filePath(key: string, area: Area): string {
    assertValidKey(key);
    const root = roots[area];
    const full = path.resolve(root, ...key.split('/'));
    // Belt and braces: the key rules already keep us inside the root.
    if (!full.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  async function readIn(key: string, area: Area): Promise<Buffer | null> {
    try {
      return await readFile(filePath(key, area));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function deletePrefixIn(prefix: string, area: Area) {
    if (prefix.endsWith('/')) {
      await rm(filePath(prefix.slice(0, -1), area), { recursive: true, force: true });
      return;
    }
    const target = filePath(prefix, area);
    const dir = path.dirname(target);
    const start = path.basename(target);
    let entries: string[];
    try {
      entries = await readdir(dir);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    await Promise.all(
      entries
        .filter((name) => name.startsWith(start))
        .map((name) => rm(path.join(dir, name), { recursive: true, force: true })),
    );
  }

  return {
    async put(key, data, _contentType, opts) {
      const target = filePath(key, areaOf(opts?.public));
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      // Write next to the target (same filesystem) under a name no key can reach, then rename atomically.
      const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, data);
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      // A key is in one area only.
      await rm(filePath(key, areaOf(!opts?.public)), { force: true });
    },

    async get(key) {
      // An object moving between the areas is in one or the other: a second look finds it.
      for (let round = 0; round < 2; round++) {
        const bytes = (await readIn(key, 'private')) ?? (await readIn(key, 'public'));
        if (bytes) return bytes;
      }
      return null;
    },

    async delete(keys) {
      const targets = keys.flatMap((key) => [filePath(key, 'public'), filePath(key, 'private')]);
      await Promise.all(targets.map((t) => rm(t, { force: true })));
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      await Promise.all([deletePrefixIn(prefix, 'public'), deletePrefixIn(prefix, 'private')]);
    },

    async setPublic(keys, isPublic) {
      const to = areaOf(isPublic);
      const from = areaOf(!isPublic);
      await Promise.all(
        keys.map(async (key) => {
          const source = filePath(key, from);
          const target = filePath(key, to);
          try {
            await rename(source, target);
          } catch (err) {
            if (!isMissing(err)) throw err;
            // The target's folder may not exist yet; a missing source means there is nothing to move.
            await mkdir(path.dirname(target), { recursive: true });
            try {
              await rename(source, target);
            } catch (again) {
              if (!isMissing(again)) throw again;
            }
          }
        }),
      );
    },

    publicUrl(key) {
      assertValidKey(key);
      return `${base}/${key}`;
    },

    async stat(key) {
      for (let round = 0; round < 2; round++) {
        for (const area of ['private', 'public'] as const) {
          try {
            const info = await stat(filePath(key, area));
            if (info.isFile()) return { size: info.size, public: area === 'public' };
          } catch (err) {
            if (!isMissing(err)) throw err;
          }
        }
      }
      return null;
    },

    directUrl(key) {
      assertValidKey(key);
      return null;
    },

    staticDir: roots.public,
  };
}
