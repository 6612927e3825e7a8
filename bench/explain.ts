/**
 * `DATABASE_URL=... tsx bench/explain.ts [out.md]`: EXPLAIN (ANALYZE, BUFFERS) of every statement a first
 * browse page runs (as it ran them: firstPageStatements traces a real first page), for each scenario of
 * bench/scenarios.ts, against a database filled by bench/generate.ts.
 * Writes Markdown (default: stdout).
 */
import { writeFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { browseQuerySchema } from '../src/domain/listings.ts';
import { openPglite, openPostgres, queryRows, type Db } from '../src/server/db/client.ts';
import { firstPageStatements, type TracedStatement } from '../src/server/features/marketplace/browse.ts';
import { SCENARIOS } from './scenarios.ts';

async function explain(db: Db, statement: SQL, settings: string[]): Promise<string> {
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(setting));
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      tx as unknown as Db,
      sql`explain (analyze, buffers, costs off) ${statement}`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const LABELS: Record<TracedStatement['kind'], string> = {
  count: 'Count (stops at the cap)',
  corrections: 'Corrected words (title word table)',
  rows: 'Rows (index walk, stops after the page)',
  walk: 'Rows (bounded walk of the order index, filter tested on each row)',
  sparse: "Rows (the filter's own matches, read by bitmap and sorted)",
};

export async function explainAll(db: Db): Promise<string> {
  const out: string[] = [];
  for (const s of SCENARIOS) {
    if (s.query.includes('cursor=')) continue;
    const q = browseQuerySchema.parse(Object.fromEntries(new URLSearchParams(s.query)));
    out.push(`### ${s.name} (\`/api/listings${s.query ? `?${s.query}` : ''}\`)\n`);
    for (const st of await firstPageStatements(db, q)) {
      const label = `${LABELS[st.kind]}${st.prepared ? ', prepared' : ''}`;
      out.push(`${label}:\n\n\`\`\`\n${await explain(db, st.sql, st.settings)}\n\`\`\`\n`);
    }
  }
  return out.join('\n');
}

if (process.argv[1]?.endsWith('explain.ts')) {
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : await openPglite(process.env.DATA_DIR);
  try {
    const md = await explainAll(database.db);
    if (process.argv[2]) writeFileSync(process.argv[2], md);
    else console.log(md);
  } finally {
    await database.close();
  }
}
