import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { pageRoutes } from './vite-page-routes.ts';

export default defineConfig({
  // The router's routes come from the page table at build time (src/web/app/routes.tsx).
  plugins: [pageRoutes()],
  resolve: {
    alias: {
      '@domain': fileURLToPath(new URL('./src/domain', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // Some tests build a database of their own (PGlite and every migration): on a machine loaded far past
    // its cores that took over 30 s. A test gets what a hook gets (decision 0038).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['src/server/test/setup.ts'],
  },
});
