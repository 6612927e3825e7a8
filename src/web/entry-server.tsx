/**
 * Server rendering of the public pages (built by `vite build --ssr` into dist/server; the Fastify server
 * calls `render` for each public page request, see src/server/ssr.ts). The route's data is put into a
 * per-request query cache by src/web/ssr/prefetch.ts, the page is rendered with React's streaming renderer,
 * and the cache is handed to the browser (dehydrated) so that hydration renders the same markup without
 * fetching again. Signed-in parts render as for a visitor and switch after hydration.
 */
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { prefetchPage, SsrNotFound, type SsrLoaders } from './ssr/prefetch.ts';

export type { SsrLoaders };

export interface RenderResult {
  /** The markup of #root. */
  html: string;
  /** The query cache to hydrate in the browser. */
  state: DehydratedState;
}

const handler = createStaticHandler(routes);

/**
 * Renders the page at `url` (absolute). Resolves to null when the page's record is not public (the caller
 * serves the plain shell with its 404); rejects on errors and when `signal` aborts (time limit).
 */
export async function render(
  url: string,
  loaders: SsrLoaders,
  signal: AbortSignal,
): Promise<RenderResult | null> {
  const queryClient = createQueryClient();
  try {
    await prefetchPage(queryClient, new URL(url), loaders);
  } catch (err) {
    if (err instanceof SsrNotFound) return null;
    throw err;
  }
  const context = await handler.query(new Request(url, { signal }));
  if (context instanceof Response) return null; // a redirect: the browser router performs it
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = await new Promise<string>((resolve, reject) => {
    let failed = false;
    const stream = renderToPipeableStream(
      <StrictMode>
        <Providers client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
      {
        onAllReady() {
          if (failed) return;
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          stream.pipe(sink);
        },
        onShellError(err) {
          failed = true;
          reject(err instanceof Error ? err : new Error(String(err)));
        },
        onError(err) {
          failed = true;
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      },
    );
    signal.addEventListener('abort', () => {
      failed = true;
      stream.abort();
      reject(new Error('Server rendering timed out'));
    });
  });
  return { html, state: dehydrate(queryClient) };
}
