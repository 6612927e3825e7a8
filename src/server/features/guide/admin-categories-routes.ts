/** /api/admin/guide/categories: the Matric Guide's premium categories. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCategorySchema, categoryFormSchema, categoryOrderSchema } from '../../../domain/guide.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
  reorderCategories,
} from './admin-categories.ts';

const tags = ['guide-admin'];
const admin = { access: 'admin' } as const;
const idParams = z.object({ id: z.uuid('Invalid id') });

export async function categoryAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const categoryList = z.object({ items: z.array(adminCategorySchema) });
  r.get(
    '/api/admin/guide/categories',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Premium categories in display order with their article counts. Admins.',
        response: { 200: categoryList, ...errorResponses },
      },
    },
    async () => listCategories(db),
  );

  r.post(
    '/api/admin/guide/categories',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a premium category at the end (409 when the name exists). Admins.',
        body: categoryFormSchema,
        response: { 201: adminCategorySchema, ...errorResponses },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createCategory(db, await req.requireActor(), req.body.name)),
  );

  r.patch(
    '/api/admin/guide/categories/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Rename a premium category (409 when the name exists). Admins.',
        params: idParams,
        body: categoryFormSchema,
        response: { 200: adminCategorySchema, ...errorResponses },
      },
    },
    async (req) => renameCategory(db, await req.requireActor(), req.params.id, req.body.name),
  );

  r.put(
    '/api/admin/guide/categories/order',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Reorder the premium categories: every id once, in the new order (409 when the list changed). Admins.',
        body: categoryOrderSchema,
        response: { 200: categoryList, ...errorResponses },
      },
    },
    async (req) => reorderCategories(db, await req.requireActor(), req.body.ids),
  );

  r.delete(
    '/api/admin/guide/categories/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a premium category; refused (409) while articles use it. Admins.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await deleteCategory(db, await req.requireActor(), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
