/**
 * The web app's pages: the built files (dist/web), and every other GET answered with the HTML shell
 * (src/server/web-shell.ts). A page of the page table (src/domain/pages.ts) answers 200 with its head and,
 * for the public pages, its server-rendered markup; a record the public may not see and any unknown path
 * answer 404 with noindex. `/api` and `/uploads` paths that no route answered get the JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadPage } from '../../domain/page-loads.ts';
import { notFoundHead } from '../../domain/page-heads.ts';
import { matchPage, type AppRoute } from '../../domain/pages.ts';
import type { RenderResult } from '../../domain/ssr.ts';
import type { Db } from '../db/client.ts';
import { errorBody, loggableError } from '../errors.ts';
import { cachedCatalogue } from '../features/marketplace/cache.ts';
import { renderHead } from '../features/seo/head.ts';
import { prepareBody, sendPrepared, type PreparedBody } from '../http-cache.ts';
import { loadPageRenderer, ssrLoaders, type PageRenderer } from '../ssr.ts';
import { loadWebShell, type WebShell } from '../web-shell.ts';

export interface PagesOptions {
  db: Db;
  /**
   * `npm run dev`: pages are rendered from the sources through Vite (src/server/dev-ssr.ts) and handed to
   * the Vite dev server through GET /api/dev/render instead of being served from the build.
   */
  devRenderer?: PageRenderer | undefined;
  /** Longest a page may take to render before the shell is served (default SSR_TIME_LIMIT_MS). */
  ssrTimeLimitMs?: number | undefined;
}

interface PageParts {
  route: AppRoute | null;
  status: number;
  /** The head's HTML. */
  head: string;
  page: { html: string; state: unknown } | null;
}

/** A page ready to send to every visitor: its status and its prepared HTML (ETag, compressed copies). */
interface ServedPage {
  status: number;
  body: PreparedBody;
}

function servedPage(shell: WebShell, parts: PageParts): ServedPage {
  return {
    status: parts.status,
    body: prepareBody(shell.html(parts.route, parts.head, parts.page ?? undefined)),
  };
}

async function pages(app: FastifyInstance, { db, devRenderer, ssrTimeLimitMs }: PagesOptions) {
  const { publicUrl, webDir, ssr } = app.config;
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  const webShell = hasWeb ? loadWebShell(webDir) : null;
  const pageRenderer = hasWeb && ssr ? await loadPageRenderer(webDir, ssrTimeLimitMs) : null;

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // Brotli and gzip copies written at build time (scripts/compress-assets.ts), chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('vary', 'Accept-Encoding');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }

  /**
   * A page's status, head and (for public pages) server-rendered markup. The renderer runs the page's
   * entry of src/domain/page-loads.ts for the route React Router matched and renders it; without a renderer
   * (a page rendered in the browser, SSR off, no server bundle, a HEAD request), or when the render fails or
   * passes its time limit, the same entry runs here for the status and head only, on the same loaders (so
   * what the render read is not read again).
   */
  const pageParts = async (
    url: string,
    log: FastifyBaseLogger,
    renderer: PageRenderer | null,
  ): Promise<PageParts> => {
    const query = url.indexOf('?');
    const match = matchPage(query < 0 ? url : url.slice(0, query));
    if (!match) return { route: null, status: 404, head: renderHead(notFoundHead(), publicUrl), page: null };
    const route = match.page.path;
    const loaders = ssrLoaders(db);
    let rendered: RenderResult | null = null;
    if (renderer && match.page.ssr) {
      try {
        rendered = await renderer.render(`${publicUrl}${url}`, { publicUrl, loaders });
      } catch (err) {
        log.error({ err: loggableError(err), route }, 'server rendering failed; serving the shell');
      }
    }
    const { status, head } =
      rendered ??
      (await loadPage(route, {
        params: match.params,
        search: new URLSearchParams(query < 0 ? '' : url.slice(query + 1)),
        load: loaders,
        publicUrl,
      }));
    return { route, status, head: renderHead(head, publicUrl), page: rendered?.page ?? null };
  };

  if (devRenderer) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/dev/render',
      {
        config: { access: 'public' },
        schema: { hide: true, querystring: z.object({ url: z.string().startsWith('/').max(2000) }) },
      },
      async (req) => {
        const parts = await pageParts(req.query.url, req.log, devRenderer);
        return {
          status: parts.status,
          head: parts.head,
          html: parts.page?.html ?? null,
          state: parts.page?.state ?? null,
        };
      },
    );
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/uploads/')) {
      return reply.code(404).send(errorBody('NOT_FOUND', `No route for ${req.method} ${pathname}`));
    }
    if (webShell && (req.method === 'GET' || req.method === 'HEAD')) {
      // The web app renders its not-found page for paths it does not route; the status says so too.
      // Public pages render the same for every visitor, signed in or not (the loaders read as an anonymous
      // visitor; signed-in parts come after hydration), so a page is kept, ready to send, for a few seconds in
      // the catalogue cache, which every change the public could see clears: its HTML, ETag and compressed
      // copies are made once per entry, and a miss is rendered once however many requests wait for it.
      const page: ServedPage =
        req.method === 'GET'
          ? await cachedCatalogue(db, `page:${req.url}`, async () =>
              servedPage(webShell, await pageParts(req.url, req.log, pageRenderer)),
            )
          : servedPage(webShell, await pageParts(req.url, req.log, null));
      reply.code(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return sendPrepared(req, reply, page.body);
    }
    return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
  });
}

/** Registered last by src/server/app.ts: its not-found handler answers every path no route took. */
export const pagesPlugin = fp(pages, { name: 'pages' });
