/**
 * The form guard (issue 24, decision 0059): a honeypot field and a minimum fill time for public forms that
 * write (the enquiry dialog, sign-up).
 *
 * GET /api/form-token gives a form, when it opens, a token: the issue time and its HMAC under the app's
 * secret (AUTH_SECRET), so a client cannot make one older than it is. A route that takes the guard's fields
 * (`formGuardShape`, src/domain/spam.ts) asks `app.formGuard.trap(req, form, body)` before it does
 * anything: a filled honeypot, a token not signed by us, or one younger than `FORM_GUARD.minFillMs` trap
 * the submission; the route then answers as if it had succeeded and stores and sends nothing. Each trapped
 * submission is one structured log line (`event: 'form_trapped'`, the form and the reason, no personal
 * data) and counts in `mm_form_submissions_trapped_total`. A token older than `tokenMaxAgeMs` (a form left
 * open for a day) is a 400 a person can act on.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter, type Registry } from 'prom-client';
import {
  FORM_GUARD,
  FORM_GUARD_MESSAGES,
  formTokenResponseSchema,
  type FormGuardFields,
} from '../../domain/spam.ts';
import { badRequest, errorResponses } from '../errors.ts';

/** The forms the guard protects: the log's and the counter's `form` label. */
export type GuardedForm = 'enquiry' | 'sign-up' | 'report';
export type TrapReason = 'honeypot' | 'forged' | 'too-fast';

/** Tokens issued this far ahead of the checking process's clock still count (clocks of two instances). */
const CLOCK_SKEW_MS = 5000;

function signature(secret: string, issuedAt: number): Buffer {
  return createHmac('sha256', secret).update(`form-guard.v1.${issuedAt}`).digest();
}

/** A form token issued at `issuedAt` (ms since the epoch). Tests build an old enough one with it. */
export function signFormToken(secret: string, issuedAt: number): string {
  return `${issuedAt.toString(36)}.${signature(secret, issuedAt).toString('base64url')}`;
}

/** When a token was issued, or null when it is not one we signed. */
export function formTokenIssuedAt(secret: string, token: string): number | null {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = parseInt(match[1]!, 36);
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, issuedAt);
  return given.length === expected.length && timingSafeEqual(given, expected) ? issuedAt : null;
}

/**
 * Why a submission is trapped, or null when it may go ahead. Throws 400 for a token past its age, which
 * only a person who left the form open meets.
 */
export function trapReason(
  secret: string,
  fields: Pick<FormGuardFields, 'website' | 'formToken'>,
  now: number,
): TrapReason | null {
  if (fields.website?.trim()) return 'honeypot';
  const issuedAt = formTokenIssuedAt(secret, fields.formToken);
  if (issuedAt === null || issuedAt > now + CLOCK_SKEW_MS) return 'forged';
  if (now - issuedAt < FORM_GUARD.minFillMs) return 'too-fast';
  if (now - issuedAt > FORM_GUARD.tokenMaxAgeMs) {
    throw badRequest(FORM_GUARD_MESSAGES.expired, { formToken: FORM_GUARD_MESSAGES.expired });
  }
  return null;
}

export interface FormGuard {
  /** The reason this submission is trapped (logged and counted), or null when it is genuine. */
  trap(req: FastifyRequest, form: GuardedForm, fields: FormGuardFields): TrapReason | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    formGuard: FormGuard;
  }
}

export const formGuardPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string; registry: Registry; now?: () => number }) => {
    const now = opts.now ?? (() => Date.now()); // read each time: tests move the clock
    const trapped = new Counter({
      name: 'mm_form_submissions_trapped_total',
      help: 'Form submissions dropped as spam (honeypot filled, forged token, sent too fast), by form and reason.',
      labelNames: ['form', 'reason'],
      registers: [opts.registry],
    });

    app.decorate('formGuard', {
      trap(req, form, fields) {
        const reason = trapReason(opts.secret, fields, now());
        if (reason) {
          trapped.inc({ form, reason });
          req.log.info({ event: 'form_trapped', form, reason }, 'form submission trapped as spam');
        }
        return reason;
      },
    } satisfies FormGuard);

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/form-token',
      {
        config: { access: 'public' },
        schema: {
          tags: ['spam'],
          summary:
            'A signed token for a public form (enquiry, sign-up), fetched when the form opens and sent with it; ' +
            'a submission sooner than 3 seconds after it is dropped as spam. Anyone.',
          response: { 200: formTokenResponseSchema, ...errorResponses },
        },
      },
      async () => ({ token: signFormToken(opts.secret, now()) }),
    );
  },
  { name: 'form-guard', dependencies: ['metrics'] },
);
