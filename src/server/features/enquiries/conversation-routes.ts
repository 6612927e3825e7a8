/**
 * /api/enquiries/{id}/messages and /read: an enquiry's conversation for its client, its provider and admins
 * (anyone else gets 404); replies are rate limited per account.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONVERSATION_MESSAGES,
  conversationSchema,
  enquiryMessageViewSchema,
  enquiryReplySchema,
} from '../../../domain/engagement.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { requestLimit } from '../../rate-limit.ts';
import { addReply, listConversation, markConversationRead } from './conversation.ts';

/** Replies one account may write per window. */
export const REPLY_RATE_LIMIT = { perUser: 10, windowMs: 60_000 } as const;

const params = z.object({ id: z.uuid('Invalid enquiry id') });

export async function conversationRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const limitPerUser = requestLimit(app, {
    max: REPLY_RATE_LIMIT.perUser,
    windowMs: REPLY_RATE_LIMIT.windowMs,
    key: async (req) => `enquiry-reply:${(await req.actor())?.userId ?? req.ip}`,
    message: CONVERSATION_MESSAGES.tooMany,
  });

  r.get(
    '/api/enquiries/:id/messages',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['enquiries'],
        summary:
          'The replies of an enquiry, oldest first. Its client, its provider or an admin (anyone else: 404).',
        params,
        response: { 200: conversationSchema, ...errorResponses },
      },
    },
    async (req) => listConversation(db, await req.requireActor(), req.params.id),
  );

  r.post(
    '/api/enquiries/:id/messages',
    {
      config: { access: 'signedIn' },
      preHandler: limitPerUser,
      schema: {
        tags: ['enquiries'],
        summary:
          'Reply in an enquiry’s conversation (10 to 1000 characters; the other side is mailed; a provider’s reply marks it replied). Its client, its provider or an admin; rate limited per account.',
        params,
        body: enquiryReplySchema,
        response: { 201: enquiryMessageViewSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const message = await addReply(db, await req.requireActor(), req.params.id, req.body);
      return reply.code(201).send(message);
    },
  );

  r.post(
    '/api/enquiries/:id/read',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['enquiries'],
        summary:
          'Mark every message of the conversation read for the caller. Its client, its provider or an admin.',
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await markConversationRead(db, await req.requireActor(), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
