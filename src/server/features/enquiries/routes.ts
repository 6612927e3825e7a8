/**
 * /api/enquiries: send (anyone, rate limited per IP), list (by role) and set the status (provider or admin);
 * registers the conversation's routes (conversation-routes.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEnquirySchema,
  ENQUIRY_MESSAGES,
  enquiryListSchema,
  enquiryStatusSchema,
  enquiryStatusUpdateSchema,
  enquiryViewSchema,
} from '../../../domain/engagement.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { emailLimitKey, requestLimit } from '../../rate-limit.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { createEnquiry, listEnquiries, updateEnquiryStatus } from './service.ts';

/**
 * Enquiries one IP may send per window. Tests that need more send from different remote addresses. The
 * limit per email address is in the config (`rateLimits.enquiriesPerEmail`, decision 0059).
 */
export const ENQUIRY_RATE_LIMIT = { perIp: 5, windowMs: 60_000 } as const;

export async function enquiryRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(conversationRoutes, { db });

  const limitPerIp = requestLimit(app, {
    max: ENQUIRY_RATE_LIMIT.perIp,
    windowMs: ENQUIRY_RATE_LIMIT.windowMs,
    key: (req) => `enquiry-ip:${req.ip}`,
    message: ENQUIRY_MESSAGES.tooMany,
  });
  const limitPerEmail = requestLimit(app, {
    max: app.config.rateLimits.enquiriesPerEmail,
    windowMs: app.config.rateLimits.enquiryEmailWindowMs,
    key: (req) => `enquiry-email:${emailLimitKey((req.body as { email: string }).email)}`,
    message: ENQUIRY_MESSAGES.tooManyForEmail,
  });

  r.post(
    '/api/enquiries',
    {
      config: { access: 'public' },
      preHandler: [limitPerIp, limitPerEmail],
      schema: {
        tags: ['enquiries'],
        summary:
          'Send an enquiry about an approved listing. Anyone (recorded with the signed-in user, if any); rate ' +
          'limited per IP and per email address. A submission the form guard traps gets the same answer and ' +
          'is neither stored nor sent.',
        body: createEnquirySchema,
        response: { 201: z.object({ id: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      // Spam gets the answer a person gets, with an id that names nothing (decision 0059).
      if (app.formGuard.trap(req, 'enquiry', req.body)) return reply.code(201).send({ id: randomUUID() });
      const created = await createEnquiry(db, await req.actor(), req.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/api/enquiries',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['enquiries'],
        summary:
          'Enquiries newest first: a user’s own sent enquiries, a provider’s received enquiries, all for admins. Signed-in users.',
        querystring: z.object({ status: enquiryStatusSchema.optional() }),
        response: { 200: enquiryListSchema, ...errorResponses },
      },
    },
    async (req) => listEnquiries(db, await req.requireActor(), { status: req.query.status }),
  );

  r.patch(
    '/api/enquiries/:id',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['enquiries'],
        summary:
          'Mark an enquiry read, replied or archived. The provider it was sent to, or an admin (another provider’s answers 404).',
        params: z.object({ id: z.uuid('Invalid enquiry id') }),
        body: enquiryStatusUpdateSchema,
        response: { 200: enquiryViewSchema, ...errorResponses },
      },
    },
    async (req) => updateEnquiryStatus(db, await req.requireActor(), req.params.id, req.body),
  );
}
