/** /api/profile: the signed-in user's own profile (Settings, Profile tab). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSettingsSchema, profileViewSchema } from '../../../domain/providers.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { loadProfile, updateProfile } from './service.ts';

export async function profileRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/profile',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['profile'],
        summary: 'The caller’s profile and (read-only) email. Signed-in users.',
        response: { 200: profileViewSchema, ...errorResponses },
      },
    },
    async (req) => loadProfile(db, await req.requireActor()),
  );
  r.put(
    '/api/profile',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['profile'],
        summary:
          'Save full name, phone, city, province and avatar (an upload URL, bucket avatars, or null). ' +
          'Signed-in users, their own profile only.',
        body: profileSettingsSchema,
        response: { 200: profileViewSchema, ...errorResponses },
      },
    },
    async (req) => updateProfile(db, storage, await req.requireActor(), req.body),
  );
}
