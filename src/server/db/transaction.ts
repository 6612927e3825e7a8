/**
 * Transactions that survive contention. PostgreSQL may abort a transaction that did nothing wrong: a
 * deadlock between two requests that lock the same rows in different orders (40P01), or a serialisation
 * failure (40001). Such a transaction can simply run again, so every top-level transaction runs through
 * `withRetry`: up to `attempts` runs with a short, jittered, growing pause between them. When every run
 * fails the request answers 503 with a message to try again, never a 500 (docs/decisions/0031-transactions-that-lose-races.md).
 *
 * `retryTransactions(db)` (called by db/client.ts on every database it opens) makes `db.transaction`
 * itself retry, so every `db.transaction(...)` in the code base is covered, including code written later.
 * A transaction's callback must therefore be safe to run again: only database work inside it (which the
 * rollback undoes) and values it returns; files, caches and mail go after the commit. Savepoints
 * (`tx.transaction` inside a transaction) are not retried on their own: the whole transaction is.
 */
import { busy } from '../errors.ts';
import type { Db } from './client.ts';

/** serialization_failure, deadlock_detected: the transaction lost a race and may run again. */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40001', '40P01']);

export interface RetryOptions {
  /** Runs in all, the first included (default 5). */
  attempts?: number;
  /** The pause before the n-th retry is random in [0, min(maxDelayMs, baseDelayMs · 2^(n-1))] ms. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected in tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const DEFAULT_RETRY: Required<Pick<RetryOptions, 'attempts' | 'baseDelayMs' | 'maxDelayMs'>> = {
  attempts: 5,
  baseDelayMs: 20,
  maxDelayMs: 400,
};

/** Whether an error (or the driver error Drizzle wrapped in `cause`) is a lost race worth running again. */
export function isRetryable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` again while it fails with a retryable error, at most `attempts` times in all; other errors
 * pass through at once. After the last failed run, throws the 503 `busy()` error.
 */
export async function withRetry<T>(run: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, opts.attempts ?? DEFAULT_RETRY.attempts);
  const base = opts.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs;
  const cap = opts.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const sleep = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isRetryable(err)) throw err;
      if (attempt >= attempts) throw busy();
      // Full jitter: two transactions that just collided do not collide again at the same moment.
      await sleep(Math.floor(random() * Math.min(cap, base * 2 ** (attempt - 1))));
    }
  }
}

const RETRYING = Symbol('retrying transactions');

/**
 * Makes `db.transaction(fn, config)` run through `withRetry`. Idempotent; returns the same object.
 * Transactions opened from a transaction handle (savepoints) are left alone.
 */
export function retryTransactions(db: Db, opts: RetryOptions = {}): Db {
  const marked = db as Db & { [RETRYING]?: true };
  if (marked[RETRYING]) return db;
  const original = db.transaction.bind(db);
  const retrying: Db['transaction'] = (fn, config) => withRetry(() => original(fn, config), opts);
  Object.defineProperty(db, 'transaction', { value: retrying, configurable: true, writable: true });
  Object.defineProperty(db, RETRYING, { value: true });
  return db;
}
