/**
 * /api/admin/guide: the admin's side of the Matric Guide, split by resource: articles (with the editor's
 * preview), premium categories, access requests and matric users, each a service and a routes file.
 * Admins only; every change writes an audit row in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { accessRequestAdminRoutes } from './admin-access-requests-routes.ts';
import { articleAdminRoutes } from './admin-articles-routes.ts';
import { categoryAdminRoutes } from './admin-categories-routes.ts';
import { matricUserAdminRoutes } from './admin-matric-users-routes.ts';

export async function guideAdminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db } = opts;
  await app.register(articleAdminRoutes, opts);
  await app.register(categoryAdminRoutes, { db });
  await app.register(accessRequestAdminRoutes, { db });
  await app.register(matricUserAdminRoutes, { db });
}
