/**
 * The storage the configuration asks for: the S3-compatible bucket when S3_BUCKET is set, otherwise the
 * local disk under DATA_DIR/uploads (and its private sibling), as before (decision 0053).
 */
import path from 'node:path';
import type { AppConfig } from '../env.ts';
import { createS3Storage } from './s3.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/** The local driver's public directory (the private one is its sibling `uploads-private`). */
export function localUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function openStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): Storage {
  const s3 = config.storage.s3;
  return s3
    ? createS3Storage({ config: s3 })
    : createLocalStorage({ rootDir: localUploadsDir(config.dataDir) });
}
