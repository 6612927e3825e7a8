import { readFile } from 'node:fs/promises';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { pageRoutes } from './vite-page-routes.ts';

const apiPort = Number(process.env.PORT ?? 3000);

/**
 * `npm run dev`: page requests are rendered by the API server (GET /api/dev/render, from the sources through
 * src/server/dev-ssr.ts) and put into Vite's own index.html, so the dev server shows server-rendered pages
 * with hot reload. When the API is not up (or SSR is off) the page falls back to browser rendering.
 */
function devServerRendering(): Plugin {
  return {
    name: 'mm-dev-server-rendering',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.originalUrl ?? req.url ?? '/';
        const pathname = url.split('?')[0]!;
        const isPage =
          req.method === 'GET' &&
          (req.headers.accept ?? '').includes('text/html') &&
          !/^\/(api|uploads|@|node_modules|src)\b/.test(pathname) &&
          !/\.[a-z0-9]+$/i.test(pathname);
        if (!isPage) return next();
        void (async () => {
          const { withHead, withPage } = await import('./src/server/web-shell.ts');
          const answer = await fetch(
            `http://127.0.0.1:${apiPort}/api/dev/render?url=${encodeURIComponent(url)}`,
          );
          if (!answer.ok) return next();
          const parts = (await answer.json()) as {
            status: number;
            head: string;
            html: string | null;
            state: unknown;
          };
          const template = await readFile(
            fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
            'utf8',
          );
          const html = withPage(
            withHead(await server.transformIndexHtml(url, template), parts.head),
            parts.html === null ? undefined : { html: parts.html, state: parts.state },
          );
          res.statusCode = parts.status;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(html);
        })().catch(() => next());
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), devServerRendering(), pageRoutes()],
  resolve: {
    alias: [
      // In the browser, zod with `jitless` set before any schema is built (see the module); the bare
      // specifier only, so that the module itself can import zod's own entry points.
      ...(isSsrBuild
        ? []
        : [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod.ts', import.meta.url)) }]),
      { find: '@domain', replacement: fileURLToPath(new URL('./src/domain', import.meta.url)) },
      { find: '@web', replacement: fileURLToPath(new URL('./src/web', import.meta.url)) },
    ],
  },
  build: isSsrBuild
    ? {
        // The server-rendering bundle (src/web/entry-server.tsx), imported by src/server/ssr.ts.
        outDir: fileURLToPath(new URL('./dist/server', import.meta.url)),
        emptyOutDir: true,
        sourcemap: true,
      }
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        sourcemap: true,
        // Read by the server (src/server/web-shell.ts) to preload the current route's chunks.
        manifest: true,
      },
  // The server-rendering build bundles its dependencies, so React's production build is the one that
  // renders (whatever NODE_ENV the server runs with); in dev, Vite loads them from node_modules.
  ssr: { noExternal: isSsrBuild ? true : ['sonner'] },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
