/**
 * Counters that expire, behind a small interface: the sign-in guard keeps its failure counts here. The
 * memory store serves one process; the Redis store (REDIS_URL) lets several instances count together
 * (docs/decisions/0051-shared-limits-in-redis.md).
 */
import type { Redis } from 'ioredis';

/** The shared store could not be reached: callers refuse what the counters protect (fail closed). */
export class CounterStoreUnavailableError extends Error {}

export interface Counter {
  count: number;
  /** When the counter last went up (ms since the epoch). */
  lastAt: number;
}

export interface CounterStore {
  /** The counter, or null when it never existed or has expired. */
  get(key: string): Promise<Counter | null>;
  /**
   * Adds `by` (default 1; a negative `by` takes back an earlier increment) atomically and returns the new
   * value. The counter expires `ttlMs` after this call (each increment extends it); an increase also sets
   * `lastAt` to now.
   */
  increment(key: string, ttlMs: number, by?: number): Promise<Counter>;
  /** Forgets the counter. */
  reset(key: string): Promise<void>;
}

interface Entry extends Counter {
  expiresAt: number;
}

/**
 * One process's counters in a Map, with an injectable clock. At `maxEntries` expired entries are swept,
 * then the oldest are dropped, so a flood of distinct keys cannot exhaust memory.
 */
export function createMemoryCounterStore(
  now: () => number = Date.now,
  maxEntries = 50_000,
): CounterStore & { size(): number } {
  const entries = new Map<string, Entry>();

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function sweep() {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
    // Still full: drop the oldest entries (a Map keeps insertion order).
    for (const key of entries.keys()) {
      if (entries.size < maxEntries * 0.9) break;
      entries.delete(key);
    }
  }

  return {
    async get(key) {
      const entry = live(key);
      return entry ? { count: entry.count, lastAt: entry.lastAt } : null;
    },
    async increment(key, ttlMs, by = 1) {
      const t = now();
      let entry = live(key);
      if (!entry) {
        if (entries.size >= maxEntries) sweep();
        entry = { count: 0, lastAt: t, expiresAt: t + ttlMs };
        entries.set(key, entry);
      }
      entry.count += by;
      if (by > 0) entry.lastAt = t;
      entry.expiresAt = t + ttlMs;
      return { count: entry.count, lastAt: entry.lastAt };
    },
    async reset(key) {
      entries.delete(key);
    },
    size: () => entries.size,
  };
}

/**
 * Increments in one Lua script, so concurrent instances never lose an update: HINCRBY the count, set
 * lastAt on an increase, and PEXPIRE the hash. lastAt comes from the caller's clock (tests inject one).
 */
const INCREMENT_LUA = `
local count = redis.call('HINCRBY', KEYS[1], 'count', ARGV[1])
if tonumber(ARGV[1]) > 0 or redis.call('HEXISTS', KEYS[1], 'lastAt') == 0 then
  redis.call('HSET', KEYS[1], 'lastAt', ARGV[3])
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {count, redis.call('HGET', KEYS[1], 'lastAt')}
`;

type CounterRedis = Redis & {
  counterIncrement(key: string, by: number, ttlMs: number, now: number): Promise<[number, string]>;
};

/**
 * Counters in Redis hashes (`count`, `lastAt`) under `namespace` (after the client's key prefix). Every
 * Redis failure surfaces as CounterStoreUnavailableError.
 */
export function createRedisCounterStore(
  redis: Redis,
  namespace = 'counter:',
  now: () => number = Date.now,
): CounterStore {
  const client = redis as CounterRedis;
  if (!('counterIncrement' in client)) {
    redis.defineCommand('counterIncrement', { numberOfKeys: 1, lua: INCREMENT_LUA });
  }
  const unavailable = (err: unknown): never => {
    throw new CounterStoreUnavailableError('Shared counters unavailable', { cause: err });
  };
  return {
    async get(key) {
      const [count, lastAt] = await client.hmget(namespace + key, 'count', 'lastAt').catch(unavailable);
      return count === null ? null : { count: Number(count), lastAt: Number(lastAt ?? 0) };
    },
    async increment(key, ttlMs, by = 1) {
      const [count, lastAt] = await client
        .counterIncrement(namespace + key, by, Math.max(1, Math.ceil(ttlMs)), now())
        .catch(unavailable);
      return { count: Number(count), lastAt: Number(lastAt) };
    },
    async reset(key) {
      await client.del(namespace + key).catch(unavailable);
    },
  };
}
