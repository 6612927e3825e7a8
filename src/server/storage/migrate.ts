/**
 * `npm run storage:migrate` (decision 0053): copies the images of the local driver (DATA_DIR/uploads and
 * its private sibling) into the configured bucket, each into the same area. Safe to run again, also after
 * an interrupted run: an object the bucket already holds with the same size, in either area, is skipped
 * (the bucket may have moved it since: its area is the newer truth); one with another size is copied over.
 * The local files are left in place; the URLs the records keep do not change (/uploads/<key>).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, isValidKey, type Storage } from './storage.ts';

export interface MigrationResult {
  copied: number;
  skipped: number;
  /** Files whose names are no storage key (temp files, strays), left alone. */
  ignored: string[];
}

/** Files under `dir`, as `/`-separated paths relative to it; a missing directory has none. */
async function filesUnder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** How many objects travel at once. */
const CONCURRENCY = 8;

export async function migrateLocalToStorage(
  local: { rootDir: string; privateDir?: string },
  target: Storage,
  log: (line: string) => void = () => undefined,
): Promise<MigrationResult> {
  const areas = [
    { dir: path.resolve(local.rootDir), public: true },
    { dir: path.resolve(local.privateDir ?? `${local.rootDir}-private`), public: false },
  ];
  const result: MigrationResult = { copied: 0, skipped: 0, ignored: [] };
  const work: { file: string; key: string; public: boolean }[] = [];
  for (const area of areas) {
    for (const key of await filesUnder(area.dir)) {
      if (isValidKey(key))
        work.push({ file: path.join(area.dir, ...key.split('/')), key, public: area.public });
      else result.ignored.push(key);
    }
  }

  let next = 0;
  async function worker() {
    while (next < work.length) {
      const item = work[next++]!;
      const bytes = await readFile(item.file);
      const existing = await target.stat(item.key);
      if (existing && existing.size === bytes.length) {
        result.skipped += 1;
        continue;
      }
      await target.put(item.key, bytes, contentTypeOf(item.key), { public: item.public });
      result.copied += 1;
      log(`copied ${item.key} (${item.public ? 'public' : 'private'})`);
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, work.length) }, worker));
  return result;
}
