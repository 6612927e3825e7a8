/**
 * Builds the Fastify app: plugins, security, the access hook, every feature's routes, the uploaded files and
 * the web app. main.ts starts it; tests build it with their own database and config.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import { z } from 'zod';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { LIMITS } from '../domain/constants.ts';
import { matchAppRoute } from '../domain/routes.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { sessionPlugin } from './auth/session.ts';
import type { Database } from './db/client.ts';
import type { AppConfig } from './env.ts';
import { AppError, clientDatabaseError, errorBody, loggableError } from './errors.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { contentAdminRoutes } from './features/content/admin-routes.ts';
import { contentRoutes } from './features/content/routes.ts';
import { enquiryRoutes } from './features/enquiries/routes.ts';
import { favoriteRoutes } from './features/favorites/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { marketplaceRoutes } from './features/marketplace/routes.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { providerRoutes } from './features/providers/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { packageRoutes } from './features/packages/routes.ts';
import { providerListingRoutes } from './features/provider-listings/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { createLocalStorage, type Storage } from './storage/storage.ts';
import { guideAdminRoutes } from './features/guide/admin-routes.ts';
import { guideRoutes } from './features/guide/routes.ts';
import {
  BROTLI_QUALITY,
  COMPRESS_THRESHOLD,
  registerEtags,
  sendCompressible,
  sharedAnswerSerializer,
} from './http-cache.ts';
import { loadWebShell } from './web-shell.ts';
import { loadPageRenderer, SSR_ROUTES, type PageRenderer, type RenderedPage } from './ssr.ts';
import { cachedCatalogue } from './features/marketplace/cache.ts';
import { NOT_FOUND_HEAD, pageHead, renderHead } from './features/seo/head.ts';
import { pageData } from './features/seo/page-data.ts';
import { seoRoutes } from './features/seo/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  storage?: Storage;
  /** Where logs go (default stdout); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /**
   * `npm run dev`: pages are rendered from the sources through Vite (src/server/dev-ssr.ts) and handed to
   * the Vite dev server through GET /api/dev/render instead of being served from the build.
   */
  devRenderer?: PageRenderer;
}

