/**
 * What outside testing found (issue 8, items 2, 3, 5, 6 and 9): the cross-site check whatever the path's
 * spelling, NUL and lone surrogates refused with a field message and never logged, database refusals as
 * 4xx, router errors in the one error format, private caching by default, and real 404s for unknown pages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TEXT_MESSAGE } from '../domain/text.ts';
import { buildApp } from './app.ts';
import { categories } from './db/schema.ts';
import { clientDatabaseError } from './errors.ts';
import { createListing, createProvider, seedReferenceData } from './test/fixtures.ts';
import {
  createTestDatabase,
  formGuardFields,
  signUp,
  type TestApp,
  testConfig,
  SIGN_UP_CONSENT,
} from './test/helpers.ts';

let t: TestApp;
let webDir: string;
let logs = '';
let user: Awaited<ReturnType<typeof signUp>>;
let provider: Awaited<ReturnType<typeof createProvider>>;
let listingId: string;
let pendingId: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mm-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const database = await createTestDatabase();
  const config = testConfig({ webDir, logLevel: 'info' });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs += String(chunk);
      done();
    },
  });
  const built = await buildApp({ config, database, logStream: stream });
  // A route whose query the database refuses, carrying personal data in its parameters.
  built.app.post('/probe/duplicate', { config: { access: 'public' } }, async () => {
    await database.db.insert(categories).values({ name: 'Photography', slug: 'secret-person@example.com' });
    return { ok: true };
  });
  await built.app.ready();
  t = {
    ...built,
    database,
    config,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
  await seedReferenceData(database.db);
  user = await signUp(t);
  provider = await createProvider(t, { packageType: 'premium' });
  listingId = (await createListing(database.db, provider.providerId)).id;
  pendingId = (await createListing(database.db, provider.providerId, { status: 'pending' })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  opts: { cookie?: string; payload?: unknown; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });

describe('cross-site requests, whatever the path’s spelling', () => {
  const foreign = { origin: 'https://evil.example' };

  it.each(['/%61pi/favorites', '/api/favorites', '/%61%70%69/favorites', '/api/%66avorites'])(
    'refuses POST %s from another origin',
    async (url) => {
      const res = await inject('POST', url, {
        cookie: user.cookie,
        headers: foreign,
        payload: { listingId },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
      const ids = await inject('GET', '/api/favorites/ids', { cookie: user.cookie });
      expect(ids.json().ids).not.toContain(listingId);
    },
  );

  it('refuses a same-site page signing the user out through an encoded path', async () => {
    const session = await signUp(t);
    const res = await inject('POST', '/%61pi/auth/sign-out', {
      cookie: session.cookie,
      headers: { origin: 'http://blog.localhost:3000', 'sec-fetch-site': 'same-site' },
    });
    expect(res.statusCode).toBe(403);
    const me = await inject('GET', '/api/me', { cookie: session.cookie });
    expect(me.json().user.id).toBe(session.userId);
  });

  it('still lets the site itself in through an encoded path', async () => {
    const res = await inject('POST', '/%61pi/favorites', {
      cookie: user.cookie,
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { listingId },
    });
    expect([200, 201]).toContain(res.statusCode);
  });
});

describe('NUL and lone surrogates', () => {
  const nul = 'a\u0000b';

  it('are refused in the browse search with a field message', async () => {
    const res = await inject('GET', `/api/listings?search=${encodeURIComponent(nul)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.search).toBe(INVALID_TEXT_MESSAGE);
    // Bytes that are not UTF-8 arrive as replacement characters: plain text, searched as such.
    expect((await inject('GET', '/api/listings?search=%ED%A0%80%FF')).statusCode).toBe(200);
  });

  it('are refused in JSON bodies as lone surrogates', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/json' },
      payload: `{"listingId":"${listingId}","name":"A\\ud800","email":"a@b.co","message":"0123456789 ok","formToken":"${formGuardFields(t).formToken}"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe(INVALID_TEXT_MESSAGE);
  });

  it.each(['name', 'phone', 'message'])('are refused in the enquiry %s', async (field) => {
    const body: Record<string, unknown> = {
      ...formGuardFields(t),
      listingId,
      name: 'Thandi Mokoena',
      email: 'thandi.private@example.com',
      message: 'Is the car free on Friday night?',
    };
    body[field] = `${String(body[field] ?? '082')}\u0000 0101 secret`;
    const res = await inject('POST', '/api/enquiries', { payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(INVALID_TEXT_MESSAGE);
  });

  it('are refused in a review comment, on create and on edit', async () => {
    const author = await signUp(t);
    const create = await inject('POST', `/api/listings/${listingId}/reviews`, {
      cookie: author.cookie,
      payload: { rating: 4, comment: `great${'\u0000'}` },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().error.fields.comment).toBe(INVALID_TEXT_MESSAGE);
    const ok = await inject('POST', `/api/listings/${listingId}/reviews`, {
      cookie: author.cookie,
      payload: { rating: 4, comment: 'great' },
    });
    expect(ok.statusCode).toBe(201);
    const edit = await inject('PATCH', `/api/reviews/${ok.json().review.id}`, {
      cookie: author.cookie,
      payload: { rating: 4, comment: `still${'\uDC00'}great` },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields.comment).toBe(INVALID_TEXT_MESSAGE);
  });

  it('are refused in the sign-up full name (400, not the auth library’s 422)', async () => {
    const res = await inject('POST', '/api/auth/sign-up', {
      payload: {
        ...formGuardFields(t),
        fullName: `Thandi${'\u0000'}`,
        email: 'nul@example.com',
        password: 'secret123',
        ...SIGN_UP_CONSENT,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.fullName).toBe(INVALID_TEXT_MESSAGE);
  });

  it('never reach the log with what the sender wrote', () => {
    expect(logs).not.toContain('thandi.private@example.com');
    expect(logs).not.toContain('0101 secret');
    expect(logs).not.toMatch(/Failed query/);
  });
});

describe('database refusals', () => {
  it('become 4xx, and the log keeps the query’s parameters out', async () => {
    const before = logs.length;
    const res = await inject('POST', '/probe/duplicate');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'This already exists' } });
    const written = logs.slice(before);
    expect(written).toContain('23505');
    expect(written).not.toContain('secret-person@example.com');
  });

  it('maps invalid text, foreign keys and checks too', () => {
    const wrap = (code: string) => ({ message: 'Failed query', cause: { code } });
    expect(clientDatabaseError(wrap('22P05'))?.statusCode).toBe(400);
    expect(clientDatabaseError(wrap('23503'))?.statusCode).toBe(409);
    expect(clientDatabaseError(wrap('23514'))?.statusCode).toBe(400);
    // A race lost outside a retried transaction: the client may try again (503), never a 500.
    expect(clientDatabaseError(wrap('40001'))?.statusCode).toBe(503);
    expect(clientDatabaseError(wrap('40P01'))?.statusCode).toBe(503);
    expect(clientDatabaseError(wrap('57014'))).toBeNull();
    expect(clientDatabaseError(new Error('boom'))).toBeNull();
  });
});

describe('router errors use the one error format', () => {
  it('a malformed percent-encoding', async () => {
    const res = await inject('GET', '/api/listings/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_URL', message: 'The address is not valid' } });
  });

  it('an over-long id', async () => {
    const res = await inject('GET', `/api/listings/${'a'.repeat(500)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('an unknown API route', async () => {
    const res = await inject('DELETE', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('caching', () => {
  it.each([
    ['/api/me', true],
    ['/api/enquiries', true],
    ['/api/dashboard/stats', true],
    ['/api/favorites/ids', true],
  ])('%s is private, no-store', async (url) => {
    const res = await inject('GET', url, { cookie: provider.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('an owner’s pending listing is private, no-store', async () => {
    const res = await inject('GET', `/api/listings/${pendingId}`, { cookie: provider.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('errors are private, no-store too', async () => {
    const res = await inject('GET', '/api/listings/not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('pages', () => {
  it('answers unknown paths with 404 and the web app (which shows its not-found page)', async () => {
    const res = await inject('GET', '/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect((await inject('GET', '/listing/x/y')).statusCode).toBe(404);
    // A listing that does not exist (or is not public) is a missing page too (decision 0021).
    expect((await inject('GET', '/listing/abc')).statusCode).toBe(404);
  });

  it('answers the web app’s own routes with 200', async () => {
    for (const url of ['/', '/browse?search=car', '/dashboard/listings/1/edit', '/admin/cms']) {
      expect((await inject('GET', url)).statusCode).toBe(200);
    }
  });
});
