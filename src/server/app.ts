/**
 * Builds the Fastify app: a short list of plugins (errors, security, OpenAPI, the access hook), every
 * feature's routes, the uploaded files and the web app. main.ts starts it; tests build it with their own
 * database and config. The mechanisms live in src/server/plugins/ (decision 0026).
 */
import { mkdirSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '../domain/constants.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { sessionPlugin } from './auth/session.ts';
import type { Database } from './db/client.ts';
import type { AppConfig } from './env.ts';
import { createRedisCounterStore } from './counter-store.ts';
import { loggableError } from './errors.ts';
import { connectRedis } from './redis.ts';
import { shareCatalogueChanges } from './features/marketplace/cache.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { contentAdminRoutes } from './features/content/admin-routes.ts';
import { contentRoutes } from './features/content/routes.ts';
import { enquiryRoutes } from './features/enquiries/routes.ts';
import { favoriteRoutes } from './features/favorites/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { marketplaceRoutes } from './features/marketplace/routes.ts';
import { uploadFileRoutes } from './features/uploads/files.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { providerRoutes } from './features/providers/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { packageRoutes } from './features/packages/routes.ts';
import { providerListingRoutes } from './features/provider-listings/routes.ts';
import { privacyRoutes } from './features/privacy/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { openStorage } from './storage/open.ts';
import type { Storage } from './storage/storage.ts';
import { guideAdminRoutes } from './features/guide/admin-routes.ts';
import { guideRoutes } from './features/guide/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD, registerEtags, sharedAnswerSerializer } from './http-cache.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { formGuardPlugin } from './plugins/form-guard.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { pagesPlugin } from './plugins/pages.ts';
import { proxyWarningPlugin } from './plugins/proxy-warning.ts';
import { securityPlugin } from './plugins/security.ts';
import type { PageRenderer } from './ssr.ts';
import { seoRoutes } from './features/seo/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Set when the instance starts leaving service (shutdown.ts); readiness fails from then on. */
    lifecycle: { shuttingDown: boolean };
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
  /** The clock of time-based limits (sign-in waits); tests pass a fake one instead of waiting. */
  clock?: () => number;
  /**
   * Longest a page may take to render before the plain shell is served (default SSR_TIME_LIMIT_MS). Tests
   * allow more, so a loaded machine cannot turn a rendered page into the shell (decision 0038).
   */
  ssrTimeLimitMs?: number;
}

export interface App {
  app: FastifyInstance;
  auth: Auth;
  storage: Storage;
}

/** Fastify's own options: logging without secrets, the body limit, trusted proxies, router errors. */
/** How long an idle keep-alive connection stays open: longer than the reverse proxy's idle timeout. */
export const KEEP_ALIVE_TIMEOUT_MS = 125_000;

function serverOptions(config: AppConfig, logStream?: NodeJS.WritableStream): FastifyServerOptions {
  return {
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
    // Keep-alive: a visitor's (or the proxy's) connection is reused for the next request instead of a new
    // TCP handshake each time. Idle connections are kept longer than the proxy keeps its own (Caddy: 2
    // minutes), so that the proxy never sends a request on a connection this server is closing (decision
    // 0060); Fastify's default is 72 s.
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // While draining (shutdown.ts), a request arriving on an open keep-alive connection is served as usual
    // (and its connection closed after the answer) rather than refused with 503: a proxy's next request
    // then finds this instance closed and goes to another one, and no visitor sees an error.
    return503OnClosing: false,
    // Off unless configured: otherwise any client could pick its own req.ip with X-Forwarded-For.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    frameworkErrors,
  };
}

export async function buildApp({
  config,
  database,
  storage,
  logStream,
  devRenderer,
  clock,
  ssrTimeLimitMs,
}: BuildOptions): Promise<App> {
  const { db } = database;
  const app = Fastify(serverOptions(config, logStream));
  app.decorate('config', config);
  app.decorate('lifecycle', { shuttingDown: false });
  // While draining (shutdown.ts) each answer ends its keep-alive connection, so the server can close as
  // soon as the requests in flight are done instead of waiting for idle connections to time out.
  app.addHook('onSend', async (_req, reply) => {
    if (app.lifecycle.shuttingDown) reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(sharedAnswerSerializer(serializerCompiler));

  const files = storage ?? openStorage(config);
  const checkStorage = files.check?.bind(files);
  const auth = createAuth({
    db,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    quiet: config.logLevel === 'silent',
    rememberPasswordWork: config.nodeEnv === 'test',
  });

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { database, token: config.metricsToken });
  await app.register(proxyWarningPlugin, { trustProxy: config.trustProxy });
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(cookie);
  // Shared limits (decision 0051): request limits and sign-in counters in Redis when REDIS_URL is set.
  const redis = config.redis.url
    ? await connectRedis(config.redis.url, config.redis.keyPrefix, {
        error: (obj, msg) => app.log.error(obj, msg),
        info: (msg) => app.log.info(msg),
      })
    : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: 'limit:' } : {}),
  });
  // Several processes on one PostgreSQL clear each other's catalogue cache (decision 0052).
  if (database.kind === 'postgres') {
    const stopSharing = await shareCatalogueChanges(database, (err) =>
      app.log.warn({ err: loggableError(err) }, 'could not announce a catalogue change'),
    );
    app.addHook('onClose', stopSharing);
  }
  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 10, fields: 20 } });
  registerEtags(app);
  // API answers are compressed on the way out (after the ETag is taken from the plain body), pages by
  // sendCompressible (the not-found handler that answers them is no route); the built assets were
  // compressed at build time and are sent as they are. A rendered page is 150 KB of HTML, 15 KB compressed.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  await app.register(openApiPlugin, { serveDocs: config.apiDocsPublic });
  await app.register(sessionPlugin, { auth, db });
  await app.register(formGuardPlugin, { secret: config.authSecret, registry: app.metricsRegistry });

  // ---- features
  await app.register(healthRoutes, {
    database,
    checks: [
      ...(redis ? [{ name: 'redis', check: () => redis.ping() }] : []),
      // An object store (decision 0053): a HEAD of the bucket; the local disk needs no check.
      ...(checkStorage ? [{ name: 'storage', check: () => checkStorage().then(() => 'ok') }] : []),
    ],
  });
  await app.register(authRoutes, {
    db,
    auth,
    clock,
    counterStore: redis ? createRedisCounterStore(redis.client, 'counter:', clock) : undefined,
  });
  await app.register(contentRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(favoriteRoutes, { db });
  await app.register(enquiryRoutes, { db });
  await app.register(reviewRoutes, { db });
  await app.register(reportRoutes, { db, storage: files });
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
  await app.register(privacyRoutes, { db, auth, storage: files });
  await app.register(guideRoutes, { db, storage: files });
  await app.register(guideAdminRoutes, { db, storage: files });
  await app.register(mailRoutes, { db, config });

  // ---- uploaded images: public ones immutable (names are random and never reused), the files of records
  // the public may not see only after an access check (features/uploads/files.ts)
  if (files.staticDir) mkdirSync(files.staticDir, { recursive: true });
  await app.register(uploadFileRoutes, { db, storage: files });

  // ---- the web app's files and pages (last: its not-found handler answers every other path)
  await app.register(pagesPlugin, { db, devRenderer, ssrTimeLimitMs });

  return { app, auth, storage: files };
}
