/**
 * Resolves the signed-in actor for a request (once, lazily) and enforces each route's declared access level.
 * Every /api route must declare `config.access`; the app refuses to start otherwise.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import type { Db } from '../db/client.ts';
import type { Auth } from './auth.ts';
import { allows, type Access, type Actor } from './policy.ts';
import { rolesOf } from './roles.ts';
import { effectiveRole } from './policy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user with their effective role, or null. Cached per request. */
    actor(): Promise<Actor | null>;
    /** The signed-in user or a 401. */
    requireActor(): Promise<Actor>;
  }
}

/** Converts Node's incoming headers into the Fetch Headers better-auth reads (only what it needs). */
export function authHeaders(req: FastifyRequest): Headers {
  const h = new Headers();
  for (const name of ['cookie', 'user-agent']) {
    const v = req.headers[name];
    if (typeof v === 'string') h.set(name, v);
  }
  // The client's own X-Forwarded-For is never passed on: req.ip already applied TRUST_PROXY.
  h.set('x-forwarded-for', req.ip);
  return h;
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { auth: Auth; db: Db }) => {
    const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();

    async function resolve(req: FastifyRequest): Promise<Actor | null> {
      if (!req.headers.cookie) return null;
      const result = await opts.auth.api.getSession({ headers: authHeaders(req) });
      if (!result) return null;
      let roles: Awaited<ReturnType<typeof rolesOf>> = [];
      try {
        roles = await rolesOf(opts.db, result.user.id);
      } catch (err) {
        // Spec: a role lookup error is logged and the role becomes user.
        req.log.error({ err }, 'role lookup failed');
      }
      return { userId: result.user.id, email: result.user.email, roles, role: effectiveRole(roles) };
    }

    app.decorateRequest('actor', function (this: FastifyRequest) {
      let p = cache.get(this);
      if (!p) {
        p = resolve(this);
        cache.set(this, p);
      }
      return p;
    });
    app.decorateRequest('requireActor', async function (this: FastifyRequest) {
      const actor = await this.actor();
      if (!actor) throw unauthorized();
      return actor;
    });

    app.addHook('onRoute', (route) => {
      const url = route.url ?? '';
      if (url.startsWith('/api/') && !url.startsWith('/api/docs') && !route.config?.access) {
        throw new Error(`Route ${route.method} ${url} does not declare config.access`);
      }
    });

    app.addHook('preHandler', async (req) => {
      const access = req.routeOptions.config?.access;
      if (!access || access === 'public') return;
      const actor = await req.actor();
      if (!actor) throw unauthorized();
      if (!allows(access, actor)) throw forbidden();
    });
  },
  { name: 'session' },
);

export { AppError };
