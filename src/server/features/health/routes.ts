/**
 * Liveness (/api/health: the process answers and the database with it) and readiness (/api/ready: every
 * dependency the instance needs to serve, by name). Readiness is a list of checks; a check that is not
 * `ok` fails readiness (503) unless it is advisory: mail that is not configured is reported, but the site
 * still serves (docs/decisions/0033-mail-outbox-and-jobs.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { loggableError } from '../../errors.ts';
import { mailStatus } from '../../mail/service.ts';

export interface ReadinessCheck {
  name: string;
  /** Its state in a word: 'ok' when it can serve. */
  check(): Promise<string>;
  /** Reported, but not a reason to take the instance out of service. */
  advisory?: boolean;
}

export async function healthRoutes(
  app: FastifyInstance,
  opts: { database: Database; checks?: ReadinessCheck[] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check. Anyone.',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('error'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async (req, reply) => {
      try {
        await opts.database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: opts.database.kind };
      } catch (err) {
        req.log.error({ err }, 'health check failed');
        return reply.code(503).send({ status: 'error' as const, database: opts.database.kind });
      }
    },
  );

  const checks: ReadinessCheck[] = [
    // Leaving service (SIGTERM, src/server/shutdown.ts): out of rotation at once, whatever else answers.
    { name: 'instance', check: async () => (app.lifecycle.shuttingDown ? 'shutting down' : 'ok') },
    {
      name: 'database',
      async check() {
        await opts.database.db.execute(sql`select 1`);
        return 'ok';
      },
    },
    { name: 'mail', advisory: true, check: async () => mailStatus(app.config) },
    ...(opts.checks ?? []),
  ];
  const readiness = z.object({
    status: z.enum(['ok', 'unavailable']),
    checks: z.record(z.string(), z.string()),
  });

  r.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the instance (503 "shutting down" once it leaves service) and each dependency by name (database, mail…); 503 when one the site needs does not answer. Mail "files" or "not configured" is reported without failing. Anyone.',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (req, reply) => {
      const results = await Promise.all(
        checks.map(async (c) => {
          try {
            return [c, await c.check()] as const;
          } catch (err) {
            req.log.error({ err: loggableError(err), check: c.name }, 'readiness check failed');
            return [c, 'unavailable'] as const;
          }
        }),
      );
      const ready = results.every(([c, state]) => c.advisory || state === 'ok');
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'unavailable',
        checks: Object.fromEntries(results.map(([c, state]) => [c.name, state])),
      });
    },
  );
}
