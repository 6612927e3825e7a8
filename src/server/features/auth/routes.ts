/** /api/auth/* and /api/me. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  meSchema,
  signInResponseSchema,
  signInSchema,
  signUpBodySchema,
  signUpResponseSchema,
} from '../../../domain/auth.ts';
import type { Auth } from '../../auth/auth.ts';
import { authHeaders } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { AppError, errorResponses, unauthorized } from '../../errors.ts';
import { CounterStoreUnavailableError, type CounterStore } from '../../counter-store.ts';
import { emailLimitKey, LIMITS_UNAVAILABLE_MESSAGE, requestLimit } from '../../rate-limit.ts';
import { accountRoutes } from './account-routes.ts';
import {
  INVALID_CREDENTIALS_CODE,
  clearSessionCookies,
  loadMe,
  signIn,
  signOut,
  signUp,
  trappedSignUpAnswer,
} from './service.ts';
import { createSignInGuard } from './sign-in-guard.ts';

const waitMessage = (seconds: number) =>
  `Too many failed sign-ins for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
const TOO_MANY_AT_ONCE = 'Too many sign-in attempts at once for this account. Please try again.';
/** A browser where the owner signed in before: never made to wait (sign-in-guard.ts). */
const DEVICE_COOKIE = 'mm.device';
const TOO_MANY_SIGN_UPS = 'Too many sign-up attempts. Please wait a minute and try again.';
const TOO_MANY_SIGN_UPS_FOR_EMAIL =
  'Too many sign-up attempts for this email address. Please try again in an hour.';

export async function authRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    auth: Auth;
    clock?: (() => number) | undefined;
    /** Shared counters (Redis) for several instances; in memory when absent. */
    counterStore?: CounterStore | undefined;
  },
) {
  const { db, auth } = opts;
  const { rateLimits } = app.config;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const guard = createSignInGuard(
    {
      perPair: rateLimits.signInFailuresPerPair,
      perAccount: rateLimits.signInFailuresPerEmail,
      perAddress: rateLimits.signInFailuresPerIp,
      perDevice: rateLimits.signInFailuresPerDevice,
      windowMs: rateLimits.signInWindowMs,
      baseDelayMs: rateLimits.signInBaseDelayMs,
      maxDelayMs: rateLimits.signInMaxDelayMs,
      maxInFlight: rateLimits.signInMaxInFlight,
    },
    app.config.authSecret,
    {
      ...(opts.clock ? { now: opts.clock } : {}),
      ...(opts.counterStore ? { store: opts.counterStore } : {}),
    },
  );
  await app.register(accountRoutes, { db, auth });

  const secure = app.config.publicUrl.startsWith('https://');
  const normalEmail = (email: string) => email.trim().toLowerCase();
  r.post(
    '/api/auth/sign-up',
    {
      config: { access: 'public' },
      preHandler: [
        requestLimit(app, {
          max: rateLimits.signUpPerIp,
          windowMs: rateLimits.windowMs,
          key: (req) => `signup-ip:${req.ip}`,
          message: TOO_MANY_SIGN_UPS,
          failClosed: true,
        }),
        requestLimit(app, {
          max: rateLimits.signUpPerEmail,
          windowMs: rateLimits.signUpEmailWindowMs,
          key: (req) => `signup-email:${emailLimitKey((req.body as { email: string }).email)}`,
          message: TOO_MANY_SIGN_UPS_FOR_EMAIL,
          failClosed: true,
        }),
      ],
      schema: {
        tags: ['auth'],
        summary:
          'Create an account (optionally with the package chosen on /packages). Anyone; rate limited per IP ' +
          'and per email address. A submission the form guard traps gets the same status and shape of ' +
          'answer and creates nothing.',
        body: signUpBodySchema,
        response: { 201: signUpResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      // Spam: an answer shaped like a new account's, and no account, session or mail (decision 0059).
      if (app.formGuard.trap(req, 'sign-up', req.body)) {
        return reply.code(201).send(trappedSignUpAnswer(req.body));
      }
      const result = await signUp(db, auth, req.body, authHeaders(req));
      const me = await loadMe(db, result.userId);
      if (!me) throw unauthorized();
      reply.header('set-cookie', result.setCookies);
      return reply.code(201).send({ me, packageStatus: result.packageStatus });
    },
  );

  r.post(
    '/api/auth/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password. Anyone. After repeated failures on an account (from one address, ' +
          'from all, or from an address failing on many accounts) devices that never signed in to it wait ' +
          'between attempts, longer after each failure (429 with Retry-After); a known device never waits.',
        body: signInSchema,
        response: { 200: signInResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const email = normalEmail(req.body.email);
      const outcome = await guard
        .attempt(
          { email, ip: req.ip, deviceToken: req.cookies[DEVICE_COOKIE] },
          () => signIn(auth, req.body, authHeaders(req)),
          (err) => err instanceof AppError && err.code === INVALID_CREDENTIALS_CODE,
        )
        .catch((err: unknown) => {
          // The shared counters (Redis) cannot be reached: refuse rather than let guesses go uncounted.
          if (err instanceof CounterStoreUnavailableError) {
            throw new AppError(503, 'UNAVAILABLE', LIMITS_UNAVAILABLE_MESSAGE);
          }
          throw err;
        });
      if (!outcome.allowed) {
        reply.header('retry-after', outcome.retryAfterSeconds);
        throw new AppError(
          429,
          'RATE_LIMITED',
          outcome.reason === 'busy' ? TOO_MANY_AT_ONCE : waitMessage(outcome.retryAfterSeconds),
        );
      }
      const result = outcome.value;
      const me = await loadMe(db, result.userId);
      if (!me) throw unauthorized();
      const device = `${DEVICE_COOKIE}=${guard.deviceToken(email)}; Max-Age=31536000; Path=/api/auth; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      reply.header('set-cookie', [...result.setCookies, device]);
      return { me };
    },
  );

  r.post(
    '/api/auth/sign-out',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End the current session and clear its cookies. Anyone (no session is not an error).',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      const cleared = await signOut(auth, authHeaders(req));
      reply.header('set-cookie', cleared.length ? cleared : clearSessionCookies(secure));
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/me',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in user, profile, effective role, provider record and demo mode; { user: null } when ' +
          'signed out. Anyone.',
        response: { 200: z.union([meSchema, z.object({ user: z.null() })]), ...errorResponses },
      },
    },
    async (req) => {
      const actor = await req.actor();
      const me = actor ? await loadMe(db, actor.userId) : null;
      return me ?? { user: null };
    },
  );
}
