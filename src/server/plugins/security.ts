/**
 * Security headers and the cross-site refusal for the whole app: helmet with a strict Content Security
 * Policy (no inline scripts, no framing), a 403 for every state-changing request from another site whatever
 * its path looks like, and `private, no-store` on every API answer whose route did not set its own
 * `cache-control` (decision 0007).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../errors.ts';

/**
 * The headers helmet sets for these options, worked out once. They depend on the options only (no nonces),
 * and @fastify/helmet built helmet's middleware again for every request, parsing the whole policy each
 * time: an eighth of the server's work on a cached page under a spike (decision 0060).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The cross-site check lets this route's unsafe methods through: its own credential (a signed token in
     * the address) is the proof, and mail providers send RFC 8058 one-click POSTs from anywhere.
     */
    allowCrossSite?: boolean;
  }
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    // ---- security headers: strict CSP (no inline scripts), no framing. Set first, so that a route may
    // replace one (the development mail viewer frames its own messages).
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: opts.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (_req, reply) => {
      reply.headers(headers);
    });

    // ---- cross-site request refusal for every state-changing request, whatever its path looks like
    // (percent-encoded paths reach the same routes, so the check must not depend on the path's spelling).
    const allowedOrigins = new Set([new URL(opts.publicUrl).origin]);
    app.addHook('onRequest', async (req) => {
      if (!UNSAFE_METHODS.has(req.method)) return;
      // Routes whose own credential is in the request (the one-click unsubscribe link's signed token).
      if (req.routeOptions.config?.allowCrossSite) return;
      const site = req.headers['sec-fetch-site'];
      const origin = req.headers.origin;
      let refused = site === 'cross-site';
      if (origin !== undefined && !allowedOrigins.has(origin)) {
        // Same host as the request (e.g. another port mapping of this server) is allowed; anything else not.
        let host: string | null = null;
        try {
          host = new URL(origin).host;
        } catch {
          host = null; // 'null' or garbage
        }
        if (!host || host !== req.headers.host) refused = true;
      }
      if (refused) throw new AppError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed');
    });

    // ---- API responses are private unless a route opts in to public caching (it sets its own header).
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'private, no-store');
      }
      return payload;
    });
  },
  { name: 'security' },
);
