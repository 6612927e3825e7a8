/**
 * Account self-service: /api/auth/forgot-password, /api/auth/reset-password, /api/auth/verify-email (links
 * from mail, anyone) and /api/me/verification-email, /api/me/password, /api/me/email (signed in).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TOO_MANY_ACCOUNT_CHANGES,
  TOO_MANY_RESET_REQUESTS,
  TOO_MANY_VERIFICATION_EMAILS,
  accountMessageSchema,
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../../domain/account.ts';
import type { Auth } from '../../auth/auth.ts';
import { authHeaders } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { requestLimit } from '../../rate-limit.ts';
import {
  changeEmail,
  changePassword,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './account-service.ts';

const MINUTE = 60_000;

export async function accountRoutes(app: FastifyInstance, opts: { db: Db; auth: Auth }) {
  const { db, auth } = opts;
  const { rateLimits } = app.config;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: accountMessageSchema, ...errorResponses };

  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      preHandler: [
        requestLimit(app, {
          max: rateLimits.resetRequestsPerIp,
          windowMs: 15 * MINUTE,
          key: (req) => `reset-ip:${req.ip}`,
          // Like sign-in's: with the shared store down, refuse rather than send unlimited mail (decision 0051).
          failClosed: true,
          message: TOO_MANY_RESET_REQUESTS,
        }),
        requestLimit(app, {
          max: rateLimits.resetRequestsPerEmail,
          windowMs: 15 * MINUTE,
          key: (req) => `reset-email:${(req.body as { email: string }).email.trim().toLowerCase()}`,
          // Like sign-in's: with the shared store down, refuse rather than send unlimited mail (decision 0051).
          failClosed: true,
          message: TOO_MANY_RESET_REQUESTS,
        }),
      ],
      schema: {
        tags: ['auth'],
        summary:
          'Mail a one-hour, single-use password reset link. The same answer whether or not the account ' +
          'exists. Limited per address and per client (429). Anyone.',
        body: forgotPasswordSchema,
        response,
      },
    },
    async (req) => requestPasswordReset(auth, req.body.email, authHeaders(req)),
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      preHandler: requestLimit(app, {
        max: rateLimits.resetRequestsPerIp,
        windowMs: 15 * MINUTE,
        key: (req) => `reset-use-ip:${req.ip}`,
        // Like sign-in's: with the shared store down, refuse rather than send unlimited mail (decision 0051).
        failClosed: true,
        message: TOO_MANY_RESET_REQUESTS,
      }),
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with a reset link’s token; the link is spent and every session of the ' +
          'account ends. Anyone with the link.',
        body: resetPasswordSchema,
        response,
      },
    },
    async (req) => resetPassword(auth, req.body),
  );

  r.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Open a verification link: confirms the address, or moves the account to a new address and tells ' +
          'the old one. Anyone with the link.',
        body: verifyEmailSchema,
        response,
      },
    },
    async (req, reply) => {
      const result = await verifyEmail(db, auth, req.body.token, authHeaders(req));
      if (result.setCookies.length) reply.header('set-cookie', result.setCookies);
      return { message: result.message };
    },
  );

  const perUser = (prefix: string, message: string, max: number) =>
    requestLimit(app, {
      max,
      windowMs: 15 * MINUTE,
      key: async (req) => `${prefix}:${(await req.requireActor()).userId}`,
      message,
    });

  r.post(
    '/api/me/verification-email',
    {
      config: { access: 'signedIn' },
      preHandler: perUser('verify-mail', TOO_MANY_VERIFICATION_EMAILS, rateLimits.verificationMailsPerUser),
      schema: {
        tags: ['auth'],
        summary:
          'Send a fresh verification link to the signed-in user’s address (409 once verified; limited, 429). ' +
          'Signed in.',
        response,
      },
    },
    async (req) => resendVerification(db, auth, await req.requireActor(), authHeaders(req)),
  );

  r.post(
    '/api/me/password',
    {
      config: { access: 'signedIn' },
      preHandler: perUser('change-password', TOO_MANY_ACCOUNT_CHANGES, rateLimits.accountChangesPerUser),
      schema: {
        tags: ['auth'],
        summary:
          'Change the password (the current one required); every other session ends, this one continues ' +
          'with a new cookie. Signed in.',
        body: changePasswordSchema,
        response,
      },
    },
    async (req, reply) => {
      await req.requireActor();
      const result = await changePassword(auth, req.body, authHeaders(req));
      if (result.setCookies.length) reply.header('set-cookie', result.setCookies);
      return { message: result.message };
    },
  );

  r.post(
    '/api/me/email',
    {
      config: { access: 'signedIn' },
      preHandler: perUser('change-email', TOO_MANY_ACCOUNT_CHANGES, rateLimits.accountChangesPerUser),
      schema: {
        tags: ['auth'],
        summary:
          'Ask to change the email address: a confirmation link goes to the new address, and the change ' +
          'happens when it is opened (the old address is then told). Signed in.',
        body: changeEmailSchema,
        response,
      },
    },
    async (req) => changeEmail(auth, await req.requireActor(), req.body, authHeaders(req)),
  );
}