export interface App {
  app: FastifyInstance;
  auth: Auth;
  storage: Storage;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function firstFieldMessages(issues: { path?: PropertyKey[]; instancePath?: string; message?: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath
      ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
      : (issue.path ?? []).map(String).join('.');
    if (key && !(key in fields) && issue.message) fields[key] = issue.message;
  }
  return fields;
}

export async function buildApp({
  config,
  database,
  storage,
  logStream,
  devRenderer,
}: BuildOptions): Promise<App> {
  const { db } = database;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            redact: {
              paths: [
                'req.headers.cookie',
                'req.headers.authorization',
                'res.headers["set-cookie"]',
                'req.body.password',
                'req.body.confirmPassword',
              ],
              censor: '[redacted]',
            },
          },
    bodyLimit: 1024 * 1024,
    // Off unless configured: otherwise any client could pick its own req.ip with X-Forwarded-For.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Router errors (malformed percent-encoding, over-long parameters) in the one error format too.
    frameworkErrors: (err, _req, res) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (res as unknown as FastifyReply)
        .code(tooLong ? 404 : 400)
        .send(
          tooLong ? errorBody('NOT_FOUND', 'Not found') : errorBody('BAD_URL', 'The address is not valid'),
        );
    },
  });
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(sharedAnswerSerializer(serializerCompiler));

  const files = storage ?? createLocalStorage({ rootDir: path.join(config.dataDir, 'uploads') });
  const auth = createAuth({
    db,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    quiet: config.logLevel === 'silent',
  });

  // ---- errors: one format, never a 500 for what a client can send
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = firstFieldMessages(err.validation as never);
      const message = (err.validation[0] as { message?: string } | undefined)?.message ?? 'Invalid request';
      return reply.code(400).send(errorBody('VALIDATION_ERROR', message, fields));
    }
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send(errorBody(err.code, err.message, err.fields));
    }
    const status = err.statusCode ?? 500;
    if (
      status === 413 ||
      err.code === 'FST_REQ_FILE_TOO_LARGE' ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    ) {
      return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request is too large'));
    }
    if (status === 429) {
      return reply.code(429).send(errorBody('RATE_LIMITED', 'Too many requests. Please try again later.'));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(err.code ?? 'BAD_REQUEST', err.message));
    }
    // What a client's own input made the database refuse (bad text, a duplicate, a missing reference).
    const fromDatabase = clientDatabaseError(err);
    if (fromDatabase) {
      req.log.info({ err: loggableError(err) }, 'request refused by the database');
      return reply
        .code(fromDatabase.statusCode)
        .send(errorBody(fromDatabase.code, fromDatabase.message, fromDatabase.fields));
    }
    // Never the request body, the failed query's parameters or other personal data.
    req.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', 'Something went wrong. Please try again.'));
  });

  // ---- security headers: strict CSP (no inline scripts), no framing
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 10, fields: 20 } });

  // ---- cross-site request refusal for every state-changing request, whatever its path looks like
  // (percent-encoded paths reach the same routes, so the check must not depend on the path's spelling).
  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', async (req) => {
    if (!UNSAFE_METHODS.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    let refused = site === 'cross-site';
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      // Same host as the request (e.g. another port mapping of this server) is allowed; anything else not.
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        host = null; // 'null' or garbage
      }
      if (!host || host !== req.headers.host) refused = true;
    }
    if (refused) throw new AppError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed');
  });

  // ---- API responses are private unless a route opts in to public caching (it sets its own header).
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
    return payload;
  });
  registerEtags(app);
  // API answers are compressed on the way out (after the ETag is taken from the plain body), pages by
  // sendCompressible (the not-found handler that answers them is no route); the built assets were
  // compressed at build time and are sent as they are. A rendered page is 150 KB of HTML, 15 KB compressed.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });

  // ---- OpenAPI
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Matric Moments API',
        description:
          'Every route states who may call it in its summary. Errors: { error: { code, message, fields? } }.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(sessionPlugin, { auth, db });

  // ---- features
  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { db, auth });
  await app.register(contentRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(favoriteRoutes, { db });
  await app.register(enquiryRoutes, { db });
  await app.register(reviewRoutes, { db });
  await app.register(marketplaceRoutes, { db });
  await app.register(uploadRoutes, { db, storage: files });
  await app.register(contentAdminRoutes, { db, storage: files });
  await app.register(seoRoutes, { db, storage: files });
  await app.register(adminRoutes, { db, storage: files });
  await app.register(providerRoutes, { db, storage: files });
  await app.register(profileRoutes, { db, storage: files });
  await app.register(packageRoutes, { db });
  await app.register(providerListingRoutes, { db, storage: files });
  await app.register(analyticsRoutes, { db });
  await app.register(guideRoutes, { db, storage: files });
  await app.register(guideAdminRoutes, { db, storage: files });

  // ---- uploaded images: immutable (names are random and never reused)
  mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    allowedPath: (pathName) => !pathName.includes('..'),
  });

  // ---- the web app (built by vite into dist/web)
  const hasWeb = existsSync(path.join(config.webDir, 'index.html'));
  const webShell = hasWeb ? loadWebShell(config.webDir) : null;
  const pageRenderer = hasWeb && config.ssr ? await loadPageRenderer(config.webDir, db) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
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
   * A page's status, head and (for public pages) server-rendered markup. Each page's head (title,
   * description, share tags, JSON-LD) is written from its data; a listing the public may not see answers
   * 404 with noindex; public pages arrive rendered (src/server/ssr.ts), and a failure or a timeout leaves
   * the page to the browser.
   */
  const pageParts = async (url: string, log: FastifyBaseLogger, renderer: PageRenderer | null) => {
    const pathname = url.split('?')[0]!;
    const route = matchAppRoute(pathname);
    const query = new URLSearchParams(url.split('?')[1] ?? '');
    // The head and the rendering read the page's listing or provider once between them.
    const data = pageData(db);
    const head = route
      ? await pageHead(db, config.publicUrl, { route, pathname, query }, data)
      : { ...NOT_FOUND_HEAD };
    let page: RenderedPage | null = null;
    if (renderer && route && head.status === 200 && SSR_ROUTES.has(route)) {
      try {
        page = await renderer.render(`${config.publicUrl}${url}`, data);
      } catch (err) {
        log.error({ err: loggableError(err), route }, 'server rendering failed; serving the shell');
      }
    }
    return { route, status: route ? head.status : 404, head: renderHead(head, config.publicUrl), page };
  };

  if (devRenderer) {
    app.get(
      '/api/dev/render',
      {
        config: { access: 'public' },
        schema: { hide: true, querystring: z.object({ url: z.string().startsWith('/').max(2000) }) },
      },
      async (req) => {
        const { url } = req.query as { url: string };
        const parts = await pageParts(url, req.log, devRenderer);
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
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // The web app renders its not-found page for paths it does not route; the status says so too.
      // Public pages render the same for every visitor (signed-in parts come after hydration), so a rendered
      // page is kept for a few seconds in the catalogue cache, which listing and moderation changes clear.
      const parts =
        req.method === 'GET'
          ? await cachedCatalogue(db, `page:${req.url}`, () => pageParts(req.url, req.log, pageRenderer))
          : await pageParts(req.url, req.log, null);
      reply.code(parts.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return sendCompressible(req, reply, webShell!.html(parts.route, parts.head, parts.page ?? undefined));
    }
    return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
  });

  return { app, auth, storage: files };
}
