/**
 * Start-up tasks of instances starting together on one PostgreSQL database take turns (decision 0054):
 * `Database.exclusively` holds a session advisory lock while its task works, and the demo seed runs under
 * it, so two `db:seed` (or two first starts) never both find the database empty. PostgreSQL only (PGlite is
 * one process per data directory); the PostgreSQL run of the suite (DATABASE_URL) runs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../env.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { createTestDatabase, openTestDatabaseAgain } from '../test/helpers.ts';
import { queryRows, STARTUP_LOCK_KEY, type Database } from './client.ts';
import { SEED_LOCK, seedIfEmpty } from './seed.ts';

const TEST_LOCK = 9_999;

describe.runIf(testDatabaseUrl())('start-up tasks on PostgreSQL', () => {
  let database: Database;
  let second: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    second = openTestDatabaseAgain(database);
    dir = mkdtempSync(path.join(os.tmpdir(), 'mm-exclusively-'));
  }, 120_000);
  afterAll(async () => {
    await second.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Sessions waiting for the start-up lock `key` (two-key advisory locks: classid, objid, objsubid 2). */
  async function waiting(key: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
            and classid = ${STARTUP_LOCK_KEY} and objid = ${key} and objsubid = 2`,
    );
    return row!.n;
  }

  async function until(check: () => Promise<boolean>, what: string) {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`timed out waiting until ${what}`);
  }

  it('of two instances checking and then writing at once, one writes and the other sees it', async () => {
    // Each task, after its check, waits (up to 3 s) until the other has checked too: without the lock both
    // check before either writes, and the second write breaks job_runs' primary key. With it the second
    // task is still waiting for the lock, so the first writes alone after the wait.
    let checked = 0;
    const bothChecked = async () => {
      checked += 1;
      for (let i = 0; i < 120 && checked < 2; i++) await new Promise((r) => setTimeout(r, 25));
    };
    const claim = (d: Database) =>
      d.exclusively(TEST_LOCK, async () => {
        const rows = await queryRows(d.db, sql`select 1 from job_runs where name = 'exclusive-test'`);
        await bothChecked();
        if (rows.length > 0) return false;
        await d.db.execute(
          sql`insert into job_runs (name, last_started_at) values ('exclusive-test', now())`,
        );
        return true;
      });
    const outcomes = await Promise.all([claim(database), claim(second)]);
    expect(outcomes.sort()).toEqual([false, true]);
  });

  it('releases the lock when its task fails', async () => {
    await expect(
      database.exclusively(TEST_LOCK, async () => {
        throw new Error('task failed');
      }),
    ).rejects.toThrow('task failed');
    expect(await second.exclusively(TEST_LOCK, async () => 'next')).toBe('next');
    expect(await waiting(TEST_LOCK)).toBe(0);
  });

  it('a seed waits for the seed in progress, then finds the data and seeds nothing', async () => {
    const storage = createLocalStorage({ rootDir: path.join(dir, 'uploads') });
    let secondSeed: Promise<boolean> | undefined;
    await database.exclusively(SEED_LOCK, async () => {
      secondSeed = seedIfEmpty(second, storage);
      await until(async () => (await waiting(SEED_LOCK)) === 1, 'the second seed waits for the lock');
      // What the seed in progress writes first: the database is no longer empty.
      await database.db.execute(
        sql`insert into categories (name, slug) values ('Seeded first', 'seeded-first')`,
      );
    });
    expect(await secondSeed).toBe(false);
    const [users] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from "user"`);
    expect(users!.n).toBe(0);
  });
});
