/**
 * A per-key request limit as a route preHandler: every request counts, and once more than `max` arrive in
 * the window the caller gets 429 with Retry-After and the route's own message. Held in memory (per process),
 * or in Redis when REDIS_URL is set (app.ts). When Redis cannot be reached a limit fails open (the request
 * goes ahead) unless it is `failClosed` (sign-up): then 503 with `unavailableMessage`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface RequestLimit {
  max: number;
  windowMs: number;
  /** The counter a request belongs to, e.g. `enquiry-ip:${req.ip}`. */
  key: (req: FastifyRequest) => string | Promise<string>;
  message: string;
  /** Refuse (503) rather than allow when the shared store cannot be reached. */
  failClosed?: boolean;
}

export const LIMITS_UNAVAILABLE_MESSAGE =
  'Signing in and creating accounts are briefly unavailable. Please try again in a minute.';

export function requestLimit(app: FastifyInstance, limit: RequestLimit) {
  // The rate-limit plugin's generator must be synchronous: resolve the key first, then count it.
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (req) => keys.get(req) ?? `unkeyed:${req.ip}`,
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    keys.set(req, await limit.key(req));
    let result;
    try {
      result = await check(req);
    } catch (err) {
      // The store (Redis) failed; redis.ts logs the outage once.
      if (limit.failClosed) throw new AppError(503, 'UNAVAILABLE', LIMITS_UNAVAILABLE_MESSAGE);
      req.log.debug({ err }, 'request limit skipped: store unavailable');
      return;
    }
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError(429, 'RATE_LIMITED', limit.message);
    }
  };
}

/**
 * The part of a limit's key that names an email address: one counter for the address however it is
 * written (case, spaces, a +tag: `Ana+1@x.co` is `ana@x.co`), and a hash of it, so the shared store
 * (Redis) holds no addresses.
 */
export function emailLimitKey(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const mailbox = `${local.replace(/\+.*$/, '')}@${domain}`;
  return createHash('sha256').update(mailbox).digest('base64url').slice(0, 22);
}
