/**
 * Server rendering of the public pages (built by `vite build --ssr` into dist/server; the Fastify server
 * calls `render` for each public page request, see src/server/ssr.ts, through the contract in
 * src/domain/ssr.ts). React Router's static handler matches the URL; the matched page's entry in
 * src/domain/page-loads.ts reads its data through the server's loaders and gives its status, head and
 * queries; the queries go into a per-request query cache, the page is rendered with React's streaming
 * renderer, and the cache is handed to the browser (dehydrated) so that hydration renders the same markup
 * without fetching again. Signed-in parts render as for a visitor and switch after hydration.
 */
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { loadPage, type PageQuery } from '@domain/page-loads.ts';
import { PAGES } from '@domain/pages.ts';
import type { RenderRequest, RenderResult } from '@domain/ssr.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';

const handler = createStaticHandler(routes);

/**
 * Puts a page's queries into the cache: all of them read at once, then set in the page's order, so that the
 * same data always gives the same markup and hydration data.
 */
async function fill(queryClient: QueryClient, queries: PageQuery[]): Promise<void> {
  const data = await Promise.all(queries.map((query) => ('data' in query ? query.data : query.load())));
  queries.forEach((query, i) => queryClient.setQueryData(query.key, data[i]));
}

/**
 * Renders the page at `url` (absolute). Resolves to the page's status and head, with its markup and data
 * when the public may see it; to null when there is no server-rendered page there (the caller writes the
 * head itself); rejects on errors and when `signal` aborts (time limit).
 */
export async function render({
  url,
  publicUrl,
  loaders,
  signal,
}: RenderRequest): Promise<RenderResult | null> {
  const context = await handler.query(new Request(url, { signal }));
  if (context instanceof Response) return null; // a redirect: the browser router performs it
  // The page React Router matched: the pattern its matched routes spell (src/web/app/routes.tsx).
  const match = context.matches[context.matches.length - 1];
  const pattern = `/${context.matches.flatMap((m) => (m.route.path && m.route.path !== '/' ? [m.route.path] : [])).join('/')}`;
  const page = PAGES.find((entry) => entry.path === pattern && entry.ssr);
  if (!match || !page) return null;
  const loaded = await loadPage(page.path, {
    params: match.params,
    search: new URL(url).searchParams,
    load: loaders,
    publicUrl,
  });
  if (loaded.status === 404) return { status: 404, head: loaded.head, page: null };

  const queryClient = createQueryClient();
  await fill(queryClient, loaded.queries);
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
  return { status: 200, head: loaded.head, page: { html, state: dehydrate(queryClient) } };
}
