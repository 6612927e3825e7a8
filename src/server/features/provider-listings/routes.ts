/** /api/provider/listings: the caller's own listings (My Listings, create, edit, delete). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../domain/listings.ts';
import {
  listingFormSchema,
  ownListingListSchema,
  ownListingSchema,
  PROVIDER_MESSAGES,
} from '../../../domain/providers.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  createOwnListing,
  deleteOwnListing,
  listOwnListings,
  loadOwnListing,
  updateOwnListing,
} from './service.ts';

export async function providerListingRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['provider listings'];

  r.get(
    '/api/provider/listings',
    {
      config: { access: 'provider' },
      schema: {
        tags,
        summary: 'The caller’s own listings, newest first, any status. Providers and admins (their own).',
        response: { 200: ownListingListSchema, ...errorResponses },
      },
    },
    async (req) => ({ items: await listOwnListings(db, await req.requireActor()) }),
  );

  r.post(
    '/api/provider/listings',
    {
      config: { access: 'provider', forbiddenMessage: PROVIDER_MESSAGES.mustBeProvider },
      schema: {
        tags,
        summary:
          'Create a listing (status pending) with its images (upload URLs, bucket listing-images). Refused ' +
          '(403) without an active package, at the listing limit or beyond the image allowance. Providers ' +
          'and admins.',
        body: listingFormSchema,
        response: { 201: z.object({ id: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const created = await createOwnListing(db, await req.requireActor(), req.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/api/provider/listings/:id',
    {
      config: { access: 'provider' },
      schema: {
        tags,
        summary: 'One listing for editing, with its images in order. Its owner or an admin.',
        params: idParamsSchema,
        response: { 200: ownListingSchema, ...errorResponses },
      },
    },
    async (req) => loadOwnListing(db, await req.requireActor(), req.params.id),
  );

  r.put(
    '/api/provider/listings/:id',
    {
      config: { access: 'provider' },
      schema: {
        tags,
        summary:
          'Save the fields and the whole image set (order = display order, one primary; removed images lose ' +
          'their files). The status is unchanged. Its owner or an admin.',
        params: idParamsSchema,
        body: listingFormSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await updateOwnListing(db, storage, await req.requireActor(), req.params.id, req.body);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/provider/listings/:id',
    {
      config: { access: 'provider' },
      schema: {
        tags,
        summary: 'Delete a listing with its images and their files. Its owner or an admin.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await deleteOwnListing(db, storage, await req.requireActor(), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
