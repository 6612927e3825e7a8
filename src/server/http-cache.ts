/**
 * HTTP caching for public API answers. Every API answer is `private, no-store` by default (app.ts); a route
 * whose answer is the same for every anonymous visitor opts in with `cacheForAnonymous`, and every public
 * answer carries a validator (ETag) so that a repeat request costs a 304 without the body.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Whether the request carries a session cookie (signed-in answers stay private). */
export function hasSession(req: FastifyRequest): boolean {
  return /(?:^|;\s*)(?:__Secure-)?mm\.session_token=/.test(req.headers.cookie ?? '');
}

/**
 * Public caching for anonymous visitors: fresh for `maxAge` seconds, then served stale for up to
 * `staleWhileRevalidate` seconds while the browser or a proxy fetches a new copy. Signed-in visitors keep
 * the private default. `Vary: Cookie` keeps shared caches from mixing the two.
 */
export function cacheForAnonymous(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { maxAge: number; staleWhileRevalidate?: number },
): void {
  reply.header('vary', 'Cookie');
  if (hasSession(req)) return;
  const swr = opts.staleWhileRevalidate ? `, stale-while-revalidate=${opts.staleWhileRevalidate}` : '';
  reply.header('cache-control', `public, max-age=${opts.maxAge}${swr}`);
}

/** Adds a weak ETag to public GET answers and answers 304 when the client already holds that version. */
export function registerEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200) return payload;
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (!cacheControl.startsWith('public') && !cacheControl.startsWith('no-cache')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!reply.hasHeader('etag')) {
      const tag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', tag);
    }
    const etag = String(reply.getHeader('etag'));
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
