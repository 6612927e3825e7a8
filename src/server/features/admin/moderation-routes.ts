/**
 * /api/admin/listings: the moderation table, a listing's detail, approve/reject one or many, and the decision
 * on a listing's held changes. Admins only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  moderateBodySchema,
  moderateChangesBodySchema,
  moderationDetailSchema,
  moderationPageSchema,
  moderationQuerySchema,
} from '../../../domain/admin.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { moderateListingChanges } from './moderation-changes.ts';
import { moderateListings, moderationDetail, moderationPage } from './moderation.ts';

export async function moderationRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/listings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'One page of the moderation table: tab (status), search (title, city, business name), category, province, sort and page, with per-tab counts and the stat cards. Admins.',
        querystring: moderationQuerySchema,
        response: { 200: moderationPageSchema, ...errorResponses },
      },
    },
    async (req) => moderationPage(db, req.query),
  );

  r.get(
    '/api/admin/listings/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A listing of any status with its images and provider, for the detail dialog. Admins.',
        params: z.object({ id: z.uuid('Invalid listing id') }),
        response: { 200: moderationDetailSchema, ...errorResponses },
      },
    },
    async (req) => moderationDetail(db, req.params.id),
  );

  r.post(
    '/api/admin/listings/moderation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Approve or reject one or more listings (optional rejection reason) in one transaction, one audit row each. Admins.',
        body: moderateBodySchema,
        response: {
          200: z.object({ updated: z.number(), status: z.enum(['approved', 'rejected']) }),
          ...errorResponses,
        },
      },
    },
    async (req) => moderateListings(db, storage, await req.requireActor(), req.body),
  );

  r.post(
    '/api/admin/listings/:id/changes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Approve (applied to the public listing at once) or reject (reason required, shown to the provider) ' +
          'the changes awaiting approval of one listing, naming the revision reviewed: 409 when there are ' +
          'none or the provider saved a newer revision. One audit row and a mail to the provider. Admins.',
        params: z.object({ id: z.uuid('Invalid listing id') }),
        body: moderateChangesBodySchema,
        response: { 200: z.object({ status: z.enum(['approved', 'rejected']) }), ...errorResponses },
      },
    },
    async (req) => moderateListingChanges(db, storage, await req.requireActor(), req.params.id, req.body),
  );
}
