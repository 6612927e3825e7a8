/**
 * Starts the app for the Playwright suite on a fresh embedded database in a temporary folder, seeded with
 * the demo data, so end-to-end runs never depend on (or touch) ./data. The folder is named after the port
 * (e2e/support.ts `e2eDataDir`): without SMTP_URL the server writes each email as an .eml file under its
 * mail/ folder, where specs read them (the outbox worker runs as in production).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = path.join(os.tmpdir(), `mm-e2e-${process.env.PORT ?? '3100'}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
