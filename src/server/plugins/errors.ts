/**
 * One error format for every answer, `{ error: { code, message, fields? } }`, and never a 500 for what a
 * client can send: validation failures (400 with the first message per field), the app's own errors,
 * oversized bodies (413), rate limits (429), the router's refusals, and database refusals caused by the
 * client's input (400/409, `clientDatabaseError`). Anything else is logged without personal data and
 * answers a plain 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, clientDatabaseError, errorBody, loggableError } from '../errors.ts';

/** The first message for each field of a validation failure (zod issues or JSON-schema errors). */
export function firstFieldMessages(
  issues: { path?: PropertyKey[]; instancePath?: string; message?: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath
      ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
      : (issue.path ?? []).map(String).join('.');
    if (key && !(key in fields) && issue.message) fields[key] = issue.message;
  }
  return fields;
}

/**
 * Router errors (malformed percent-encoding, over-long parameters) in the one error format too. A Fastify
 * constructor option (`frameworkErrors`): the router answers before any plugin runs.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, _req, res) => {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void (res as unknown as FastifyReply)
    .code(tooLong ? 404 : 400)
    .send(tooLong ? errorBody('NOT_FOUND', 'Not found') : errorBody('BAD_URL', 'The address is not valid'));
};

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
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
  },
  { name: 'errors' },
);
