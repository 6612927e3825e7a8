/**
 * Periodic housekeeping for a running server: forget view marks older than the dedup window, delete
 * uploads nobody attached within a day, redact and delete old outbox rows, and delete Matric Guide
 * reading logs and rejected requests past the retention period the privacy notice states (decision 0055). A 'once' job of the
 * scheduler (src/server/jobs/scheduler.ts): one process runs it every ten minutes however many share the
 * database. Each pass is safe to run at any time. At start-up the first pass also hides files that only
 * non-public records hold but that are still public (written before files had a private area:
 * features/uploads/files.ts).
 */
import type { Db } from './db/client.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import { pruneOldGuideRecords } from './features/guide/service.ts';
import { pruneViewMarks } from './features/marketplace/service.ts';
import { hideNonPublicImages } from './features/uploads/files.ts';
import { pruneUnclaimedUploads } from './features/uploads/service.ts';
import { pruneOutbox } from './mail/outbox.ts';
import type { Storage } from './storage/storage.ts';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
export const MAINTENANCE_JOB = 'maintenance';

export async function runMaintenance(db: Db, storage: Storage, now: Date = new Date()): Promise<void> {
  await pruneViewMarks(db);
  await pruneUnclaimedUploads(db, storage);
  await pruneOutbox(db, now);
  await pruneOldGuideRecords(db, now);
}

export function scheduleMaintenance(scheduler: Scheduler, db: Db, storage: Storage): void {
  let hidden = false;
  scheduler.schedule(MAINTENANCE_JOB, MAINTENANCE_INTERVAL_MS, async ({ now }) => {
    if (!hidden) {
      await hideNonPublicImages(db, storage);
      hidden = true;
    }
    await runMaintenance(db, storage, now);
  });
}
