/**
 * Access before validation: every registered /api route, called with a malformed path, query and body by
 * every role it does not allow, answers 401 (signed out) or 403 (signed in), never 400: the access check
 * runs before the body is read or anything is validated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES } from '../../domain/providers.ts';
import { createAdmin, createProvider, seedReferenceData } from '../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../test/helpers.ts';
import type { Access } from './policy.ts';

let t: TestApp;
let userCookie: string;
let providerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  userCookie = (await signUp(t)).cookie;
  providerCookie = (await createProvider(t)).cookie;
  adminCookie = (await createAdmin(t)).cookie;
});
afterAll(() => t.close());

type Caller = 'anonymous' | 'user' | 'provider';
/** Who may not call a route of each access level, and the status they get. */
const REFUSED: Record<Access, { caller: Caller; status: 401 | 403 }[]> = {
  public: [],
  signedIn: [{ caller: 'anonymous', status: 401 }],
  provider: [
    { caller: 'anonymous', status: 401 },
    { caller: 'user', status: 403 },
  ],
  admin: [
    { caller: 'anonymous', status: 401 },
    { caller: 'user', status: 403 },
    { caller: 'provider', status: 403 },
  ],
};

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route's path with every parameter malformed, and a query no schema accepts. */
function malformedUrl(url: string): string {
  const path = url.replace(/:[A-Za-z]+/g, 'not-a-valid-id').replace(/\*$/, 'x');
  return `${path}?page=-1&pageSize=abc&status=bogus&sort=nope&dir=sideways&width=7`;
}

describe('access before validation', () => {
  it('the app lists its /api routes with their access levels', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(90);
    const admin = t.app.apiRoutes.find((r) => r.method === 'POST' && r.url === '/api/admin/faqs');
    expect(admin?.access).toBe('admin');
  });

  it('every route refuses every caller it does not allow with 401/403 before reading the request', async () => {
    const cookies: Record<Caller, string | undefined> = {
      anonymous: undefined,
      user: userCookie,
      provider: providerCookie,
    };
    const answers: string[] = [];
    const wrong: string[] = [];
    let checked = 0;
    for (const route of t.app.apiRoutes) {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      for (const { caller, status } of REFUSED[route.access]) {
        const cookie = cookies[caller];
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: malformedUrl(route.url),
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(HAS_BODY.has(route.method) ? { 'content-type': 'application/json' } : {}),
          },
          ...(HAS_BODY.has(route.method) ? { payload: '{"bogus": [1, {"x": null}], "email": 42}' } : {}),
        });
        checked += 1;
        const line = `${route.method} ${route.url} as ${caller}: ${res.statusCode}`;
        answers.push(line);
        const code = res.json().error?.code;
        if (res.statusCode !== status || code !== (status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN')) {
          wrong.push(`${line} ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The walk covered the whole API: every non-public route, each refused caller.
    expect(checked).toBeGreaterThan(150);
    expect(answers).toContain('POST /api/admin/faqs as anonymous: 401');
    expect(answers).toContain('POST /api/provider/listings as user: 403');
    expect(answers).toContain('GET /api/admin/listings as provider: 403');
  });

  it('the issue’s cases: no field details before access is known', async () => {
    const faq = await t.app.inject({ method: 'POST', url: '/api/admin/faqs', payload: {} });
    expect(faq.statusCode).toBe(401);
    expect(faq.json().error.fields).toBeUndefined();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/listings/?status=bogus',
      headers: { cookie: userCookie },
    });
    expect(list.statusCode).toBe(403);
    const create = await t.app.inject({ method: 'POST', url: '/api/provider/listings', payload: {} });
    expect(create.statusCode).toBe(401);
  });

  it('an admin still gets the validation error (access first, then the body)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/faqs',
      headers: { cookie: adminCookie },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('a cross-site request is refused before access is checked (403 either way)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/faqs',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
  });
});

describe('creating a listing without being a provider', () => {
  it('a plain user gets the spec’s message (403)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provider/listings',
      headers: { cookie: userCookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: PROVIDER_MESSAGES.mustBeProvider });
  });

  it('other provider routes keep the generic message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/provider/listings',
      headers: { cookie: userCookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You do not have permission to do this');
  });
});
