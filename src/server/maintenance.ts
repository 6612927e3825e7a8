/**
 * Periodic housekeeping for a running server: forget view marks older than the dedup window and delete
 * uploads nobody attached within a day. Started by main.ts; each pass is safe to run at any time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { pruneViewMarks } from './features/marketplace/service.ts';
import { pruneUnclaimedUploads } from './features/uploads/service.ts';
import type { Storage } from './storage/storage.ts';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export async function runMaintenance(db: Db, storage: Storage): Promise<void> {
  await pruneViewMarks(db);
  await pruneUnclaimedUploads(db, storage);
}

export function startMaintenance(db: Db, storage: Storage, log: FastifyBaseLogger): () => void {
  const pass = () =>
    runMaintenance(db, storage).catch((err: unknown) => log.warn({ err }, 'maintenance pass failed'));
  const timer = setInterval(() => void pass(), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  void pass();
  return () => clearInterval(timer);
}
