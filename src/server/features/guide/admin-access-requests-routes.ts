/** /api/admin/guide/requests: review the Matric Guide access requests. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestViewSchema,
  accessStatusSchema,
  adminAccessRequestSchema,
  rejectSchema,
} from '../../../domain/guide.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { listRequests, reviewRequest } from './admin-access-requests.ts';

const tags = ['guide-admin'];
const admin = { access: 'admin' } as const;
const idParams = z.object({ id: z.uuid('Invalid id') });

export async function accessRequestAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/guide/requests',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Access requests newest first, optionally of one status. Admins.',
        querystring: z.object({ status: accessStatusSchema.optional() }),
        response: { 200: z.object({ items: z.array(adminAccessRequestSchema) }), ...errorResponses },
      },
    },
    async (req) => listRequests(db, req.query.status),
  );

  r.post(
    '/api/admin/guide/requests/:id/approve',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Approve a pending request (records who and when; 409 when already reviewed). Admins.',
        params: idParams,
        response: { 200: accessRequestViewSchema, ...errorResponses },
      },
    },
    async (req) => reviewRequest(db, await req.requireActor(), req.params.id, { status: 'approved' }),
  );

  r.post(
    '/api/admin/guide/requests/:id/reject',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Reject a pending request with an optional reason shown to the user (409 when already reviewed). Admins.',
        params: idParams,
        body: rejectSchema,
        response: { 200: accessRequestViewSchema, ...errorResponses },
      },
    },
    async (req) =>
      reviewRequest(db, await req.requireActor(), req.params.id, {
        status: 'rejected',
        reason: req.body.reason,
      }),
  );
}
