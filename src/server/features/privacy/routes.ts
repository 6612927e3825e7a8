/**
 * The signed-in user's own data (issue 24, POPIA; decision 0056): GET /api/me/data-export (the JSON file of
 * everything kept about them; no parameter can name anyone else) and POST /api/me/delete-account.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRIVACY_MESSAGES,
  deleteAccountResponseSchema,
  deleteAccountSchema,
  exportFileName,
} from '../../../domain/privacy.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { requestLimit } from '../../rate-limit.ts';
import type { Storage } from '../../storage/storage.ts';
import { clearSessionCookies } from '../auth/service.ts';
import { exportUserData } from './export.ts';
import { deleteOwnAccount } from './service.ts';

const MINUTE = 60_000;

export async function privacyRoutes(app: FastifyInstance, opts: { db: Db; auth: Auth; storage: Storage }) {
  const { db, auth, storage } = opts;
  const { rateLimits } = app.config;
  const secure = app.config.publicUrl.startsWith('https://');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/me/data-export',
    {
      config: { access: 'signedIn' },
      preHandler: requestLimit(app, {
        max: rateLimits.dataExportsPerUser,
        windowMs: 60 * MINUTE,
        key: async (req) => `data-export:${(await req.requireActor()).userId}`,
        message: PRIVACY_MESSAGES.tooManyExports,
      }),
      schema: {
        tags: ['privacy'],
        summary:
          'Download everything kept about the signed-in user as a JSON file (attachment). Only ever the ' +
          'caller’s own data; limited per user (429). Signed in.',
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      const now = new Date();
      const document = await exportUserData(db, actor.userId, now);
      reply.header('content-disposition', `attachment; filename="${exportFileName(now)}"`);
      return document;
    },
  );

  r.post(
    '/api/me/delete-account',
    {
      config: { access: 'signedIn' },
      preHandler: requestLimit(app, {
        max: rateLimits.accountChangesPerUser,
        windowMs: 15 * MINUTE,
        key: async (req) => `delete-account:${(await req.requireActor()).userId}`,
        message: PRIVACY_MESSAGES.tooManyDeletions,
      }),
      schema: {
        tags: ['privacy'],
        summary:
          'Delete the signed-in user’s account and what is theirs, confirmed with the password and the word ' +
          'DELETE (400 otherwise); the last admin cannot (409). Signs the browser out. Signed in.',
        body: deleteAccountSchema,
        response: { 200: deleteAccountResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      await deleteOwnAccount(db, storage, auth, await req.requireActor(), req.body);
      reply.header('set-cookie', clearSessionCookies(secure));
      return { message: PRIVACY_MESSAGES.accountDeleted };
    },
  );
}
