/** /api/admin/social-links: /admin/social-links (list, add, edit, move, delete). Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSocialLinkSchema,
  moveSchema,
  socialLinkInputSchema,
  updateSocialLinkSchema,
} from '../../../domain/content.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import {
  createSocialLink,
  deleteSocialLink,
  listSocialLinks,
  moveSocialLink,
  updateSocialLink,
} from './admin-social-links.ts';

const tags = ['content admin'];
const admin = { access: 'admin' as const };
const idParams = z.object({ id: z.uuid('Invalid id') });

export async function socialLinkAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const socialList = z.object({ items: z.array(adminSocialLinkSchema) });
  r.get(
    '/api/admin/social-links',
    {
      config: admin,
      schema: {
        tags,
        summary: 'All social links in display order. Admins.',
        response: { 200: socialList, ...errorResponses },
      },
    },
    async () => ({ items: await listSocialLinks(db) }),
  );

  r.post(
    '/api/admin/social-links',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a social link at the end of the order. Admins.',
        body: socialLinkInputSchema,
        response: { 201: adminSocialLinkSchema, ...errorResponses },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createSocialLink(db, await req.requireActor(), req.body)),
  );

  r.patch(
    '/api/admin/social-links/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a social link or toggle it active. Admins.',
        params: idParams,
        body: updateSocialLinkSchema,
        response: { 200: adminSocialLinkSchema, ...errorResponses },
      },
    },
    async (req) => updateSocialLink(db, await req.requireActor(), req.params.id, req.body),
  );

  r.post(
    '/api/admin/social-links/:id/move',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Move a social link up or down; display order rewritten 1..n in one transaction. Admins.',
        params: idParams,
        body: moveSchema,
        response: { 200: socialList, ...errorResponses },
      },
    },
    async (req) => {
      await moveSocialLink(db, await req.requireActor(), req.params.id, req.body.direction);
      return { items: await listSocialLinks(db) };
    },
  );

  r.delete(
    '/api/admin/social-links/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a social link; the rest are renumbered. Admins.',
        params: idParams,
        response: { 200: socialList, ...errorResponses },
      },
    },
    async (req) => {
      await deleteSocialLink(db, await req.requireActor(), req.params.id);
      return { items: await listSocialLinks(db) };
    },
  );
}
