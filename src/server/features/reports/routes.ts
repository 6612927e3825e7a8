/**
 * Reports (decision 0057): report a listing (anyone) or a review (signed in), limited per client address and
 * per listing; the admin queue at /api/admin/reports with dismiss, unpublish the listing and remove the
 * review (admins).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_MESSAGES,
  reportActionResultSchema,
  reportCreatedSchema,
  reportPageSchema,
  reportQuerySchema,
  createReportSchema,
  unpublishReasonSchema,
} from '../../../domain/reports.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { requestLimit } from '../../rate-limit.ts';
import type { Storage } from '../../storage/storage.ts';
import { dismissReport, removeReportedReview, reportPage, unpublishReportedListing } from './admin.ts';
import { reportListing, reportReview } from './service.ts';

/**
 * Reports one client address may send per window (listings and reviews together), and reports one listing
 * may receive per window from everyone (a flood against one listing stops there; the queue already has
 * plenty to act on).
 */
export const REPORT_RATE_LIMIT = {
  perIp: 5,
  perIpWindowMs: 10 * 60_000,
  perListing: 20,
  perListingWindowMs: 60 * 60_000,
} as const;

const listingParams = z.object({ id: z.uuid('Invalid listing id') });
const reviewParams = z.object({ id: z.uuid('Invalid review id') });
const reportParams = z.object({ id: z.uuid('Invalid report id') });

export async function reportRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const limitPerIp = requestLimit(app, {
    max: REPORT_RATE_LIMIT.perIp,
    windowMs: REPORT_RATE_LIMIT.perIpWindowMs,
    key: (req) => `report-ip:${req.ip}`,
    message: REPORT_MESSAGES.tooMany,
  });
  const limitPerListing = requestLimit(app, {
    max: REPORT_RATE_LIMIT.perListing,
    windowMs: REPORT_RATE_LIMIT.perListingWindowMs,
    key: (req) => `report-listing:${(req.params as { id?: string }).id ?? ''}`,
    message: REPORT_MESSAGES.tooManyForListing,
  });

  r.post(
    '/api/listings/:id/reports',
    {
      config: { access: 'public' },
      preHandler: [limitPerIp, limitPerListing],
      schema: {
        tags: ['reports'],
        summary:
          'Report an approved listing (reason; details required for Other, at most 1000 characters). ' +
          'Anyone; a signed-in user has one open report per listing (409). Limited per client and per listing (429). ' +
          'Carries the form guard (honeypot, signed fill time): a trapped submission gets the same answer.',
        params: listingParams,
        body: createReportSchema,
        response: { 201: reportCreatedSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      // A trapped submission (decision 0059) gets the usual answer and stores nothing.
      if (app.formGuard.trap(req, 'report', req.body)) return reply.code(201).send({ id: randomUUID() });
      const created = await reportListing(db, await req.actor(), req.params.id, req.body);
      return reply.code(201).send(created);
    },
  );

  r.post(
    '/api/reviews/:id/reports',
    {
      config: { access: 'signedIn' },
      preHandler: limitPerIp,
      schema: {
        tags: ['reports'],
        summary:
          'Report a review of an approved listing (same reasons). Signed-in users; one open report per ' +
          'review each (409). Limited per client (429). Carries the form guard, as listing reports do.',
        params: reviewParams,
        body: createReportSchema,
        response: { 201: reportCreatedSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      if (app.formGuard.trap(req, 'report', req.body)) return reply.code(201).send({ id: randomUUID() });
      const created = await reportReview(db, actor, req.params.id, req.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'One page of the report queue: status (default open), type, reason, search (listing, business, ' +
          'details), sort and page, with the number of open reports. Admins.',
        querystring: reportQuerySchema,
        response: { 200: reportPageSchema, ...errorResponses },
      },
    },
    async (req) => reportPage(db, req.query),
  );

  r.post(
    '/api/admin/reports/:id/dismiss',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Dismiss an open report (409 when already handled). Audited. Admins.',
        params: reportParams,
        response: { 200: reportActionResultSchema, ...errorResponses },
      },
    },
    async (req) => dismissReport(db, await req.requireActor(), req.params.id),
  );

  r.post(
    '/api/admin/reports/:id/unpublish',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Unpublish the listing of an open listing report: rejected with the reason its provider sees ' +
          '(as moderation does, mailed and audited); every open report of the listing is resolved. Admins.',
        params: reportParams,
        body: unpublishReasonSchema,
        response: { 200: reportActionResultSchema, ...errorResponses },
      },
    },
    async (req) =>
      unpublishReportedListing(db, storage, await req.requireActor(), req.params.id, req.body.reason),
  );

  r.post(
    '/api/admin/reports/:id/remove-review',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Remove the review of an open review report (the listing’s rating and count are recomputed); ' +
          'every open report of the review is resolved. Audited. Admins.',
        params: reportParams,
        response: { 200: reportActionResultSchema, ...errorResponses },
      },
    },
    async (req) => removeReportedReview(db, await req.requireActor(), req.params.id),
  );
}
