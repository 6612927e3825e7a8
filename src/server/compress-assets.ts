/**
 * Brotli (.br) and gzip (.gz) copies next to every text asset of the built web app, so the server sends
 * them by Accept-Encoding without compressing on each request (@fastify/static `preCompressed`). Run after
 * `vite build` (npm run build, and main.ts when it builds on first start).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

export function compressAssets(dir: string): { files: number; before: number; brotli: number; gzip: number } {
  const totals = { files: 0, before: 0, brotli: 0, gzip: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.before += data.length;
    totals.brotli += br.length;
    totals.gzip += gz.length;
  }
  return totals;
}
