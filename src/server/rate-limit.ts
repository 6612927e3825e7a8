/**
 * A per-key request limit as a route preHandler: every request counts, and once more than `max` arrive in
 * the window the caller gets 429 with Retry-After and the route's own message. Held in memory (per process).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface RequestLimit {
  max: number;
  windowMs: number;
  /** The counter a request belongs to, e.g. `enquiry-ip:${req.ip}`. */
  key: (req: FastifyRequest) => string | Promise<string>;
  message: string;
}

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
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError(429, 'RATE_LIMITED', limit.message);
    }
  };
}
