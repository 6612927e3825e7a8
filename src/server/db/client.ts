/**
 * Opens the database: PGlite under DATA_DIR when DATABASE_URL is absent, otherwise PostgreSQL through pg.
 * Both give the same Drizzle API; the code above this file does not know which one it has.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDirLock } from './lock.ts';
import { retryTransactions } from './transaction.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's size and its connections (open, idle, requests waiting for one), for metrics. */
  poolStats?(): { size: number; open: number; idle: number; waiting: number };
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (delivered when the notifying transaction commits), and
   * once as soon as it listens (and again after each reconnection), when notifications may have been missed. PostgreSQL listens on a
   * connection of its own, outside the pool. Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while this process holds the session advisory lock `(STARTUP_LOCK_KEY, key)` on PostgreSQL, on
   * a pooled connection kept for the lock while `fn` works through `db` (other connections): a start-up
   * task of several instances (the demo seed) runs in one of them at a time. Released when `fn` settles, or
   * with the connection if the process dies. PGlite (one process per data directory) just runs `fn`.
   */
  exclusively<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PGlite: its whole data directory as a tarball, to open copies of it (`openPglite(…, from)`). */
  dumpDataDir?(): Promise<Blob>;
}

/** The advisory-lock namespace of start-up tasks other than migrations (`exclusively`). */
export const STARTUP_LOCK_KEY = 7_310_525;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name ${channel}`);
}

/**
 * Settings of every session, PGlite (SET after opening) or PostgreSQL (the pool's startup options).
 * No synchronized sequential scans: a capped count (browse counts up to 1,001 matches) may be planned as a
 * sequential scan that stops early; synchronized, each one starts where the last one stopped, so the same
 * count took 1.4 ms or 90 ms at a million listings depending on where the previous request left the table
 * (a common search word: p50 7 ms, p99 100 ms). From the start of the table, it takes the same time.
 */
const SESSION_SETTINGS: Record<string, string> = { synchronize_seqscans: 'off' };
const settingsAs = (format: (name: string, value: string) => string, separator: string) =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => format(name, value))
    .join(separator);

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Embedded PGlite. `dataDir` undefined means in memory (tests); `from` starts it as a copy of another
 * database's `dumpDataDir()` (tests start from a migrated copy: src/server/test/helpers.ts).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database> {
  const lock = dataDir ? acquireDirLock(dataDir) : undefined;
  try {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pgdata') } : {}),
      ...(from ? { loadDataDir: from } : {}),
      extensions: { pg_trgm, cube },
    });
    await client.exec(settingsAs((name, value) => `set ${name} = ${value}`, '; '));
    const db = retryTransactions(drizzlePglite(client, { schema }) as unknown as Db);
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      exclusively: (_key, fn) => fn(),
      dumpDataDir: () => client.dumpDataDir('none'),
      async listen(channel, onNotify) {
        checkChannel(channel);
        const unlisten = await client.listen(channel, () => onNotify());
        onNotify();
        return unlisten;
      },
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

export function openPostgres(url: string, max = 10): Database {
  // The session settings travel in the startup packet: in force before the connection's first query.
  const options = settingsAs((name, value) => `-c ${name}=${value}`, ' ');
  const pool = new pg.Pool({ connectionString: url, max, options });
  // Idle clients that lose their connection must not crash the process.
  pool.on('error', () => {});
  // Every transaction runs again when it loses a race (deadlock, serialisation failure): db/transaction.ts.
  const db = retryTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ size: max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migratePostgres(url, options, db),
    close: () => pool.end(),
    listen: (channel, onNotify) => listenPostgres(url, options, channel, onNotify),
    async exclusively(key, fn) {
      const holder = await pool.connect();
      let broken = false;
      try {
        await holder.query('select pg_advisory_lock($1, $2)', [STARTUP_LOCK_KEY, key]);
        try {
          return await fn();
        } finally {
          await holder.query('select pg_advisory_unlock($1, $2)', [STARTUP_LOCK_KEY, key]).catch(() => {
            broken = true;
          });
        }
      } finally {
        // A connection whose unlock failed may still hold the lock: it is closed, not reused.
        holder.release(broken);
      }
    },
  };
}

/** The session advisory lock instances take around their migrations (pg_advisory_lock(key, 0)). */
export const MIGRATION_LOCK_KEY = 7_310_524;

/**
 * Migrations on PostgreSQL under a session advisory lock held on a connection of its own: of N instances
 * starting together one migrates, the others wait for the lock, then find nothing left to apply and start
 * (decision 0048). A process that dies while migrating releases the lock with its connection, and
 * drizzle's migrator applies the pending migrations in one transaction, so the next one starts over.
 */
async function migratePostgres(url: string, options: string, db: Db): Promise<void> {
  const lock = new pg.Client({ connectionString: url, options });
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1, 0)', [MIGRATION_LOCK_KEY]);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session releases the lock.
    await lock.end().catch(() => {});
  }
}

/** LISTEN on a dedicated connection that reconnects (every 5 s) after it is lost. */
async function listenPostgres(
  url: string,
  options: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  checkChannel(channel);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const reconnectLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 5_000);
    retry.unref();
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, options });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    const lost = () => {
      if (client === next) client = null;
      void next.end().catch(() => {});
      reconnectLater();
    };
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      onNotify();
    } catch {
      void next.end().catch(() => {});
      reconnectLater();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir);
}

/**
 * Runs raw SQL and returns its rows (both drivers answer `{ rows }`).
 *
 * `prepare`: run it as a named prepared statement, so that PostgreSQL parses and plans its text once per
 * connection and, once it has seen that the plan does not depend on the parameters, stops planning it at
 * all (a browse page's plan costs more than running it: docs/decisions/0008-browse-at-scale.md). Only for
 * statements whose best plan is the same for every parameter value (no full-text search terms), and whose
 * LIMIT is written into the text, not a parameter (a generic plan assumes a parameter LIMIT reads 10% of
 * the rows). PGlite (one session, no named statements in its protocol API) gets an SQL-level `PREPARE`
 * once and `EXECUTE` with the values written as quoted literals; inside a transaction, or with a value it
 * cannot quote safely, it runs the statement unnamed.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
  opts: { prepare?: boolean } = {},
): Promise<T[]> {
  if (!opts.prepare) {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const session = db._.session as unknown as PreparingSession & { client?: unknown };
  if (session.client instanceof PGlite) {
    const rows = await executePgliteNamed<T>(session.client, text, params);
    if (rows) return rows;
  }
  const result = (await session
    .prepareQuery({ sql: text, params }, undefined, statementName(text), false)
    .execute()) as {
    rows: T[];
  };
  return result.rows;
}

/** What queryRows needs of drizzle's session (the same call its query builders' `.prepare(name)` makes). */
interface PreparingSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

/** The statements each PGlite has prepared (a promise while preparing; false: it could not be). */
const pglitePrepared = new WeakMap<PGlite, Map<string, Promise<boolean>>>();
/** As drizzle's PGlite session reads rows: dates and intervals stay text. */
const PGLITE_ROWS = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(
    [pgliteTypes.TIMESTAMP, pgliteTypes.TIMESTAMPTZ, pgliteTypes.INTERVAL, pgliteTypes.DATE].map((t) => [
      t,
      (value: string) => value,
    ]),
  ),
};

/**
 * Runs `text` on PGlite as `EXECUTE` of a statement prepared once (null when it cannot: a value that is not
 * a plain scalar, or a text PostgreSQL would not prepare). The values become quoted literals, which
 * PostgreSQL casts to the types PREPARE inferred; a quote is doubled, and a string with a backslash or a
 * NUL is never quoted (it runs unnamed instead), so no value can end its literal.
 */
async function executePgliteNamed<T>(client: PGlite, text: string, params: unknown[]): Promise<T[] | null> {
  const literals: string[] = [];
  for (const value of params) {
    const literal = quoteLiteral(value);
    if (literal === null) return null;
    literals.push(literal);
  }
  const name = statementName(text);
  let prepared = pglitePrepared.get(client);
  if (!prepared) pglitePrepared.set(client, (prepared = new Map()));
  let ready = prepared.get(name);
  if (!ready) {
    ready = client.exec(`prepare ${name} as ${text}`).then(
      () => true,
      () => false,
    );
    prepared.set(name, ready);
  }
  if (!(await ready)) return null;
  const result = await client.query<T>(
    `execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`,
    [],
    PGLITE_ROWS,
  );
  return result.rows;
}

function quoteLiteral(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else return null;
  if (/[\\\0]/.test(text)) return null;
  return `'${text.replace(/'/g, "''")}'`;
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 5_000;

/** One name per statement text (a connection refuses a name reused for another text). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    name = `mm_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}
