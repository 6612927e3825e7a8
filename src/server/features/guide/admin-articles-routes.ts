/** /api/admin/guide/articles and the editor's preview: the articles of the Matric Guide. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminArticleSchema, articleFormSchema, previewSchema } from '../../../domain/guide.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { createArticle, deleteArticle, listArticles, updateArticle } from './admin-articles.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

const tags = ['guide-admin'];
const admin = { access: 'admin' } as const;
const idParams = z.object({ id: z.uuid('Invalid id') });

export async function articleAdminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
