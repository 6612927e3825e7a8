/** /api/admin/hero-banners: the banners of /admin/cms (list, add, edit, move, delete). Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBannerSchema,
  createBannerSchema,
  moveSchema,
  updateBannerSchema,
} from '../../../domain/content.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { createBanner, deleteBanner, listBanners, moveBanner, updateBanner } from './admin-hero-banners.ts';

const tags = ['content admin'];
const admin = { access: 'admin' as const };
const idParams = z.object({ id: z.uuid('Invalid id') });

export async function heroBannerAdminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const bannerList = z.object({ items: z.array(adminBannerSchema) });
  r.get(
    '/api/admin/hero-banners',
    {
      config: admin,
      schema: {
        tags,
        summary: 'All hero banners in display order. Admins.',
        response: { 200: bannerList, ...errorResponses },
      },
    },
    async () => ({ items: await listBanners(db) }),
  );

  r.post(
    '/api/admin/hero-banners',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a banner from an image uploaded to the hero-banners bucket: last, active. Admins.',
        body: createBannerSchema,
        response: { 201: adminBannerSchema, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await createBanner(db, await req.requireActor(), req.body)),
  );

  r.patch(
    '/api/admin/hero-banners/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Toggle a banner active or change its description. Admins.',
        params: idParams,
        body: updateBannerSchema,
        response: { 200: adminBannerSchema, ...errorResponses },
      },
    },
    async (req) => updateBanner(db, await req.requireActor(), req.params.id, req.body),
  );

  r.post(
    '/api/admin/hero-banners/:id/move',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Move a banner up or down; renumbers from 1 (409 at the ends). Admins.',
        params: idParams,
        body: moveSchema,
        response: { 200: bannerList, ...errorResponses },
      },
    },
    async (req) => {
      await moveBanner(db, await req.requireActor(), req.params.id, req.body.direction);
      return { items: await listBanners(db) };
    },
  );

  r.delete(
    '/api/admin/hero-banners/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a banner and its image files; the rest are renumbered. Admins.',
        params: idParams,
        response: { 200: bannerList, ...errorResponses },
      },
    },
    async (req) => {
      await deleteBanner(db, storage, await req.requireActor(), req.params.id);
      return { items: await listBanners(db) };
    },
  );
}
