/**
 * The app as the benchmarks run it: the production server (same config, same plugins) without seeding,
 * housekeeping or the web build, listening on PORT. `--no-cache` switches the in-process catalogue cache
 * off so that every request measures the database path. Started as a child process by bench/browse.ts, so
 * the load generator never shares the server's event loop.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { loadConfig } from '../src/server/env.ts';
import { setCatalogueCacheEnabled } from '../src/server/features/marketplace/cache.ts';

const config = loadConfig();
// A minimal web shell: the API is what is measured, and main.ts would otherwise build the web app.
// `--web` serves the real build instead (dist/web and the server-rendering bundle, bench/ssr.ts).
let webDir = config.webDir;
if (!process.argv.includes('--web')) {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mm-bench-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>bench</title><div id="root"></div>');
}
if (process.argv.includes('--no-cache')) setCatalogueCacheEnabled(false);

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { app } = await buildApp({ config: { ...config, webDir }, database });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log(`bench server ready on ${config.port} (${database.kind})`);
