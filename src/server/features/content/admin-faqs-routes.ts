/** /api/admin/faqs: the FAQ tab of /admin/cms (list, add, save all, edit, move, delete). Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFaqSchema,
  faqInputSchema,
  moveSchema,
  saveFaqsSchema,
  updateFaqSchema,
} from '../../../domain/content.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { createFaq, deleteFaq, listFaqs, moveFaq, saveFaqs, updateFaq } from './admin-faqs.ts';

const tags = ['content admin'];
const admin = { access: 'admin' as const };
const idParams = z.object({ id: z.uuid('Invalid id') });

export async function faqAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const faqList = z.object({ items: z.array(adminFaqSchema) });
  r.get(
    '/api/admin/faqs',
    {
      config: admin,
      schema: {
        tags,
        summary: 'All FAQs in display order. Admins.',
        response: { 200: faqList, ...errorResponses },
      },
    },
    async () => ({ items: await listFaqs(db) }),
  );

  r.post(
    '/api/admin/faqs',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add an FAQ at the end (display order max+1), active. Admins.',
        body: faqInputSchema,
        response: { 201: adminFaqSchema, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await createFaq(db, await req.requireActor(), req.body)),
  );

  r.put(
    '/api/admin/faqs',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Save the FAQ tab: entries with a blank question or answer are skipped, the others updated or added at the end. Admins.',
        body: saveFaqsSchema,
        response: {
          200: z.object({ items: z.array(adminFaqSchema), saved: z.number(), skipped: z.number() }),
          ...errorResponses,
        },
      },
    },
    async (req) => saveFaqs(db, await req.requireActor(), req.body.items),
  );

  r.patch(
    '/api/admin/faqs/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit an FAQ or toggle it active. Admins.',
        params: idParams,
        body: updateFaqSchema,
        response: { 200: adminFaqSchema, ...errorResponses },
      },
    },
    async (req) => updateFaq(db, await req.requireActor(), req.params.id, req.body),
  );

  r.post(
    '/api/admin/faqs/:id/move',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Move an FAQ up or down: swaps with its neighbour, renumbers from 1 (409 at the ends). Admins.',
        params: idParams,
        body: moveSchema,
        response: { 200: faqList, ...errorResponses },
      },
    },
    async (req) => {
      await moveFaq(db, await req.requireActor(), req.params.id, req.body.direction);
      return { items: await listFaqs(db) };
    },
  );

  r.delete(
    '/api/admin/faqs/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an FAQ; the rest are renumbered from 1. Admins.',
        params: idParams,
        response: { 200: faqList, ...errorResponses },
      },
    },
    async (req) => {
      await deleteFaq(db, await req.requireActor(), req.params.id);
      return { items: await listFaqs(db) };
    },
  );
}
