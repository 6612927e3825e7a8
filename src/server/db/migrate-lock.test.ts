/**
 * Instances starting together on one PostgreSQL migrate once (decision 0048): migrate() takes a session
 * advisory lock, so a second caller waits and then finds nothing to apply. PostgreSQL only (PGlite is one
 * process per data directory); the PostgreSQL run of the suite (DATABASE_URL) runs it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, MIGRATION_LOCK_KEY, openPostgres } from './client.ts';
import { testDatabaseUrl } from '../env.ts';

const serverUrl = testDatabaseUrl();
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function withFreshDatabase(fn: (url: string) => Promise<void>) {
  const name = `mm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function appliedMigrations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe.runIf(serverUrl)('migrations on PostgreSQL', () => {
  it('two instances migrating a fresh database at once both succeed, and the schema is applied once', async () => {
    await withFreshDatabase(async (url) => {
      const a = openPostgres(url, 2);
      const b = openPostgres(url, 2);
      try {
        await Promise.all([a.migrate(), b.migrate()]);
        expect(await appliedMigrations(url)).toBe(journal.entries.length);
        const { rows } = (await a.db.execute('select count(*)::int as n from packages')) as unknown as {
          rows: { n: number }[];
        };
        expect(rows[0]!.n).toBeGreaterThanOrEqual(0);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });

  it('an instance waits for the migration lock another holds, then starts', async () => {
    await withFreshDatabase(async (url) => {
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      const database = openPostgres(url, 2);
      try {
        await holder.query('select pg_advisory_lock($1, 0)', [MIGRATION_LOCK_KEY]);
        let done = false;
        const migrating = database.migrate().then(() => {
          done = true;
        });
        // Until its session shows up waiting on the lock (no sleeps: the wait is observed in pg_locks).
        for (;;) {
          const { rows } = await holder.query(
            `select count(*)::int as n from pg_locks
              where locktype = 'advisory' and not granted and classid = $1 and objid = 0`,
            [MIGRATION_LOCK_KEY],
          );
          if (rows[0].n === 1) break;
        }
        expect(done).toBe(false);
        const { rows } = await holder.query(`select to_regclass('public.listings') as t`);
        expect(rows[0].t).toBeNull();
        await holder.query('select pg_advisory_unlock($1, 0)', [MIGRATION_LOCK_KEY]);
        await migrating;
        expect(await appliedMigrations(url)).toBe(journal.entries.length);
      } finally {
        await holder.end();
        await database.close();
      }
    });
  });
});
