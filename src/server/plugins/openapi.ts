/**
 * The OpenAPI description of the API, built from every route's zod schemas, and its browsable UI at
 * /api/docs. Served in development; in production only when API_DOCS_PUBLIC=true (decision 0027).
 * Registered before the routes so that it sees them all.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openApiPlugin = fp(
  async (app: FastifyInstance, opts: { serveDocs: boolean }) => {
    if (!opts.serveDocs) return;
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
  },
  { name: 'openapi' },
);
