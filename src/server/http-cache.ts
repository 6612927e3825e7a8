/**
 * HTTP caching for public API answers. Every API answer is `private, no-store` by default (app.ts); a route
 * whose answer is the same for every anonymous visitor opts in with `cacheForAnonymous`, and every public
 * answer carries a validator (ETag) so that a repeat request costs a 304 without the body.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';

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
    if (!reply.hasHeader('etag')) reply.header('etag', etagOf(payload));
    const etag = String(reply.getHeader('etag'));
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      reply.code(304).removeHeader('content-encoding');
      return '';
    }
    // The body of a shared value (many visitors, one catalogue entry): its compressed copy is made once and
    // sent as it is (@fastify/compress leaves an answer that already has a Content-Encoding alone).
    const shared = typeof payload === 'string' ? sharedBodies.get(payload) : undefined;
    if (shared && !reply.hasHeader('content-encoding')) return packedPayload(req, reply, shared);
    return payload;
  });
}

/** The weak validator of a body. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

// ---- shared answers: serialised and hashed once, however many requests send them
//
// A value from the catalogue cache (cachedCatalogue) is the same object for every visitor for a few
// seconds. Serialising it (zod checks 24 cards, then JSON) and hashing the body for its ETag were a third of
// the CPU of a cached browse page; both are done once per value and response schema instead. Shared values
// are never changed after they are made (every request reads the same object already).

const sharedValues = new WeakSet<object>();
/**
 * Bodies made from shared values, each prepared once: its ETag, and its compressed copies when first asked
 * for (bounded: cleared when full, like the catalogue cache).
 */
const sharedBodies = new Map<string, PreparedBody>();
const SHARED_BODIES_MAX = 500;

/** Marks `value` as shared by many answers and never changed: its serialisation and ETag are kept. */
export function markShared<T>(value: T): T {
  if (typeof value === 'object' && value !== null) sharedValues.add(value);
  return value;
}

/**
 * Wraps the app's serializer compiler: a shared value (markShared) is serialised once per response schema,
 * and its body prepared then (ETag; compressed copies on demand, sent by the onSend hook of registerEtags).
 * Everything else goes through `compiler` as before.
 */
export function sharedAnswerSerializer<S>(
  compiler: FastifySerializerCompiler<S>,
): FastifySerializerCompiler<S> {
  return (routeSchema) => {
    const serialize = compiler(routeSchema);
    const bodies = new WeakMap<object, string>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null || !sharedValues.has(data)) return serialize(data);
      let body = bodies.get(data);
      if (body === undefined) {
        body = serialize(data);
        bodies.set(data, body);
        if (sharedBodies.size >= SHARED_BODIES_MAX) sharedBodies.clear();
        sharedBodies.set(body, prepareBody(body));
      }
      return body;
    };
  };
}

/** The weak ETag of a body: kept for the bodies of shared values, computed for the rest. */
export function etagOf(body: string | Buffer): string {
  return (typeof body === 'string' ? sharedBodies.get(body)?.etag : undefined) ?? weakEtag(body);
}

/** Brotli quality for answers compressed as they are sent: about gzip's cost, a smaller result. */
export const BROTLI_QUALITY = 4;
/** Bodies smaller than this go as they are (compression would not pay for its headers). */
export const COMPRESS_THRESHOLD = 1024;

/** `br` or `gzip`, whichever the client accepts (Brotli first); null for neither. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * A body sent to many visitors, prepared once: its ETag (of the plain body, so both encodings validate
 * alike) and its Brotli and gzip copies, each made the first time a visitor accepts it and kept with the
 * body (a cached page or a cached API answer), so that a spike of visitors costs no compression at all.
 */
export interface PreparedBody {
  readonly body: string;
  readonly etag: string;
  readonly packed: { br?: Buffer; gzip?: Buffer };
}

export function prepareBody(body: string): PreparedBody {
  return { body, etag: weakEtag(body), packed: {} };
}

/** How many compressed copies this process has made (tests check that a prepared body is packed once). */
let packings = 0;
export function compressionCount(): number {
  return packings;
}

/** The body in the encoding the client accepts (the copy made once per prepared body), with its headers. */
function packedPayload(req: FastifyRequest, reply: FastifyReply, prepared: PreparedBody): string | Buffer {
  reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
  const encoding =
    prepared.body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return prepared.body;
  let packed = prepared.packed[encoding];
  if (!packed) {
    packed =
      encoding === 'br'
        ? brotliCompressSync(prepared.body, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
          })
        : gzipSync(prepared.body);
    prepared.packed[encoding] = packed;
    packings += 1;
  }
  reply.header('content-encoding', encoding);
  return packed;
}

function varyWithEncoding(vary: unknown): string {
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}

/**
 * Sends a prepared body (a page) compressed as the client accepts, with its ETag (the onSend hook answers
 * 304 when it matches). For answers that do not pass through a route, where @fastify/compress does not
 * reach (the web pages, answered by the not-found handler).
 */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, prepared: PreparedBody): FastifyReply {
  reply.header('etag', prepared.etag);
  return reply.send(packedPayload(req, reply, prepared));
}

/** Sends a text body once (see sendPrepared): compressed as the client accepts, with its ETag. */
export function sendCompressible(req: FastifyRequest, reply: FastifyReply, body: string): FastifyReply {
  return sendPrepared(req, reply, prepareBody(body));
}
