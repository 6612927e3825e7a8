/** `tsx scripts/compress-assets.ts [dir]`: compresses the built web app (default dist/web). */
import path from 'node:path';
import { compressAssets } from '../src/server/compress-assets.ts';

const dir = path.resolve(process.argv[2] ?? 'dist/web');
const t = compressAssets(dir);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `Compressed ${t.files} files: ${kb(t.before)} → ${kb(t.brotli)} brotli, ${kb(t.gzip)} gzip (${dir})`,
);
