/** /api/admin/packages: every package for the package settings screen; create, edit, delete. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPackageSchema, packageCreateSchema, packageUpdateSchema } from '../../../domain/admin.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { createPackage, deletePackage, listAdminPackages, updatePackage } from './packages.ts';

const params = z.object({ id: z.uuid('Invalid package id') });

export async function packageAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/packages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every package (active or not) in display order, with how many providers use each. Admins.',
        response: { 200: z.array(adminPackageSchema), ...errorResponses },
      },
    },
    async () => listAdminPackages(db),
  );

  r.post(
    '/api/admin/packages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create a package (type lower-cased with underscores, unique). Admins.',
        body: packageCreateSchema,
        response: { 201: adminPackageSchema, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await createPackage(db, await req.requireActor(), req.body)),
  );

  r.put(
    '/api/admin/packages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Edit a package; its type cannot change. Admins.',
        params,
        body: packageUpdateSchema,
        response: { 200: adminPackageSchema, ...errorResponses },
      },
    },
    async (req) => updatePackage(db, await req.requireActor(), req.params.id, req.body),
  );

  r.delete(
    '/api/admin/packages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a package; refused (409) while a provider uses its type. Admins.',
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await deletePackage(db, await req.requireActor(), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
