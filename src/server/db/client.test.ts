/**
 * queryRows' prepared statements (PostgreSQL: named protocol statements; PGlite: PREPARE once, then
 * EXECUTE with quoted literals) give the same rows as the statement run unnamed, whatever the values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from './client.ts';
import { createTestDatabase } from '../test/helpers.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const VALUES: unknown[] = [
  'plain',
  "O'Brien's ''quoted''",
  "x'); drop table listings; --",
  'back\\slash',
  'Ümhlanga · 🎓',
  '',
  -26.2,
  12345678901,
  true,
  null,
  new Date('2026-11-27T10:00:00.000Z'),
];

function probe(value: unknown): SQL {
  // The parameter's type comes from its context, as in the application's statements.
  return sql`select ${value}::text as v, now() as at, 1::int as one where ${value}::text is not distinct from ${value}::text`;
}

describe('queryRows with prepare', () => {
  it.each(VALUES.map((v) => [v]))('gives the rows the unnamed statement gives (%j)', async (value) => {
    const plain = await queryRows<{ v: string | null; at: unknown; one: number }>(database.db, probe(value));
    const prepared = await queryRows<{ v: string | null; at: unknown; one: number }>(
      database.db,
      probe(value),
      { prepare: true },
    );
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.v).toBe(plain[0]!.v);
    expect(prepared[0]!.one).toBe(1);
    // Timestamps come back the same way (text, as drizzle reads them).
    expect(typeof prepared[0]!.at).toBe(typeof plain[0]!.at);
    // Run again: the second call executes the statement prepared by the first.
    const again = await queryRows<{ v: string | null }>(database.db, probe(value), { prepare: true });
    expect(again[0]!.v).toBe(plain[0]!.v);
  });

  it('a value that tries to end its literal stays a value', async () => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from listings where title = ${"'; drop table listings; --"}`,
      { prepare: true },
    );
    expect(row!.n).toBe(0);
    const [table] = await queryRows<{ t: string | null }>(
      database.db,
      sql`select to_regclass('listings')::text as t`,
    );
    expect(table!.t).toBe('listings');
  });

  it('PGlite prepares a statement once per text and reuses it', async () => {
    if (database.kind !== 'pglite') return;
    const marker = `mm_prepare_probe_${Date.now()}`;
    const statement = sql`select ${marker}::text as v, ${marker.length}::int as n`;
    for (let i = 0; i < 3; i++) {
      const [row] = await queryRows<{ v: string; n: number }>(database.db, statement, { prepare: true });
      expect(row).toEqual({ v: marker, n: marker.length });
    }
    const prepared = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_prepared_statements
          where statement like ${'%select $1::text as v, $2::int as n%'}`,
    );
    expect(prepared[0]!.n).toBe(1);
  });

  it('sessions scan tables from their start (no synchronized sequential scans)', async () => {
    for (let i = 0; i < 3; i++) {
      const [row] = await queryRows<{ synchronize_seqscans: string }>(
        database.db,
        sql`show synchronize_seqscans`,
      );
      expect(row!.synchronize_seqscans).toBe('off');
    }
  });

  it('works inside a transaction (run unnamed there on PGlite)', async () => {
    const rows = await database.db.transaction(async (tx) =>
      queryRows<{ v: string }>(tx as never, probe('in a transaction'), { prepare: true }),
    );
    expect(rows[0]!.v).toBe('in a transaction');
  });
});
