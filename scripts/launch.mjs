/**
 * `npm start` and the database commands: `node scripts/launch.mjs <main|cli> [args]`.
 * In production (NODE_ENV=production), or where tsx or the sources are missing (an image holding only the
 * production install and dist), it runs the compiled server from dist/server (`npm run build`) with no TypeScript tooling loaded. Otherwise (a fresh
 * clone after `npm install`, development) it runs the sources through tsx, so `npm start` needs no build
 * step and always runs the current code. One process either way: the entry is imported here, so signals
 * reach the server directly (decision 0048). Plain JavaScript: it must run before anything is compiled.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ENTRIES = { main: 'src/server/main.ts', cli: 'src/server/db/cli.ts' };
const [entry = 'main', ...args] = process.argv.slice(2);
if (!Object.hasOwn(ENTRIES, entry)) {
  console.error(`Unknown entry "${entry}": use ${Object.keys(ENTRIES).join(' or ')}.`);
  process.exit(2);
}

const root = new URL('../', import.meta.url);
const compiled = new URL(`dist/server/${entry}.js`, root);
const hasTsx = (() => {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
})();

const source = new URL(ENTRIES[entry], root);

let target;
if (process.env.NODE_ENV === 'production' || !hasTsx || !existsSync(source)) {
  if (!existsSync(compiled)) {
    console.error(`${fileURLToPath(compiled)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  target = compiled;
} else {
  const { register } = await import('tsx/esm/api');
  register();
  target = source;
}
// The entry reads its arguments (and cli.ts recognises itself) from process.argv.
process.argv = [process.argv[0], fileURLToPath(target), ...args];
await import(target.href);
