/**
 * Behind a reverse proxy TRUST_PROXY must be set: otherwise every visitor has the proxy's address, and one
 * visitor's request limits block everyone (README, docs/deploy.md). The server cannot know it is behind one,
 * but a request carrying X-Forwarded-For while TRUST_PROXY is off is a strong hint: it logs one warning per
 * process, the first time it sees one (decision 0049).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustProxy } from '../env.ts';

export const PROXY_WARNING =
  "A request came with X-Forwarded-For but TRUST_PROXY is false: behind a reverse proxy every visitor then has the proxy's address and shares its request limits. Set TRUST_PROXY to the number of proxies in front of the server (e.g. 1) or their addresses (see docs/deploy.md).";

export const proxyWarningPlugin = fp(
  async (app: FastifyInstance, opts: { trustProxy: TrustProxy }) => {
    if (opts.trustProxy !== false) return;
    let warned = false;
    app.addHook('onRequest', async (req) => {
      if (warned || req.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      req.log.warn(PROXY_WARNING);
    });
  },
  { name: 'proxy-warning' },
);
