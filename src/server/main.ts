/**
 * `npm start` (through scripts/launch.mjs; compiled into dist/server/main.js by `npm run build`): validate the environment, build the web app if it is missing, open and migrate the database,
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
import { createScheduler } from './jobs/scheduler.ts';
import { startOutbox } from './mail/service.ts';
import { scheduleMaintenance } from './maintenance.ts';
import { schedulePackageJob } from './features/packages/expiry.ts';
import { compressAssets } from './compress-assets.ts';
import { createShutdown } from './shutdown.ts';

const dev = process.argv.includes('--dev');

async function main() {
  const config = loadConfig();

  const serverEntry = path.join(config.webDir, '..', 'server', 'entry-server.js');
  const missingWeb = !existsSync(path.join(config.webDir, 'index.html'));
  if (!dev && (missingWeb || (config.ssr && !existsSync(serverEntry)))) {
    // A production install has no build tools: the image or the deploy runs `npm run build` beforehand.
    if (config.nodeEnv === 'production') {
      throw new EnvError(
        `The web app is not built (${missingWeb ? config.webDir : serverEntry} is missing): run \`npm run build\` before starting in production.`,
      );
    }
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
  const devRendering = dev && config.ssr ? await createDevRenderer() : null;
  const { app, storage } = await buildApp({
    config,
    database,
    ...(devRendering ? { devRenderer: devRendering.renderer } : {}),
  });
  if (config.seedDemo) {
    const seeded = await seedIfEmpty(database, storage, app.log);
    if (seeded) app.log.info('Demo data seeded (see README for the demo accounts)');
  }

  // Background jobs: housekeeping once across processes, the outbox worker in each (decision 0033).
  const scheduler = createScheduler({ database, log: app.log });
  scheduleMaintenance(scheduler, database.db, storage);
  schedulePackageJob(scheduler, database.db);
  const outbox = await startOutbox({ scheduler, database, config, log: app.log });
  scheduler.start();

  // SIGTERM: fail readiness, drain requests for up to SHUTDOWN_GRACE_MS, then stop jobs and the database.
  const shutdown = createShutdown({
    app,
    graceMs: config.shutdownGraceMs,
    steps: [
      { name: 'outbox', run: () => outbox.stop() },
      { name: 'scheduler', run: () => scheduler.stop() },
      ...(devRendering ? [{ name: 'dev rendering', run: () => devRendering.close() }] : []),
      { name: 'database', run: () => database.close() },
    ],
  });
  const leave = (signal: string) => void shutdown(signal).finally(() => process.exit(0));
  process.on('SIGINT', () => leave('SIGINT'));
  process.on('SIGTERM', () => leave('SIGTERM'));

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
