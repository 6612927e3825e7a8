/**
 * A small in-process cache for what every visitor asks for (the first browse pages of the common queries,
 * the home listings), per database. Entries live a few seconds at most, and any change to what the public
 * sees clears them at once: services that approve, reject, create, edit or delete listings, change images,
 * packages or providers call `catalogueChanged(db)` after their transaction commits. Several processes
 * (PostgreSQL mode) each hold their own copy; the short lifetime bounds how stale another process can be.
 */
import type { Db } from '../../db/client.ts';
import { markShared } from '../../http-cache.ts';

export const CATALOGUE_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 500;

/** Benchmarks switch the cache off to measure the database path (bench/server.ts); the app never does. */
let enabled = true;
export function setCatalogueCacheEnabled(on: boolean): void {
  enabled = on;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The cached value for `key`, or `load()` (shared by concurrent callers, not cached if it fails). The value
 * is shared by every caller and must not be changed.
 */
export function cachedCatalogue<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  if (!enabled) return load();
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  // Shared by every visitor until it expires: serialised once for all of them (markShared).
  const value = load().then(markShared);
  cache.set(key, { expires: now + CATALOGUE_CACHE_TTL_MS, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

/** Something the public catalogue shows has changed: forget every cached page of this database. */
export function catalogueChanged(db: Db): void {
  caches.get(db)?.clear();
}
