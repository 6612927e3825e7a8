/**
 * Resolves the signed-in actor for a request (once, lazily) and enforces each route's declared access level.
 * Every /api route must declare `config.access`; the app refuses to start otherwise. The check runs in
 * `onRequest`, before the body is read or anything is validated: a caller who may not use a route learns
 * 401 or 403 and nothing about what the route would accept (only the cross-site check comes first).
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
    /** The 403 message for a signed-in caller whose role the route does not allow (default: the generic one). */
    forbiddenMessage?: string;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access level, in registration order (the access tests walk it). */
    apiRoutes: readonly ApiRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user with their effective role, or null. Cached per request. */
    actor(): Promise<Actor | null>;
    /** The signed-in user or a 401. */
    requireActor(): Promise<Actor>;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
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

    const apiRoutes: ApiRoute[] = [];
    app.decorate('apiRoutes', apiRoutes);
    app.addHook('onRoute', (route) => {
      const url = route.url ?? '';
      if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${String(route.method)} ${url} does not declare config.access`);
      for (const method of [route.method].flat()) apiRoutes.push({ method, url, access });
    });

    // onRequest: the route is known and the cookies are there, the body is not read yet.
    app.addHook('onRequest', async (req) => {
      const config = req.routeOptions.config;
      const access = config?.access;
      if (!access || access === 'public') return;
      const actor = await req.actor();
      if (!actor) throw unauthorized();
      if (!allows(access, actor)) throw forbidden(config.forbiddenMessage);
    });
  },
  { name: 'session' },
);

export { AppError };
