import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { buildApp } from './app.ts';
import { z } from 'zod';
import { drawDemoImage } from './storage/demo-images.ts';
import { storeImage } from './storage/images.ts';
import { compressAssets } from './compress-assets.ts';
import { helmetHeaders } from './plugins/security.ts';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // a fake built web app to check the SPA fallback
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mm-web-'));
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  // Long enough to be worth compressing, as a real page is.
  const filler = `<!-- ${'a page of markup '.repeat(100)} -->`;
  writeFileSync(path.join(webDir, 'index.html'), `<!doctype html>${filler}<div id="root"></div>`);
  writeFileSync(path.join(webDir, 'assets', 'app-abc.js'), 'console.log(1);'.repeat(200));
  compressAssets(webDir);
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('API surface', () => {
  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('answers unknown /api paths with a JSON 404 in the one error format', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/nope' } });
  });

  it('serves index.html for other unknown paths (the web app routes them)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/browse?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the build’s Brotli or gzip copy by Accept-Encoding, and the plain file otherwise', async () => {
    const url = '/assets/app-abc.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);'.repeat(200));
  });

  it('sends pages compressed by Accept-Encoding with one validator for every encoding', async () => {
    const url = '/about';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const packed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['content-type']).toMatch(/text\/html/);
      expect(decode(packed.rawPayload).toString('utf8')).toBe(plain.body);
      expect(packed.headers.etag).toBe(plain.headers.etag);
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept, 'if-none-match': String(plain.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'accept-encoding': 'br' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-encoding']).toBe('br');
  });

  it('sends security headers: CSP without inline scripts, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends helmet’s other headers on every answer, errors and pages too, worked out once', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'");
      // Off by choice: images and fonts from elsewhere are not made to opt in.
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
    // The same headers helmet's own middleware writes on a real response, for the same options.
    const options = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
    };
    const server = http.createServer((req, res) => helmet(options)(req, res, () => res.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const real = await fetch(`http://127.0.0.1:${port}/`);
      const expected = helmetHeaders(options);
      for (const [name, value] of Object.entries(expected)) expect(real.headers.get(name), name).toBe(value);
      const written = [...real.headers.keys()].filter(
        (h) => !['connection', 'content-length', 'date', 'keep-alive'].includes(h),
      );
      expect(written.sort()).toEqual(Object.keys(expected).sort());
    } finally {
      server.close();
    }
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/me', '/api/auth/sign-in']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('keeps /api/docs private in production unless API_DOCS_PUBLIC=true', async () => {
    const production = { ...t.config, nodeEnv: 'production' as const };
    const hidden = await buildApp({ config: { ...production, apiDocsPublic: false }, database: t.database });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await hidden.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No route for GET ${url}` } });
    }
    await hidden.app.close();
    const published = await buildApp({
      config: { ...production, apiDocsPublic: true },
      database: t.database,
    });
    const res = await published.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/health');
    await published.app.close();
  });

  it('refuses to start when an /api route does not declare who may call it', async () => {
    const built = await buildApp({ config: t.config, database: t.database });
    expect(() =>
      built.app.get('/api/undeclared', { schema: { response: { 200: z.object({}) } } }, async () => ({})),
    ).toThrow(/does not declare config.access/);
    await built.app.close();
  });

  it('serves stored images with a long immutable cache and refuses path tricks', async () => {
    const png = await drawDemoImage({ width: 500, height: 300, seed: 1, label: 'x' });
    const { url } = await storeImage(t.storage, 'listing-images', png, { public: true });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(String(res.headers['cache-control'])).toMatch(
      /max-age=31536000.*immutable|immutable.*max-age=31536000/,
    );
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/listing-images/nope-800.webp' });
    expect(missing.statusCode).toBe(404);
    const sneaky = await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fauth-secret' });
    expect(sneaky.statusCode).toBe(404);
  });

  it('never answers 500 to a body that is too large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });
});
