/**
 * Transactions that lose a race run again (db/transaction.ts): the retry helper with a fake failing
 * function and a fake clock, and a real deadlock on PostgreSQL that both transactions survive.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../env.ts';
import { AppError } from '../errors.ts';
import { createTestDatabase } from '../test/helpers.ts';
import type { Database } from './client.ts';
import { isRetryable, withRetry } from './transaction.ts';

/** What node-postgres throws, wrapped the way Drizzle wraps it. */
const pgError = (code: string) =>
  Object.assign(new Error('Failed query: select …'), {
    cause: Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'could not serialize'), { code }),
  });

/** A function that fails `failures` times with `error`, then answers 'done'. */
function failing(failures: number, error: () => unknown) {
  const calls = { n: 0 };
  const run = async () => {
    calls.n += 1;
    if (calls.n <= failures) throw error();
    return 'done';
  };
  return { run, calls };
}

describe('withRetry', () => {
  const pauses: number[] = [];
  const opts = {
    attempts: 4,
    baseDelayMs: 10,
    maxDelayMs: 25,
    sleep: async (ms: number) => {
      pauses.push(ms);
    },
    random: () => 0.99,
  };

  it('runs again after a deadlock or a serialisation failure, with growing capped pauses', async () => {
    pauses.length = 0;
    const { run, calls } = failing(3, () => pgError(calls.n % 2 ? '40P01' : '40001'));
    await expect(withRetry(run, opts)).resolves.toBe('done');
    expect(calls.n).toBe(4);
    // random() · min(cap, base · 2^(n-1)): 9.9 → 9, 19.8 → 19, then capped at 25 → 24.
    expect(pauses).toEqual([9, 19, 24]);
  });

  it('gives up after the last attempt with a 503 the client may retry, never the database error', async () => {
    pauses.length = 0;
    const { run, calls } = failing(10, () => pgError('40P01'));
    const err = await withRetry(run, opts).catch((e: unknown) => e);
    expect(calls.n).toBe(4);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      statusCode: 503,
      code: 'BUSY',
      message: 'The server is busy right now. Please try again in a moment.',
    });
    expect(pauses).toHaveLength(3);
  });

  it('passes any other error through at once', async () => {
    const refusal = new AppError(409, 'CONFLICT', 'At least one admin must remain');
    const { run, calls } = failing(1, () => refusal);
    await expect(withRetry(run, opts)).rejects.toBe(refusal);
    const unique = failing(1, () => pgError('23505'));
    await expect(withRetry(unique.run, opts)).rejects.toThrow('Failed query');
    expect(calls.n + unique.calls.n).toBe(2);
  });

  it('jitters: the pause is random within the bound', async () => {
    pauses.length = 0;
    const { run } = failing(2, () => pgError('40001'));
    await withRetry(run, { ...opts, random: () => 0 });
    expect(pauses).toEqual([0, 0]);
  });

  it('recognises the codes through Drizzle’s wrapping only', () => {
    expect(isRetryable(pgError('40P01'))).toBe(true);
    expect(isRetryable(pgError('40001'))).toBe(true);
    expect(isRetryable(pgError('23505'))).toBe(false);
    expect(isRetryable(new Error('40P01'))).toBe(false);
    expect(isRetryable(null)).toBe(false);
  });
});

describe('db.transaction retries a real deadlock', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table race_probe (id int primary key, n int not null default 0)`);
    await database.db.execute(sql`insert into race_probe (id) values (1), (2)`);
  });
  afterAll(() => database.close());

  // PGlite runs one transaction at a time: the two could never hold a lock each.
  it.skipIf(!testDatabaseUrl())(
    'two transactions locking two rows in opposite orders both commit',
    async () => {
      const { db } = database;
      // Each transaction locks its first row, then waits until the other holds its own first row, then
      // asks for the other's: a deadlock, which PostgreSQL breaks by aborting one of them.
      let firstLocked!: () => void;
      let secondLocked!: () => void;
      const first = new Promise<void>((r) => (firstLocked = r));
      const second = new Promise<void>((r) => (secondLocked = r));
      const runs = { a: 0, b: 0 };
      const lockInOrder = (
        name: 'a' | 'b',
        mine: number,
        theirs: number,
        held: () => void,
        wait: Promise<void>,
      ) =>
        db.transaction(async (tx) => {
          runs[name] += 1;
          await tx.execute(sql`update race_probe set n = n + 1 where id = ${mine}`);
          held();
          await wait;
          await tx.execute(sql`update race_probe set n = n + 1 where id = ${theirs}`);
        });
      await Promise.all([
        lockInOrder('a', 1, 2, firstLocked, second),
        lockInOrder('b', 2, 1, secondLocked, first),
      ]);
      // One of them ran twice (its first run was the deadlock victim); both committed once.
      expect(runs.a + runs.b).toBe(3);
      const rows = await db.execute(sql`select id, n from race_probe order by id`);
      expect((rows as unknown as { rows: { id: number; n: number }[] }).rows).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    },
  );
});
