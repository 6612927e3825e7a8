/**
 * Prometheus metrics at GET /metrics (prom-client; decision 0049): requests by route and status with their
 * latency, the PostgreSQL pool's connections, the catalogue cache's hits and misses, the outbox's depth and
 * the process's own figures (CPU, memory, event loop, heap). Each app has its own registry.
 *
 * Who may read them: with METRICS_TOKEN, a request bearing it (`Authorization: Bearer <token>`; none 401,
 * another 403); without it, only a request from this machine's loopback that came through no proxy (an
 * `X-Forwarded-For` header means a proxy on this machine may be relaying someone else: 403).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';
import { forbidden, unauthorized, type AppError } from '../errors.ts';
import { catalogueCacheStats } from '../features/marketplace/cache.ts';
import { outboxDepth } from '../mail/outbox.ts';

/** The route label of requests no route matched: the web app's pages (and 404s) answered by pages.ts. */
export const PAGES_ROUTE = '(pages)';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const digest = (value: string) => createHash('sha256').update(value).digest();

function refusal(req: FastifyRequest, token: string | undefined): AppError | null {
  if (!token) {
    const local = LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'];
    return local ? null : forbidden('Metrics are only served to this machine.');
  }
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return unauthorized('Send the metrics token as a bearer token.');
  return timingSafeEqual(digest(match[1]!), digest(token))
    ? null
    : forbidden('The metrics token is not valid.');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's prom-client registry, served at /metrics. */
    metricsRegistry: Registry;
  }
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; token: string | undefined }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    // Other mechanisms add their own metrics to it (the form guard's trapped submissions).
    app.decorate('metricsRegistry', registry);

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route (its pattern) and status code.',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its answer, by method, route and status code.',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });

    const { database } = opts;
    new Counter({
      name: 'mm_catalogue_cache_lookups_total',
      help: 'Catalogue cache lookups (features/marketplace/cache.ts) by result: hit or miss.',
      labelNames: ['result'],
      registers: [registry],
      collect() {
        const { hits, misses } = catalogueCacheStats(database.db);
        this.reset();
        this.inc({ result: 'hit' }, hits);
        this.inc({ result: 'miss' }, misses);
      },
    });
    new Gauge({
      name: 'mm_outbox_messages',
      help: 'Outbox rows waiting to be sent (pending), being sent (sending) and given up on (failed).',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const depth = await outboxDepth(database.db);
        for (const [status, n] of Object.entries(depth)) this.set({ status }, n);
      },
    });
    const poolStats = database.poolStats;
    if (poolStats) {
      new Gauge({
        name: 'mm_db_pool_connections',
        help: 'PostgreSQL pool: its size (max), connections open, idle, and requests waiting for one.',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const pool = poolStats();
          this.set({ state: 'max' }, pool.size);
          this.set({ state: 'open' }, pool.open);
          this.set({ state: 'idle' }, pool.idle);
          this.set({ state: 'waiting' }, pool.waiting);
        },
      });
    }

    app.addHook('onResponse', async (req, reply) => {
      const labels = {
        method: req.method,
        route: req.routeOptions.url ?? PAGES_ROUTE,
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });

    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
      const refused = refusal(req, opts.token);
      if (refused) {
        if (refused.statusCode === 401) reply.header('www-authenticate', 'Bearer');
        throw refused;
      }
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
