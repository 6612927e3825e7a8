/** /api/provider/package: the caller's effective package, limits and listing count (banner, limit card). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { packageStatusSchema } from '../../../domain/providers.ts';
import type { Db } from '../../db/client.ts';
import { AppError, errorResponses } from '../../errors.ts';
import { PROVIDER_MESSAGES } from '../../../domain/providers.ts';
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
}
