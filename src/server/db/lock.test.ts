import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';
import { acquireDirLock, DataDirLockedError } from './lock.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'mm-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('embedded database lock', () => {
  it('refuses a second process on the same data directory with a clear message', async () => {
    const dir = tmp();
    const database = await openPglite(dir);
    try {
      const script = `
        import { openPglite } from ${JSON.stringify(path.resolve('src/server/db/client.ts'))};
        try { await openPglite(${JSON.stringify(dir)}); console.log('OPENED'); process.exit(0); }
        catch (e) { console.log(e.message); process.exit(3); }`;
      const file = path.join(tmp(), 'second.mts');
      writeFileSync(file, script);
      const child = spawn('npx', ['tsx', file], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(3);
      expect(out).toContain('already in use by another Matric Moments process');
      expect(out).toContain(String(process.pid));
    } finally {
      await database.close();
    }
    // released on close: it opens again
    const again = await openPglite(dir);
    await again.close();
  }, 60_000);

  it('refuses a second lock in the same process and takes over a stale lock', () => {
    const dir = tmp();
    const lock = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    // a lock left by a dead process (pid that does not exist) is taken over
    writeFileSync(path.join(dir, 'process.lock'), '999999');
    const taken = acquireDirLock(dir);
    taken.release();
  });
});
