/** /api/providers (become a provider) and /api/provider/settings (the Business tab). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  becomeProviderSchema,
  businessSettingsSchema,
  businessViewSchema,
} from '../../../domain/providers.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { becomeProvider, businessSettings, updateBusinessSettings } from './service.ts';

export async function providerRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['providers'];

  r.post(
    '/api/providers',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Become a service provider: the provider record (basic package, active for ten years) and the role, ' +
          'in one transaction. Signed-in users; 409 when the caller is a provider already.',
        body: becomeProviderSchema,
        response: { 201: z.object({ id: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const created = await becomeProvider(db, await req.requireActor(), req.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/api/provider/settings',
    {
      config: { access: 'provider' },
      schema: {
        tags,
        summary:
          'The caller’s business settings with package, expiry and payment status. Providers and admins.',
        response: { 200: businessViewSchema, ...errorResponses },
      },
    },
    async (req) => businessSettings(db, await req.requireActor()),
  );

  r.put(
    '/api/provider/settings',
    {
      config: { access: 'provider' },
      schema: {
        tags,
        summary:
          'Save business name, description, logo (an upload URL from POST /api/uploads, bucket logos, or ' +
          'null) and the contact details the public sees: phone and WhatsApp (South African numbers, stored ' +
          "as '082 123 4567'), email for enquiries and website (https). Blank or missing contact fields are " +
          'cleared. Package fields are read-only. Providers and admins (their own record).',
        body: businessSettingsSchema,
        response: { 200: businessViewSchema, ...errorResponses },
      },
    },
    async (req) => updateBusinessSettings(db, storage, await req.requireActor(), req.body),
  );
}
