/**
 * `npm run build` (last step): compiles the server ahead of time with esbuild into dist/server, so that
 * production runs plain JavaScript with no TypeScript tooling loaded (decision 0048). Two entries,
 * `main.js` (the server) and `cli.js` (db:migrate, db:seed, admin:create), each one file with the
 * packages of node_modules left as imports; the migrations are copied next to them (db/client.ts reads
 * `./migrations` beside the running module). Runs after the server-rendering build, which empties
 * dist/server.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/server';
const result = await build({
  entryPoints: { main: 'src/server/main.ts', cli: 'src/server/db/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
rmSync(`${outdir}/migrations`, { recursive: true, force: true });
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `${file} ${(output.bytes / 1024).toFixed(0)} KB`);
console.log(`Server compiled: ${bytes.join(', ')}`);
