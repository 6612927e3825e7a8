/** /api/admin/users: the users list, package change and extension, role change and deletion. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../../domain/constants.ts';
import {
  changePackageBodySchema,
  changeRoleBodySchema,
  extendBodySchema,
  usersPageSchema,
  usersQuerySchema,
} from '../../../domain/admin.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { changePackage, changeRole, deleteUser, extendPackage, listUsers } from './users.ts';

const params = z.object({ id: z.string().min(1).max(100) });

export async function userAdminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Users with roles and provider package: search (name, email), filter (all, providers, users, expired), sort and page. Admins.',
        querystring: usersQuerySchema,
        response: { 200: usersPageSchema, ...errorResponses },
      },
    },
    async (req) => listUsers(db, req.query),
  );

  r.put(
    '/api/admin/users/:id/package',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Assign a package: active, expiry one month ahead; a non-provider gets a provider record and the role. Admins.',
        params,
        body: changePackageBodySchema,
        response: { 200: z.object({ created: z.boolean() }), ...errorResponses },
      },
    },
    async (req) => changePackage(db, await req.requireActor(), req.params.id, req.body.packageType),
  );

  r.post(
    '/api/admin/users/:id/package/extend',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Extend a provider package by 1 or 3 months from its expiry (or from now). Admins.',
        params,
        body: extendBodySchema,
        response: { 200: z.object({ packageExpiresAt: z.string() }), ...errorResponses },
      },
    },
    async (req) => extendPackage(db, await req.requireActor(), req.params.id, req.body.months),
  );

  r.put(
    '/api/admin/users/:id/role',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Make a role the user’s only role; a new provider gets a record with the chosen package for 30 days. Not your own admin role, not the last admin (409). Admins.',
        params,
        body: changeRoleBodySchema,
        response: {
          200: z.object({ role: z.enum(ROLES), providerCreated: z.boolean() }),
          ...errorResponses,
        },
      },
    },
    async (req) => changeRole(db, await req.requireActor(), req.params.id, req.body),
  );

  r.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Delete a user and what is theirs (reviews with ratings recomputed, provider with listings and image files); enquiries they sent stay. Not yourself, not the last admin (409). Admins.',
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await deleteUser(db, storage, await req.requireActor(), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
