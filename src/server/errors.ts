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
/** A race the server lost and could not win by trying again (db/transaction.ts): the client may retry. */
export const busy = () =>
  new AppError(503, 'BUSY', 'The server is busy right now. Please try again in a moment.');

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
  503: errorBodySchema,
} as const;

/** The PostgreSQL error behind an error (Drizzle wraps the driver's error in `cause`), if any. */
export function databaseErrorOf(err: unknown): { code: string; constraint?: string; message: string } | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
        message: typeof e.message === 'string' ? e.message : '',
      };
    }
    current = e.cause;
  }
  return null;
}

/**
 * Whether `err` is, or wraps, a unique-key violation (23505); with `constraintPart`, only one whose
 * constraint name (or message) contains it. An error without any SQLSTATE whose message reads like one
 * counts too when no constraint is asked for (sign-up's fallback for a library that rethrows it as text).
 */
export function isUniqueViolation(err: unknown, constraintPart?: string): boolean {
  const db = databaseErrorOf(err);
  if (db) {
    return (
      db.code === '23505' &&
      (constraintPart === undefined || `${db.constraint ?? ''} ${db.message}`.includes(constraintPart))
    );
  }
  const message = (err as { message?: unknown } | null)?.message;
  return (
    constraintPart === undefined &&
    typeof message === 'string' &&
    /duplicate key|unique constraint/i.test(message)
  );
}

/**
 * Database refusals that a client's own input causes, as the 4xx they deserve: text PostgreSQL cannot store
 * or parse (400), a value too long or outside a check (400), a duplicate (409), a reference to something
 * missing or still in use (409). A race lost outside a retried transaction (serialisation failure,
 * deadlock, db/transaction.ts) is no fault of the client either: 503, try again. Anything else: null.
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
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return busy();
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
