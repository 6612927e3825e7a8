/**
 * A small in-process cache for what every visitor asks for (the first browse pages of the common queries,
 * the home listings), per database. Entries live a few seconds at most, and any change to what the public
 * sees clears them at once: services that approve, reject, create, edit or delete listings, change images,
 * packages or providers call `catalogueChanged(db)` after their transaction commits. Several processes
 * (PostgreSQL mode) each hold their own copy: the change is also announced with NOTIFY on
 * `CATALOGUE_CHANNEL`, and every process that `shareCatalogueChanges` clears its copy when it hears it
 * (docs/decisions/0052-catalogue-invalidation-over-notify.md); the short lifetime bounds staleness if a
 * notification is ever lost. On PGlite (one process) nothing is announced.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
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
  /** The value has loaded (a stale entry is served only then). */
  settled: boolean;
  /** A refresh of this (stale) entry is under way. */
  refreshing: boolean;
}

/**
 * How long past its lifetime an entry may still be served while one refresh loads the next value in the
 * background: a spike of visitors never waits for the page or query of a lapsed entry (decision 0060). A
 * change clears entries at once (catalogueChanged): nothing stale is served after a change.
 */
export const CATALOGUE_STALE_MS = 30_000;

const caches = new WeakMap<object, Map<string, Entry>>();

/** Lookups of one database's cache since the process started, for the metrics (plugins/metrics.ts). */
export interface CatalogueCacheStats {
  hits: number;
  misses: number;
}
const stats = new WeakMap<object, CatalogueCacheStats>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export function catalogueCacheStats(db: Db): CatalogueCacheStats {
  let counts = stats.get(db);
  if (!counts) {
    counts = { hits: 0, misses: 0 };
    stats.set(db, counts);
  }
  return counts;
}

/**
 * The cached value for `key`, or `load()` (shared by concurrent callers, not cached if it fails). Past its
 * lifetime a loaded entry is still served, for up to CATALOGUE_STALE_MS, while one refresh runs. The value
 * is shared by every caller and must not be changed.
 */
export function cachedCatalogue<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  if (!enabled) return load();
  const cache = cacheOf(db);
  // The monotonic clock: a lifetime in real time, whatever the wall clock says (tests move it).
  const now = performance.now();
  const hit = cache.get(key);
  const counts = catalogueCacheStats(db);
  if (hit && hit.expires > now) {
    counts.hits += 1;
    return hit.value as Promise<T>;
  }
  if (hit?.settled && hit.expires + CATALOGUE_STALE_MS > now) {
    counts.hits += 1;
    if (!hit.refreshing) refresh(cache, key, hit, load);
    return hit.value as Promise<T>;
  }
  counts.misses += 1;
  return store(cache, key, load);
}

function store<T>(cache: Map<string, Entry>, key: string, load: () => Promise<T>): Promise<T> {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  // Shared by every visitor until it expires: serialised once for all of them (markShared).
  const value = load().then(markShared);
  const entry: Entry = {
    expires: performance.now() + CATALOGUE_CACHE_TTL_MS,
    value,
    settled: false,
    refreshing: false,
  };
  cache.set(key, entry);
  value.then(
    () => {
      entry.settled = true;
    },
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  return value;
}

/** Loads the next value of a stale entry; it replaces the entry only if nothing cleared it meanwhile. */
function refresh<T>(cache: Map<string, Entry>, key: string, stale: Entry, load: () => Promise<T>): void {
  stale.refreshing = true;
  const value = load().then(markShared);
  value.then(
    () => {
      // Cleared by a change while loading: what was read may predate it, so it is not kept.
      if (cache.get(key) !== stale) return;
      cache.set(key, {
        expires: performance.now() + CATALOGUE_CACHE_TTL_MS,
        value,
        settled: true,
        refreshing: false,
      });
    },
    () => {
      stale.refreshing = false;
    },
  );
}

/** The PostgreSQL channel on which a process announces that the catalogue changed. */
export const CATALOGUE_CHANNEL = 'mm_catalogue';

const heardWaiters = new WeakMap<object, (() => void)[]>();

/** Resolves when this database's cache is next cleared by an announcement (tests wait on it). */
export function nextAnnouncementHeard(db: Db): Promise<void> {
  return new Promise((resolve) => {
    const waiting = heardWaiters.get(db) ?? [];
    waiting.push(resolve);
    heardWaiters.set(db, waiting);
  });
}

/** Per database: how to tell the other processes (set by shareCatalogueChanges). */
const announcers = new WeakMap<object, () => void>();

/** Something the public catalogue shows has changed: forget every cached page of this database. */
export function catalogueChanged(db: Db): void {
  caches.get(db)?.clear();
  announcers.get(db)?.();
}

/**
 * PostgreSQL: announce this process's changes to the others, and clear this process's cache when another
 * announces one (or when the listening connection comes back, since announcements may have been missed).
 * Resolves to the function that stops both.
 */
export async function shareCatalogueChanges(
  database: Database,
  onError: (err: unknown) => void,
): Promise<() => Promise<void>> {
  const { db } = database;
  announcers.set(db, () => {
    // After the change has committed: the others read the new rows once they hear it.
    db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`).catch(onError);
  });
  const unlisten = await database.listen(CATALOGUE_CHANNEL, () => {
    caches.get(db)?.clear();
    const waiting = heardWaiters.get(db) ?? [];
    heardWaiters.delete(db);
    for (const resolve of waiting) resolve();
  });
  return async () => {
    announcers.delete(db);
    await unlisten();
  };
}
