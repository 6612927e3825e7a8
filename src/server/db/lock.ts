/**
 * One process per embedded data directory. PGlite has no inter-process locking, so a second process on the
 * same files would corrupt them: we hold a lock file with our pid and refuse when a live process holds it.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is already in use by another Matric Moments process (pid ${pid}). ` +
        'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DirLock {
  release(): void;
}

export function acquireDirLock(dir: string): DirLock {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'process.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      // A stale lock from a process that died: take it over.
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
