/**
 * Background jobs that run once however many server processes share the database
 * (docs/decisions/0033-mail-outbox-and-jobs.md).
 *
 * `scheduler.schedule(name, everyMs, fn)` runs `fn` every `everyMs` in this process. A job with the default
 * scope `'once'` runs on one process at a time and at most once per interval across all of them: each run
 * takes the job's transaction-scoped advisory lock (`pg_try_advisory_xact_lock`, released when the run's
 * transaction ends, also when the process dies) and starts only if `job_runs` says the interval has passed
 * since the last start, whichever process made it. On PGlite (one process per data directory) there is no
 * lock to take; the interval check still applies. A job with scope `'every-process'` (the outbox worker,
 * whose claims keep the processes apart) runs in each process without the lock.
 *
 * Runs of one job never overlap in a process; `nudge(name)` runs a job soon (coalesced); `stop()` waits for
 * running jobs. Tests call `runJob` directly with their own clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { loggableError } from '../errors.ts';

export type JobScope = 'once' | 'every-process';

export interface JobContext {
  /** The scheduler's clock at the start of the run. */
  now: Date;
}

export interface Job {
  name: string;
  everyMs: number;
  run: (ctx: JobContext) => Promise<void>;
  scope?: JobScope;
}

export type JobOutcome = 'ran' | 'locked' | 'too soon' | 'failed';

/** The advisory-lock namespace of scheduled jobs (the second key is hashtext(job name)). */
export const JOB_LOCK_NAMESPACE = 7_310_523;

/** A run is due once this share of the interval has passed since the last start (timers drift). */
const DUE_AFTER_SHARE = 0.9;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function lastStart(db: Pick<Db, 'execute'>, name: string): Promise<Date | null> {
  const [row] = rowsOf<{ last_started_at: string | Date }>(
    await db.execute(sql`select last_started_at from job_runs where name = ${name}`),
  );
  return row ? new Date(row.last_started_at) : null;
}

async function markStarted(db: Pick<Db, 'execute'>, name: string, now: Date) {
  await db.execute(sql`
    insert into job_runs (name, last_started_at) values (${name}, ${now.toISOString()})
    on conflict (name) do update set last_started_at = excluded.last_started_at`);
}

async function markFinished(db: Pick<Db, 'execute'>, name: string, now: Date, error: string | null) {
  await db.execute(sql`
    update job_runs set last_finished_at = ${now.toISOString()}, last_error = ${error} where name = ${name}`);
}

/** What a failure leaves in job_runs: the error's type and message, never its data. */
function errorText(err: unknown): string {
  const e = loggableError(err);
  return `${String(e.type)}${e.code ? ` ${String(e.code)}` : ''}: ${String(e.message ?? '')}`.slice(0, 500);
}

/**
 * One run of a job, if it is its turn: on PostgreSQL under the job's advisory lock, and (scope 'once') only
 * when the interval has passed since the last start. The job's own work goes through `database.db` (other
 * connections); the lock's transaction only holds the lock and the job's `job_runs` row.
 */
export async function runJob(
  database: Database,
  job: Job,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<JobOutcome> {
  const { db } = database;
  if ((job.scope ?? 'once') === 'every-process') {
    try {
      await job.run({ now });
      return 'ran';
    } catch (err) {
      log?.warn({ err: loggableError(err), job: job.name }, 'job failed');
      return 'failed';
    }
  }
  const due = (last: Date | null) => !last || now.getTime() - last.getTime() >= job.everyMs * DUE_AFTER_SHARE;
  let failure: unknown = null;
  const attempt = async (tx: Pick<Db, 'execute'>): Promise<JobOutcome> => {
    if (!due(await lastStart(tx, job.name))) return 'too soon';
    await markStarted(tx, job.name, now);
    try {
      await job.run({ now });
    } catch (err) {
      failure = err;
    }
    await markFinished(tx, job.name, new Date(), failure ? errorText(failure) : null);
    return failure ? 'failed' : 'ran';
  };
  let outcome: JobOutcome;
  if (database.kind === 'pglite') {
    // One process per data directory (db/lock.ts): nothing to lock against. A transaction here would hold
    // PGlite's only connection while the job's own queries wait for it.
    outcome = await attempt(db);
  } else {
    outcome = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, hashtext(${job.name})) as ok`,
        ),
      );
      if (!lock?.ok) return 'locked';
      return attempt(tx);
    });
  }
  if (failure) log?.warn({ err: loggableError(failure), job: job.name }, 'job failed');
  return outcome;
}

export interface Scheduler {
  /** Adds a job; it first runs `firstRunAfterMs` (default 0) after `start()`, then every `everyMs`. */
  schedule(
    name: string,
    everyMs: number,
    run: Job['run'],
    options?: { scope?: JobScope; firstRunAfterMs?: number },
  ): void;
  /** Runs a job as soon as possible (after the current run, if one is going). */
  nudge(name: string): void;
  start(): void;
  /** Stops the timers and waits for the runs in progress. */
  stop(): Promise<void>;
}

interface Entry {
  job: Job;
  firstRunAfterMs: number;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
}

export function createScheduler(opts: {
  database: Database;
  log: FastifyBaseLogger;
  clock?: () => Date;
}): Scheduler {
  const clock = opts.clock ?? (() => new Date());
  const entries = new Map<string, Entry>();
  let started = false;
  let stopped = false;

  const arm = (entry: Entry, delayMs: number) => {
    if (stopped) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => fire(entry), delayMs);
    entry.timer.unref();
  };

  const fire = (entry: Entry) => {
    entry.timer = null;
    if (stopped) return;
    if (entry.running) {
      entry.again = true;
      return;
    }
    entry.running = runJob(opts.database, entry.job, clock(), opts.log)
      .then(
        () => undefined,
        (err: unknown) => opts.log.warn({ err: loggableError(err), job: entry.job.name }, 'job failed'),
      )
      .finally(() => {
        entry.running = null;
        if (entry.again) {
          entry.again = false;
          arm(entry, 0);
        } else {
          arm(entry, entry.job.everyMs);
        }
      });
  };

  return {
    schedule(name, everyMs, run, options = {}) {
      if (entries.has(name)) throw new Error(`Job ${name} is already scheduled`);
      const entry: Entry = {
        job: { name, everyMs, run, scope: options.scope ?? 'once' },
        firstRunAfterMs: options.firstRunAfterMs ?? 0,
        timer: null,
        running: null,
        again: false,
      };
      entries.set(name, entry);
      if (started) arm(entry, entry.firstRunAfterMs);
    },
    nudge(name) {
      const entry = entries.get(name);
      if (!entry || !started || stopped) return;
      if (entry.running) entry.again = true;
      else arm(entry, 0);
    },
    start() {
      if (started) return;
      started = true;
      for (const entry of entries.values()) arm(entry, entry.firstRunAfterMs);
    },
    async stop() {
      stopped = true;
      for (const entry of entries.values()) {
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = null;
      }
      await Promise.all([...entries.values()].map((e) => e.running));
    },
  };
}
