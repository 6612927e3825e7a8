/**
 * /api/guide: the reader's side of the Matric Guide. Access state and requests for signed-in users; the
 * guide's list, articles and their images only for users whose latest request is approved (and admins).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestViewSchema,
  accessStateSchema,
  guideArticleSchema,
  guideListSchema,
  paymentProofSchema,
} from '../../../domain/guide.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { accessState, articleImage, guideList, readArticle, submitRequest } from './service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });

export async function guideRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/guide/access',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['guide'],
        summary:
          'The caller’s Matric Guide access (latest request decides), the amount, reference and bank details. Signed-in users.',
        response: { 200: accessStateSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return accessState(db, await req.requireActor());
    },
  );

  r.post(
    '/api/guide/access/payment-proof',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['guide'],
        summary:
          'Submit a payment reference: a new pending request (or the reference of a pending quick request). 409 while one is pending or access is approved. Signed-in users.',
        body: paymentProofSchema,
        response: { 201: accessRequestViewSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const view = await submitRequest(db, await req.requireActor(), req.body.paymentReference);
      return reply.code(201).send(view);
    },
  );

  r.post(
    '/api/guide/access/request',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['guide'],
        summary:
          'Request Access (R50) from the guide page: a pending request without a reference. 409 while one is pending or access is approved. Signed-in users.',
        response: { 201: accessRequestViewSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const view = await submitRequest(db, await req.requireActor(), null);
      return reply.code(201).send(view);
    },
  );

  r.get(
    '/api/guide/articles',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['guide'],
        summary:
          'Published articles grouped by category in display order. Users with approved access and admins (401 signed out, 403 otherwise).',
        response: { 200: guideListSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return guideList(db, await req.actor());
    },
  );

  r.get(
    '/api/guide/articles/:slug',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['guide'],
        summary:
          'One published article (drafts for admins only), its HTML sanitised; the view is logged. Users with approved access and admins (401/403/404).',
        params: slugParams,
        response: { 200: guideArticleSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const ua = req.headers['user-agent'];
      return readArticle(db, await req.actor(), req.params.slug, typeof ua === 'string' ? ua : null);
    },
  );

  r.get(
    '/api/guide/articles/:slug/image',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['guide'],
        summary:
          'The article’s featured image (WebP, width 400, 800 or 1600). Users with approved access and admins (401/403/404).',
        params: slugParams,
        querystring: z.object({ w: z.enum(['400', '800', '1600']).default('800') }),
      },
    },
    async (req, reply) => {
      const bytes = await articleImage(
        db,
        storage,
        await req.actor(),
        req.params.slug,
        Number(req.query.w) as 400 | 800 | 1600,
      );
      return reply.type('image/webp').header('cache-control', 'private, max-age=3600').send(bytes);
    },
  );
}
