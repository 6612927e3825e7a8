/**
 * Jobs that run once: the interval kept in job_runs across processes, the advisory lock on PostgreSQL
 * (two processes trying at the same moment: one runs), failures recorded, and the in-process timer loop
 * (fake timers: runs, nudges that coalesce, no overlap, stop waiting for a run).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { testDatabaseUrl } from '../env.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { createScheduler, runJob, type Job } from './scheduler.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 8, 0, 0) + ms);

async function jobRow(name: string) {
  const result = (await database.db.execute(
    sql`select last_started_at, last_finished_at, last_error from job_runs where name = ${name}`,
  )) as unknown as {
    rows: { last_started_at: string; last_finished_at: string | null; last_error: string | null }[];
  };
  return result.rows[0];
}

describe('runJob', () => {
  it('runs a job at most once per interval, whichever process asks', async () => {
    let runs = 0;
    const job: Job = { name: 'interval-test', everyMs: 10 * MINUTE, run: async () => void (runs += 1) };
    expect(await runJob(database, job, at(0))).toBe('ran');
    expect(await runJob(database, job, at(MINUTE))).toBe('too soon');
    expect(await runJob(database, job, at(8 * MINUTE))).toBe('too soon');
    // Timers drift: 90% of the interval is enough.
    expect(await runJob(database, job, at(9 * MINUTE))).toBe('ran');
    expect(runs).toBe(2);
    expect(new Date((await jobRow('interval-test'))!.last_started_at).getTime()).toBe(
      at(9 * MINUTE).getTime(),
    );
  });

  it('records a failure without its data and tries again at the next interval', async () => {
    let fail = true;
    const job: Job = {
      name: 'failing-test',
      everyMs: MINUTE,
      run: async () => {
        if (fail) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      },
    };
    const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
    expect(await runJob(database, job, at(0), log)).toBe('failed');
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect((await jobRow('failing-test'))!.last_error).toBe('Error ENOSPC: disk full');
    fail = false;
    expect(await runJob(database, job, at(MINUTE))).toBe('ran');
    expect((await jobRow('failing-test'))!.last_error).toBeNull();
  });

  it('runs an every-process job each time, without the interval or the lock', async () => {
    let runs = 0;
    const job: Job = {
      name: 'everywhere',
      everyMs: MINUTE,
      scope: 'every-process',
      run: async () => void (runs += 1),
    };
    await runJob(database, job, at(0));
    await runJob(database, job, at(0));
    expect(runs).toBe(2);
    expect(await jobRow('everywhere')).toBeUndefined();
  });

  it.skipIf(!testDatabaseUrl())(
    'runs a job on one of two processes that try at the same moment (PostgreSQL)',
    async () => {
      const [row] = (
        (await database.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const url = new URL(testDatabaseUrl()!);
      url.pathname = `/${row!.name}`;
      const other = openPostgres(url.toString(), 2);
      try {
        let running = 0;
        let most = 0;
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const job: Job = {
          name: 'lock-test',
          everyMs: MINUTE,
          run: async () => {
            running += 1;
            most = Math.max(most, running);
            entered();
            await gate;
            running -= 1;
          },
        };
        const first = runJob(database, job, at(0));
        await inside;
        // The first holds the lock: the second process does not wait for it, it skips this turn.
        expect(await runJob(other, job, at(0))).toBe('locked');
        release();
        expect(await first).toBe('ran');
        // After the run, the interval (not the lock) keeps the other process from running it again.
        expect(await runJob(other, job, at(1000))).toBe('too soon');
        expect(most).toBe(1);
      } finally {
        await other.close();
      }
    },
  );
});

describe('createScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

  it('runs each job at start and every interval, never two runs of one job at once, and coalesces nudges', async () => {
    vi.useFakeTimers();
    const scheduler = createScheduler({ database, log });
    let runs = 0;
    let running = 0;
    let most = 0;
    let finish: (() => void) | null = null;
    scheduler.schedule(
      'loop',
      5_000,
      async () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => (finish = resolve));
        running -= 1;
      },
      { scope: 'every-process' },
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    // Nudged twice while running: one more run right after this one, not two, not overlapping.
    scheduler.nudge('loop');
    scheduler.nudge('loop');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
    finish!();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    finish!();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(3);
    expect(most).toBe(1);
    // stop() waits for the run in progress and starts no other.
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(3);
  });

  it('keeps running a job after it failed', async () => {
    vi.useFakeTimers();
    const scheduler = createScheduler({ database, log });
    let runs = 0;
    scheduler.schedule(
      'flaky',
      1_000,
      async () => {
        runs += 1;
        throw new Error('boom');
      },
      { scope: 'every-process' },
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(runs).toBe(3);
    await scheduler.stop();
  });
});
