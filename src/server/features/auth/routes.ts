/** /api/auth/* and /api/me. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInSchema, signUpRequestSchema } from '../../../domain/auth.ts';
import type { Auth } from '../../auth/auth.ts';
import { authHeaders } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { AppError, errorResponses, unauthorized } from '../../errors.ts';
import { loadMe, meSchema, signIn, signOut, signUp } from './service.ts';

const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a minute and try again.';
const TOO_MANY_SIGN_UPS = 'Too many sign-up attempts. Please wait a minute and try again.';
const SESSION_COOKIES = ['mm.session_token', 'mm.session_data', 'mm.dont_remember'];

export async function authRoutes(app: FastifyInstance, opts: { db: Db; auth: Auth }) {
  const { db, auth } = opts;
  const { rateLimits } = app.config;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const emailKey = (req: FastifyRequest) =>
    `email:${String((req.body as { email?: unknown } | undefined)?.email ?? '')
      .trim()
      .toLowerCase()}`;
  /** Every limiter counts each attempt; the request is refused when any of them is exceeded. */
  const limit = (message: string, limits: { max: number; key: (req: FastifyRequest) => string }[]) => {
    const checks = limits.map(({ max, key }) =>
      app.createRateLimit({ max, timeWindow: rateLimits.windowMs, keyGenerator: key }),
    );
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const results = await Promise.all(checks.map((check) => check(req)));
      const exceeded = results.filter((r) => !r.isAllowed && r.isExceeded);
      if (exceeded.length) {
        reply.header('retry-after', Math.max(...exceeded.map((r) => (r.isAllowed ? 0 : r.ttlInSeconds))));
        throw new AppError(429, 'RATE_LIMITED', message);
      }
    };
  };

  r.post(
    '/api/auth/sign-up',
    {
      config: { access: 'public' },
      preHandler: limit(TOO_MANY_SIGN_UPS, [
        { max: rateLimits.signUpPerIp, key: (req) => `signup-ip:${req.ip}` },
      ]),
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
      preHandler: limit(TOO_MANY_SIGN_INS, [
        { max: rateLimits.signInPerIp, key: (req) => `signin-ip:${req.ip}` },
        { max: rateLimits.signInPerEmail, key: (req) => `signin-${emailKey(req)}` },
      ]),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password. Anyone; rate limited per IP and per email.',
        body: signInSchema,
        response: { 200: z.object({ me: meSchema }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const result = await signIn(auth, req.body, authHeaders(req));
      const me = await loadMe(db, result.userId);
      if (!me) throw unauthorized();
      reply.header('set-cookie', result.setCookies);
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
      const secure = app.config.publicUrl.startsWith('https://');
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
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in user, profile, effective role, provider record and demo mode. Signed-in users.',
        response: { 200: meSchema, ...errorResponses },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      const me = await loadMe(db, actor.userId);
      if (!me) throw unauthorized();
      return me;
    },
  );
}
