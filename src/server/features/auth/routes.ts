/** /api/auth/* and /api/me. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInSchema, signUpRequestSchema } from '../../../domain/auth.ts';
import type { Auth } from '../../auth/auth.ts';
import { authHeaders } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { AppError, errorResponses, unauthorized } from '../../errors.ts';
import { requestLimit } from '../../rate-limit.ts';
import { INVALID_CREDENTIALS_CODE, loadMe, meSchema, signIn, signOut, signUp } from './service.ts';
import { createSignInGuard } from './sign-in-guard.ts';

const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a minute and try again.';
const slowDown = (seconds: number) =>
  `Too many failed sign-ins for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
/** A browser where the owner signed in before: not slowed down by failures elsewhere (sign-in-guard.ts). */
const DEVICE_COOKIE = 'mm.device';
const TOO_MANY_SIGN_UPS = 'Too many sign-up attempts. Please wait a minute and try again.';
const SESSION_COOKIES = ['mm.session_token', 'mm.session_data', 'mm.dont_remember'];

export async function authRoutes(app: FastifyInstance, opts: { db: Db; auth: Auth }) {
  const { db, auth } = opts;
  const { rateLimits } = app.config;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const guard = createSignInGuard(
    {
      perPair: rateLimits.signInFailuresPerPair,
      perIp: rateLimits.signInFailuresPerIp,
      perEmail: rateLimits.signInFailuresPerEmail,
      windowMs: rateLimits.signInWindowMs,
      maxDelayMs: rateLimits.signInMaxDelayMs,
    },
    app.config.authSecret,
  );
  const secure = app.config.publicUrl.startsWith('https://');
  const normalEmail = (email: string) => email.trim().toLowerCase();
  r.post(
    '/api/auth/sign-up',
    {
      config: { access: 'public' },
      preHandler: requestLimit(app, {
        max: rateLimits.signUpPerIp,
        windowMs: rateLimits.windowMs,
        key: (req) => `signup-ip:${req.ip}`,
        message: TOO_MANY_SIGN_UPS,
      }),
      schema: {
        tags: ['auth'],
        summary: 'Create an account (optionally with the package chosen on /packages). Anyone.',
        body: signUpRequestSchema,
        response: {
          201: z.object({ me: meSchema, packageStatus: z.enum(['active', 'pending']).nullable() }),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
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
          'Sign in with email and password. Anyone; failed attempts are limited per account and address, per ' +
          'address, and slowed down per account for unknown devices (429 with Retry-After).',
        body: signInSchema,
        response: { 200: z.object({ me: meSchema }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const email = normalEmail(req.body.email);
      const trusted = guard.isTrustedDevice(email, req.cookies[DEVICE_COOKIE]);
      const verdict = guard.check(email, req.ip, trusted);
      if (!verdict.allowed) {
        reply.header('retry-after', verdict.retryAfterSeconds);
        throw new AppError(
          429,
          'RATE_LIMITED',
          verdict.reason === 'account' ? slowDown(verdict.retryAfterSeconds) : TOO_MANY_SIGN_INS,
        );
      }
      let result;
      try {
        result = await signIn(auth, req.body, authHeaders(req));
      } catch (err) {
        if (err instanceof AppError && err.code === INVALID_CREDENTIALS_CODE)
          guard.recordFailure(email, req.ip);
        throw err;
      }
      guard.recordSuccess(email, req.ip);
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
      // Over https better-auth names its cookies with the __Secure- prefix.
      const clearAll = SESSION_COOKIES.map(
        (name) =>
          `${secure ? '__Secure-' : ''}${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      reply.header('set-cookie', cleared.length ? cleared : clearAll);
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
