/**
 * /api/admin/guide: the admin's side of the Matric Guide. Articles, premium categories, access requests
 * and matric users. Admins only; every change writes an audit row in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestViewSchema,
  accessStatusSchema,
  adminAccessRequestSchema,
  adminArticleSchema,
  adminCategorySchema,
  articleFormSchema,
  categoryFormSchema,
  categoryOrderSchema,
  matricUsersSchema,
  previewSchema,
  rejectSchema,
} from '../../../domain/guide.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  createArticle,
  createCategory,
  deleteArticle,
  deleteCategory,
  listArticles,
  listCategories,
  listMatricUsers,
  listRequests,
  renameCategory,
  reorderCategories,
  reviewRequest,
  revokeAccess,
  updateArticle,
} from './admin-service.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

const idParams = z.object({ id: z.uuid('Invalid id') });
const tags = ['guide-admin'];

export async function guideAdminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  // ---- articles
  r.get(
    '/api/admin/guide/articles',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every article, drafts included, by category and display order. Admins.',
        response: { 200: z.object({ items: z.array(adminArticleSchema) }), ...errorResponses },
      },
    },
    async () => listArticles(db),
  );

  r.post(
    '/api/admin/guide/articles',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Create an article (HTML sanitised; slug from the title when empty; 409 when taken). Admins.',
        body: articleFormSchema,
        response: { 201: adminArticleSchema, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await createArticle(db, await req.requireActor(), req.body)),
  );

  r.put(
    '/api/admin/guide/articles/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replace an article’s fields (HTML sanitised; 409 when the slug is taken). Admins.',
        params: idParams,
        body: articleFormSchema,
        response: { 200: adminArticleSchema, ...errorResponses },
      },
    },
    async (req) => updateArticle(db, storage, await req.requireActor(), req.params.id, req.body),
  );

  r.delete(
    '/api/admin/guide/articles/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an article and its featured image. Admins.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await deleteArticle(db, storage, await req.requireActor(), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/admin/guide/preview',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The sanitised HTML readers would get for this content (the editor’s live preview). Admins.',
        body: previewSchema,
        response: { 200: z.object({ html: z.string() }), ...errorResponses },
      },
    },
    async (req) => ({ html: sanitizeArticleHtml(req.body.content) }),
  );

  // ---- categories
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

  // ---- access requests
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

  // ---- matric users
  r.get(
    '/api/admin/guide/users',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Users with approved access, their last access and access count, and the totals. Admins.',
        response: { 200: matricUsersSchema, ...errorResponses },
      },
    },
    async () => listMatricUsers(db),
  );

  r.post(
    '/api/admin/guide/users/:userId/revoke',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Revoke a user’s access: their approved request becomes rejected. Admins.',
        params: z.object({ userId: z.string().min(1).max(100) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await revokeAccess(db, await req.requireActor(), req.params.userId);
      return reply.code(204).send(null);
    },
  );
}
