/**
 * GET /metrics (decision 0049): only with METRICS_TOKEN as a bearer token, or from loopback through no proxy
 * when no token is set; request counts and latency by route pattern and status, the catalogue cache's hits
 * and misses, the outbox's depth and, on PostgreSQL, the pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { MAIL_TEMPLATES } from '../mail/render.tsx';
import { enqueueMail } from '../mail/outbox.ts';
import { createAdmin, createProvider, seedReferenceData } from '../test/fixtures.ts';
import { createTestApp, signUp, testConfig, type TestApp } from '../test/helpers.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

let t: TestApp;
let open: App;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  await seedReferenceData(t.database.db);
  // The same database served by an instance without a token: loopback only.
  open = await buildApp({ config: testConfig(), database: t.database });
  await open.app.ready();
});
afterAll(async () => {
  await open.app.close();
  await t.close();
});

/** The value of one sample line of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

const metrics = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('who may read /metrics with METRICS_TOKEN set', () => {
  it('refuses a request without the token with 401 and a Bearer challenge, whoever is signed in', async () => {
    const user = await signUp(t);
    const provider = await createProvider(t);
    const admin = await createAdmin(t);
    for (const cookie of [undefined, user.cookie, provider.cookie, admin.cookie]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Send the metrics token as a bearer token.' },
      });
    }
    const basic = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('refuses another token with 403, from loopback too', async () => {
    for (const token of ['wrong-token-0123456789abcdef', TOKEN.slice(0, -1), `${TOKEN}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('The metrics token is not valid.');
    }
  });

  it('answers the token from anywhere, in the Prometheus text format', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: auth(TOKEN),
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('# TYPE process_cpu_seconds_total counter');
  });
});

describe('who may read /metrics without a token', () => {
  it('answers loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const res = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses any other address, and loopback relaying a proxied request, with 403', async () => {
    const far = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(far.statusCode).toBe(403);
    expect(far.json().error.message).toBe('Metrics are only served to this machine.');
    const relayed = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(relayed.statusCode).toBe(403);
  });
});

describe('what /metrics reports', () => {
  it('counts requests by route pattern and status, with their latency', async () => {
    const before = await metrics();
    const at = (text: string, status: string) =>
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/listings/:id',
        status_code: status,
      }) ?? 0;
    await t.app.inject({ method: 'GET', url: '/api/listings/00000000-0000-4000-8000-000000000000' });
    await t.app.inject({ method: 'GET', url: '/api/listings/00000000-0000-4000-8000-000000000001' });
    await t.app.inject({ method: 'GET', url: '/no-such-page' });
    const after = await metrics();
    expect(at(after, '404') - at(before, '404')).toBe(2);
    expect(
      sample(after, 'http_request_duration_seconds_count', {
        route: '/api/listings/:id',
        status_code: '404',
      }),
    ).toBe(at(after, '404'));
    expect(
      sample(after, 'http_request_duration_seconds_bucket', { route: '/api/listings/:id', le: '+Inf' }),
    ).toBe(at(after, '404'));
    // Pages (and unknown paths) are answered by the web app's handler: one label, not one per path.
    expect(
      sample(after, 'http_requests_total', { method: 'GET', route: '(pages)', status_code: '404' }),
    ).toBe(1);
    expect(after).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(after).not.toContain('no-such-page');
  });

  it('counts catalogue cache hits and misses', async () => {
    const before = await metrics();
    const count = (text: string, result: string) =>
      sample(text, 'mm_catalogue_cache_lookups_total', { result }) ?? 0;
    await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const after = await metrics();
    expect(count(after, 'miss') - count(before, 'miss')).toBe(1);
    expect(count(after, 'hit') - count(before, 'hit')).toBe(1);
  });

  it('reports the outbox depth by status', async () => {
    const before = sample(await metrics(), 'mm_outbox_messages', { status: 'pending' });
    await enqueueMail(t.database.db, {
      kind: 'password_reset',
      to: 'someone@example.com',
      userId: null,
      payload: MAIL_TEMPLATES.password_reset.sample,
    });
    const after = await metrics();
    expect(sample(after, 'mm_outbox_messages', { status: 'pending' })).toBe((before ?? 0) + 1);
    expect(sample(after, 'mm_outbox_messages', { status: 'failed' })).toBe(0);
  });

  it('reports the PostgreSQL pool (PGlite has none)', async () => {
    const text = await metrics();
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'mm_db_pool_connections', { state: 'max' })).toBe(5);
      expect(sample(text, 'mm_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
      expect(sample(text, 'mm_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toContain('mm_db_pool_connections');
    }
  });
});
