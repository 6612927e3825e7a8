/**
 * The reverse proxy of bench/cluster.ts, in its own process (so the load generator never shares its event
 * loop): round robin over the instances that answer `/api/ready`, as Caddy's `lb_policy round_robin` with
 * `health_uri /api/ready` and `lb_try_duration` does in deploy/Caddyfile (decision 0054).
 *
 *   node --import tsx bench/cluster-proxy.ts --port P --upstream a=PORT_A --upstream b=PORT_B
 *
 * - Each request's body is read first, so it can be sent again. A request goes to the next instance that
 *   is up; if its connection is refused (nothing reached the instance) it is tried on the next one,
 *   whatever its method. Any other failure before the answer (the connection reset mid-request: the
 *   instance died while working on it) is tried again only for GET and HEAD; a POST may have been
 *   committed, so it is answered 502 rather than repeated. A failure marks the instance down at once; a
 *   health check every 250 ms brings it back when `/api/ready` answers 200 again.
 * - `X-Forwarded-For` gets the client's address appended (the instances run with TRUST_PROXY set), and
 *   every answer says which instance gave it in `X-Upstream`.
 * - `X-Bench-Upstream: <name>` pins a request to one instance (no retry elsewhere), for the proofs that
 *   need "through the other instance".
 * - `/__proxy/stats` (GET) gives the counters, `/__proxy/reset` (POST) zeroes them, `/__proxy/use?names=a,b`
 *   (POST) chooses which instances take unpinned requests (the one-instance throughput run).
 */
import http from 'node:http';

interface Upstream {
  name: string;
  port: number;
  up: boolean;
  agent: http.Agent;
}

interface Stats {
  requests: number;
  byUpstream: Record<string, number>;
  /** Requests sent again to another instance after a failure. */
  retried: number;
  /** Answered 502: no instance could be reached, or a POST's instance failed mid-request. */
  badGateway: number;
  /** Answers cut off after their head (the instance died while sending). */
  aborted: number;
  /** Times an instance was marked down (by a failure or a failed health check). */
  markedDown: number;
}

const args = process.argv.slice(2);
const valueOf = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(valueOf('--port'));
const upstreams: Upstream[] = args
  .flatMap((a, i) => (a === '--upstream' ? [args[i + 1] ?? ''] : []))
  .map((spec) => {
    const [name, p] = spec.split('=');
    return {
      name: name!,
      port: Number(p),
      up: true,
      agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    };
  });
if (!port || upstreams.length === 0 || upstreams.some((u) => !u.name || !u.port)) {
  console.error('usage: cluster-proxy.ts --port P --upstream name=port [--upstream name=port …]');
  process.exit(2);
}

let active = new Set(upstreams.map((u) => u.name));
let next = 0;
const fresh = (): Stats => ({
  requests: 0,
  byUpstream: Object.fromEntries(upstreams.map((u) => [u.name, 0])),
  retried: 0,
  badGateway: 0,
  aborted: 0,
  markedDown: 0,
});
let stats = fresh();

function markDown(u: Upstream) {
  if (u.up) stats.markedDown += 1;
  u.up = false;
}

/** The instances to try, in order: the next ones in the rotation that are up, then those marked down. */
function candidates(pinned: string | undefined): Upstream[] {
  if (pinned) return upstreams.filter((u) => u.name === pinned);
  const pool = upstreams.filter((u) => active.has(u.name));
  const start = next++ % pool.length;
  const rotated = [...pool.slice(start), ...pool.slice(0, start)];
  return [...rotated.filter((u) => u.up), ...rotated.filter((u) => !u.up)];
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'x-bench-upstream',
]);

function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
  tries: Upstream[],
  first: boolean,
) {
  const u = tries.shift();
  if (!u) {
    stats.badGateway += 1;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('No instance answered');
    return;
  }
  if (!first) stats.retried += 1;
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k)) headers[k] = v;
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for']
    ? `${String(req.headers['x-forwarded-for'])}, ${client}`
    : client;
  headers['x-forwarded-proto'] = 'http';
  headers['content-length'] = String(body.length);
  let answered = false;
  const upstreamReq = http.request(
    { host: '127.0.0.1', port: u.port, method: req.method, path: req.url, headers, agent: u.agent },
    (upstreamRes) => {
      answered = true;
      stats.byUpstream[u.name] = (stats.byUpstream[u.name] ?? 0) + 1;
      const out: http.OutgoingHttpHeaders = { ...upstreamRes.headers, 'x-upstream': u.name };
      delete out.connection;
      delete out['keep-alive'];
      delete out['transfer-encoding'];
      res.writeHead(upstreamRes.statusCode ?? 502, out);
      upstreamRes.pipe(res);
      upstreamRes.on('aborted', () => {
        stats.aborted += 1;
        res.destroy();
      });
    },
  );
  upstreamReq.setTimeout(30_000, () => upstreamReq.destroy(new Error('upstream timeout')));
  upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
    if (answered) {
      res.destroy();
      return;
    }
    markDown(u);
    const neverReached = err.code === 'ECONNREFUSED';
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    if (neverReached || idempotent) {
      forward(req, res, body, tries, false);
    } else {
      stats.badGateway += 1;
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('The instance failed while handling the request');
    }
  });
  upstreamReq.end(body);
}

function control(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = new URL(req.url ?? '/', 'http://proxy');
  if (!url.pathname.startsWith('/__proxy/')) return false;
  const json = (value: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (url.pathname === '/__proxy/stats') {
    json({ ...stats, up: Object.fromEntries(upstreams.map((u) => [u.name, u.up])), active: [...active] });
  } else if (url.pathname === '/__proxy/reset' && req.method === 'POST') {
    stats = fresh();
    json(stats);
  } else if (url.pathname === '/__proxy/use' && req.method === 'POST') {
    const names = (url.searchParams.get('names') ?? '').split(',').filter(Boolean);
    if (names.length === 0 || names.some((n) => !upstreams.some((u) => u.name === n))) {
      res.writeHead(400).end('unknown instance');
    } else {
      active = new Set(names);
      json({ active: names });
    }
  } else {
    res.writeHead(404).end();
  }
  return true;
}

const server = http.createServer((req, res) => {
  if (control(req, res)) return;
  stats.requests += 1;
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const pinned = req.headers['x-bench-upstream'];
    forward(
      req,
      res,
      Buffer.concat(chunks),
      candidates(typeof pinned === 'string' ? pinned : undefined),
      true,
    );
  });
});
server.keepAliveTimeout = 65_000;

async function check(u: Upstream) {
  const ok = await new Promise<boolean>((resolve) => {
    const r = http.get({ host: '127.0.0.1', port: u.port, path: '/api/ready', timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    r.on('timeout', () => r.destroy());
    r.on('error', () => resolve(false));
  });
  if (ok) u.up = true;
  else markDown(u);
}
setInterval(() => void Promise.all(upstreams.map(check)), 250).unref();

process.on('SIGTERM', () => server.close(() => process.exit(0)));
server.listen(port, '127.0.0.1', () => console.log(`cluster proxy ready on ${port}`));
