/** /api/admin/guide/users: the Matric Guide's readers and revoking their access. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matricUsersSchema } from '../../../domain/guide.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../errors.ts';
import { listMatricUsers, revokeAccess } from './admin-matric-users.ts';

const tags = ['guide-admin'];
const admin = { access: 'admin' } as const;

export async function matricUserAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
