/** One error format for the whole API: { error: { code, message, fields? } }. */
import { z } from 'zod';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthorized = (message = 'Please sign in to continue') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Common error responses for the OpenAPI description of a route. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

/** The PostgreSQL error behind an error (Drizzle wraps the driver's error in `cause`), if any. */
function databaseErrorOf(err: unknown): { code: string; constraint?: string } | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}) };
    }
    current = e.cause;
  }
  return null;
}

/**
 * Database refusals that a client's own input causes, as the 4xx they deserve: text PostgreSQL cannot store
 * or parse (400), a value too long or outside a check (400), a duplicate (409), a reference to something
 * missing or still in use (409). Anything else is not the client's doing (null).
 */
export function clientDatabaseError(err: unknown): AppError | null {
  const db = databaseErrorOf(err);
  if (!db) return null;
  switch (db.code) {
    case '22P05': // untranslatable character (U+0000 in text)
    case '22021': // invalid byte sequence
    case '22P02': // invalid text representation (e.g. a malformed uuid)
    case '22001': // value too long
    case '22003': // numeric value out of range
    case '22007': // invalid datetime format
    case '22008': // datetime field overflow
    case '23502': // not null violation
    case '23514': // check violation
      return new AppError(400, 'VALIDATION_ERROR', 'Some of the values are not valid');
    case '23505':
      return new AppError(409, 'CONFLICT', 'This already exists');
    case '23503':
      return new AppError(409, 'CONFLICT', 'A related record does not exist or is still in use');
    default:
      return null;
  }
}

/**
 * What may be logged about an error: its type, code and message without the failed query's parameters
 * (Drizzle appends them, and they hold what the user sent: emails, messages), and the stack.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const e = err as { name?: unknown; code?: unknown; message?: unknown; stack?: unknown; cause?: unknown };
  const strip = (text: unknown) =>
    typeof text === 'string' ? text.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]') : undefined;
  const db = databaseErrorOf(err);
  return {
    type: typeof e?.name === 'string' ? e.name : typeof err,
    ...(typeof e?.code === 'string' ? { code: e.code } : db ? { code: db.code } : {}),
    message: strip(e?.message),
    stack: strip(e?.stack),
    ...(e?.cause && typeof (e.cause as { message?: unknown }).message === 'string'
      ? { cause: strip((e.cause as { message: string }).message) }
      : {}),
  };
}
