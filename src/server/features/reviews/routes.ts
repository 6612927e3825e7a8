/**
 * Reviews of listings: read (anyone), write or edit own (signed in), delete own (or admin); the listing's
 * provider's public response under a review (that provider or an admin).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listingReviewsSchema,
  reviewChangeSchema,
  reviewSchema,
  reviewViewSchema,
} from '../../../domain/engagement.ts';
import { reviewResponseSchema } from '../../../domain/reports.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import {
  deleteReview,
  deleteReviewResponse,
  editReview,
  listReviews,
  saveReviewResponse,
  submitReview,
} from './service.ts';

const listingParams = z.object({ id: z.uuid('Invalid listing id') });
const reviewParams = z.object({ id: z.uuid('Invalid review id') });
const aggregateSchema = reviewChangeSchema.shape.listing;

export async function reviewRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/listings/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary:
          'Reviews of an approved listing, newest first, with average, count, whether the provider can receive reviews and the caller’s own review id. Anyone.',
        params: listingParams,
        response: { 200: listingReviewsSchema, ...errorResponses },
      },
    },
    async (req) => {
      return listReviews(db, await req.actor(), req.params.id);
    },
  );

  r.post(
    '/api/listings/:id/reviews',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['reviews'],
        summary:
          'Write a review of an approved listing, or edit the caller’s existing one (201 created, 200 edited). Signed-in users; refused 403 when the provider’s package cannot receive reviews.',
        params: listingParams,
        body: reviewSchema,
        response: { 200: reviewChangeSchema, 201: reviewChangeSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { created, ...change } = await submitReview(
        db,
        await req.requireActor(),
        req.params.id,
        req.body,
      );
      return reply.code(created ? 201 : 200).send(change);
    },
  );

  r.patch(
    '/api/reviews/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['reviews'],
        summary: 'Edit a review (rating and comment; sets updated_at). Its author only.',
        params: reviewParams,
        body: reviewSchema,
        response: { 200: reviewChangeSchema, ...errorResponses },
      },
    },
    async (req) => editReview(db, await req.requireActor(), req.params.id, req.body),
  );

  r.delete(
    '/api/reviews/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['reviews'],
        summary: 'Delete a review. Its author or an admin.',
        params: reviewParams,
        response: { 200: z.object({ listing: aggregateSchema }), ...errorResponses },
      },
    },
    async (req) => deleteReview(db, await req.requireActor(), req.params.id),
  );

  r.put(
    '/api/reviews/:id/response',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['reviews'],
        summary:
          'Publish (201) or edit (200) the public response under a review: one per review, at most 1000 ' +
          'characters. The provider of the reviewed listing, or an admin.',
        params: reviewParams,
        body: reviewResponseSchema,
        response: { 200: reviewViewSchema, 201: reviewViewSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { review, created } = await saveReviewResponse(
        db,
        await req.requireActor(),
        req.params.id,
        req.body.body,
      );
      return reply.code(created ? 201 : 200).send(review);
    },
  );

  r.delete(
    '/api/reviews/:id/response',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['reviews'],
        summary: 'Delete the response under a review. The provider of the reviewed listing, or an admin.',
        params: reviewParams,
        response: { 200: reviewViewSchema, ...errorResponses },
      },
    },
    async (req) => deleteReviewResponse(db, await req.requireActor(), req.params.id),
  );
}
