/** /api/favorites: the signed-in user's saved listings. Owner only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addFavoriteSchema, favoriteIdsSchema, favoriteListSchema } from '../../../domain/engagement.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import {
  addFavorite,
  favoriteIds,
  listFavorites,
  removeFavorite,
  removeFavoriteByListing,
} from './service.ts';

export async function favoriteRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/favorites/ids',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['favorites'],
        summary:
          'Ids of the listings the caller has saved (for the hearts on every card). Signed-in users, own only.',
        response: { 200: favoriteIdsSchema, ...errorResponses },
      },
    },
    async (req) => {
      return { ids: await favoriteIds(db, await req.requireActor()) };
    },
  );

  r.get(
    '/api/favorites',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['favorites'],
        summary:
          'The caller’s favourites, newest first, each with its listing card (null when the listing was deleted). Signed-in users, own only.',
        response: { 200: favoriteListSchema, ...errorResponses },
      },
    },
    async (req) => {
      return { items: await listFavorites(db, await req.requireActor()) };
    },
  );

  r.post(
    '/api/favorites',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['favorites'],
        summary:
          'Save an approved listing to the caller’s favourites; saving twice is harmless. Signed-in users.',
        body: addFavoriteSchema,
        response: { 201: z.object({ listingId: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const result = await addFavorite(db, await req.requireActor(), req.body.listingId);
      return reply.code(201).send(result);
    },
  );

  r.delete(
    '/api/favorites/listing/:listingId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['favorites'],
        summary:
          'Remove a listing from the caller’s favourites (the heart); not saved is not an error. Signed-in users.',
        params: z.object({ listingId: z.uuid('Invalid listing id') }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await removeFavoriteByListing(db, await req.requireActor(), req.params.listingId);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/favorites/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['favorites'],
        summary:
          'Remove one favourite by id (the favourites page). Its owner only; anyone else’s answers 404.',
        params: z.object({ id: z.uuid('Invalid favorite id') }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await removeFavorite(db, await req.requireActor(), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
