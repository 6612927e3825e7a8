/**
 * `npm start`: validate the environment, build the web app if it is missing, open and migrate the database,
 * seed demo data into an empty database, then serve the API and the web app from one process.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildApp } from './app.ts';
import { createDevRenderer } from './dev-ssr.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { seedIfEmpty } from './db/seed.ts';
import { EnvError, loadConfig } from './env.ts';
import { startMaintenance } from './maintenance.ts';
import { compressAssets } from './compress-assets.ts';

const dev = process.argv.includes('--dev');

async function main() {
  const config = loadConfig();

  const serverEntry = path.join(config.webDir, '..', 'server', 'entry-server.js');
  const missingWeb = !existsSync(path.join(config.webDir, 'index.html'));
  if (!dev && (missingWeb || (config.ssr && !existsSync(serverEntry)))) {
    console.log('Building the web app (first start)...');
    const run = (args: string[]) => {
      const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit' });
      if (built.status !== 0) throw new Error('The web build failed; see the output above.');
    };
    if (missingWeb) {
      run(['--outDir', config.webDir]);
      compressAssets(config.webDir);
    }
    // The server-rendering bundle goes next to the web build (see src/server/ssr.ts).
    if (config.ssr) run(['--ssr', 'entry-server.tsx', '--outDir', path.join(config.webDir, '..', 'server')]);
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();

  // `npm run dev`: pages rendered from the sources (hot reload), served through the Vite dev server.
  const devRendering = dev && config.ssr ? await createDevRenderer(database.db) : null;
  const { app, storage } = await buildApp({
    config,
    database,
    ...(devRendering ? { devRenderer: devRendering.renderer } : {}),
  });
  if (config.seedDemo) {
    const seeded = await seedIfEmpty(database.db, storage, app.log);
    if (seeded) app.log.info('Demo data seeded (see README for the demo accounts)');
  }

  const stopMaintenance = startMaintenance(database.db, storage, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    stopMaintenance();
    try {
      await app.close();
      await devRendering?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: '0.0.0.0' });
  app.log.info(`Matric Moments is running on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err: unknown) => {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
