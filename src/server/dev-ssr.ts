/**
 * `npm run dev`: server rendering from the sources. A Vite server in middleware mode (it does not listen)
 * loads src/web/entry-server.tsx with `ssrLoadModule`, which follows every edit, so rendered pages stay
 * current with hot reload. The Vite dev server on 5173 asks GET /api/dev/render for each page (see the
 * `devServerRendering` plugin in vite.config.ts) and puts the result into its own index.html.
 */
import type { ServerEntry } from '../domain/ssr.ts';
import { entryRenderer, SSR_TIME_LIMIT_MS, type PageRenderer } from './ssr.ts';

export async function createDevRenderer(): Promise<{ renderer: PageRenderer; close: () => Promise<void> }> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: 'vite.config.ts',
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  // Transforming the sources on first use takes longer than rendering a build: a longer limit.
  const load = async (): Promise<ServerEntry> => {
    const entry = await vite.ssrLoadModule('/entry-server.tsx');
    return { render: entry.render };
  };
  return { renderer: entryRenderer(load, SSR_TIME_LIMIT_MS * 3), close: () => vite.close() };
}
