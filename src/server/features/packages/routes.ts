/** /api/provider/package: the caller's effective package, limits and listing count (banner, limit card). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { packageStatusSchema } from '../../../domain/providers.ts';
import type { Db } from '../../db/client.ts';
import { AppError, errorResponses } from '../../errors.ts';
import { PROVIDER_MESSAGES } from '../../../domain/providers.ts';
import { packageRequestInputSchema, packageRequestSchema } from '../../../domain/package-requests.ts';
import { cancelPackageRequest, requestPackage } from './requests.ts';
import { packageStatus, providerOfUser } from './service.ts';

export async function packageRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/provider/package',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['packages'],
        summary:
          'The caller’s package as the server applies it: limits (-1 unlimited), listings counted against ' +
          'them (not rejected), active or not; admins as premium 5/10, demo mode as unlimited premium. ' +
          'Providers and admins; 403 PROVIDER_PROFILE_MISSING without a provider record.',
        response: { 200: packageStatusSchema, ...errorResponses },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      const provider = await providerOfUser(db, actor.userId);
      if (!provider) throw new AppError(403, 'PROVIDER_PROFILE_MISSING', PROVIDER_MESSAGES.profileMissing);
      return packageStatus(db, actor, provider);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/provider/package-request',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['packages'],
        summary:
          'Request a package from /checkout: an upgrade, or a renewal of the current one (decision 0039). ' +
          'Recorded as pending until an admin activates a package; the current package stays meanwhile. ' +
          'One open request per provider: the same again answers 200 with it, another package replaces it. ' +
          'Providers and admins with a provider record.',
        body: packageRequestInputSchema,
        response: { 200: packageRequestSchema, 201: packageRequestSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      const { request, created } = await requestPackage(db, actor, req.body.packageType);
      return reply.code(created ? 201 : 200).send(request);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/provider/package-request',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['packages'],
        summary:
          'Withdraw the caller’s open package request (decision 0039): closed as cancelled, the current ' +
          'package unchanged. 404 when none is open. Providers and admins with a provider record.',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      await cancelPackageRequest(db, actor);
      return reply.code(204).send(null);
    },
  );
}
