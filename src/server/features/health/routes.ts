import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
