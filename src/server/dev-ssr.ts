/**
 * `npm run dev`: server rendering from the sources. A Vite server in middleware mode (it does not listen)
 * loads src/web/entry-server.tsx with `ssrLoadModule`, which follows every edit, so rendered pages stay
 * current with hot reload. The Vite dev server on 5173 asks GET /api/dev/render for each page (see the
 * `devServerRendering` plugin in vite.config.ts) and puts the result into its own index.html.
 */
import type { Db } from './db/client.ts';
import { SSR_TIME_LIMIT_MS, ssrLoaders, type PageRenderer, type RenderedPage } from './ssr.ts';

interface ServerEntry {
  render(url: string, loaders: unknown, signal: AbortSignal): Promise<RenderedPage | null>;
}

export async function createDevRenderer(
  db: Db,
): Promise<{ renderer: PageRenderer; close: () => Promise<void> }> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: 'vite.config.ts',
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  return {
    renderer: {
      async render(url, data) {
        const loaders = ssrLoaders(db, data);
        const entry = (await vite.ssrLoadModule('/entry-server.tsx')) as ServerEntry;
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), SSR_TIME_LIMIT_MS * 3);
        try {
          return await entry.render(url, loaders, controller.signal);
        } finally {
          clearTimeout(timer);
        }
      },
    },
    close: () => vite.close(),
  };
}
