/**
 * Object storage behind a small interface. The local implementation keeps files on disk under a root
 * directory; an S3-style object store could later implement the same interface.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The buckets of the spec. Locally each one is a folder under the storage root. */
export const BUCKETS = ['listing-images', 'logos', 'site-assets', 'hero-banners', 'avatars'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface Storage {
  /** Stores `data` under `key`, replacing any previous object. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the given objects; missing ones are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (e.g. `listing-images/` or `logos/ab12`). */
  deletePrefix(prefix: string): Promise<void>;
  /** The URL the browser uses to fetch the object. */
  publicUrl(key: string): string;
}

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

export interface LocalStorageOptions {
  /** Directory holding the files; created as needed. */
  rootDir: string;
  /** URL path under which the files are served (default `/uploads`). */
  publicPath?: string;
}

export function createLocalStorage({ rootDir, publicPath = '/uploads' }: LocalStorageOptions): Storage {
  const root = path.resolve(rootDir);
  const base = publicPath.replace(/\/+$/, '');

  function filePath(key: string): string {
    assertValidKey(key);
    const full = path.resolve(root, ...key.split('/'));
    // Belt and braces: the key rules already keep us inside the root.
    if (!full.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  return {
    async put(key, data, _contentType) {
      const target = filePath(key);
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
    },

    async get(key) {
      const target = filePath(key);
      try {
        return await readFile(target);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(keys) {
      const targets = keys.map(filePath);
      await Promise.all(targets.map((t) => rm(t, { force: true })));
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      if (prefix.endsWith('/')) {
        await rm(filePath(prefix.slice(0, -1)), { recursive: true, force: true });
        return;
      }
      const target = filePath(prefix);
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
    },

    publicUrl(key) {
      assertValidKey(key);
      return `${base}/${key}`;
    },
  };
}
