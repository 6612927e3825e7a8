import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createTestApp,
  formGuardFields,
  signUp,
  type TestApp,
  uniqueEmail,
  SIGN_UP_CONSENT,
} from '../../test/helpers.ts';
import { grantRole } from '../../auth/roles.ts';
import { packages } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(packages).values([
    { packageType: 'basic', name: 'Basic', price: 0, maxListings: 1, maxImages: 3, displayOrder: 1 },
    { packageType: 'standard', name: 'Standard', price: 499, maxListings: 2, maxImages: 10, displayOrder: 2 },
    { packageType: 'retired', name: 'Retired', price: 10, active: false, displayOrder: 3 },
  ]);
});
afterAll(() => t.close());

describe('sign-up, sign-in, sign-out and /api/me', () => {
  it('signs up, stores full_name in the profile, gives role user and a session cookie', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        ...formGuardFields(t),
        ...SIGN_UP_CONSENT,
        fullName: '  Naledi Khumalo ',
        email,
        password: 'secret123',
      },
    });
    expect(res.statusCode).toBe(201);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/mm\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/);
    const body = res.json();
    expect(body.packageStatus).toBeNull();
    expect(body.me.user.email).toBe(email);
    expect(body.me.profile.fullName).toBe('Naledi Khumalo');
    expect(body.me.role).toBe('user');
    expect(body.me.provider).toBeNull();

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(email);
  });

  it('answers /api/me without a session with user: null (200, not a 401 in every visitor’s console)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: 'mm.session_token=nope' },
    });
    expect(stale.json()).toEqual({ user: null });
  });

  it('signs in with the right password and refuses a wrong one with a clear message', async () => {
    const { email } = await signUp(t, { password: 'right-password' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'wrong-password' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe('Invalid email or password');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: uniqueEmail(), password: 'whatever1' },
    });
    expect(unknown.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'right-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().me.user.email).toBe(email);
    expect(cookieFrom(ok)).toMatch(/mm\.session_token=/);
  });

  it('signs out: the session no longer works', async () => {
    const { cookie } = await signUp(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/mm\.session_token=;/);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toEqual({ user: null });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(again.statusCode).toBe(204);
  });

  it('refuses a second account with the same email (409), also when sent twice at once', async () => {
    const email = uniqueEmail();
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: {
            ...formGuardFields(t),
            ...SIGN_UP_CONSENT,
            fullName: 'Twin',
            email,
            password: 'secret123',
          },
        }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        ...formGuardFields(t),
        ...SIGN_UP_CONSENT,
        fullName: 'Twin',
        email: email.toUpperCase(),
        password: 'secret123',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('An account with this email already exists');
  });

  it.each([
    [{ fullName: '', email: 'a@b.co', password: 'secret123' }, 'Full name is required'],
    [{ fullName: 'A', email: 'not-an-email', password: 'secret123' }, 'Invalid email address'],
    [{ fullName: 'A', email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [
      { fullName: 'A', email: 'a@b.co', password: 'x'.repeat(129) },
      'Password must be at most 128 characters',
    ],
  ])('validates sign-up input with the spec messages (%o)', async (payload, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { ...formGuardFields(t), ...SIGN_UP_CONSENT, ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('accepts a 6 and a 128 character password', async () => {
    await expect(signUp(t, { password: '123456' })).resolves.toBeTruthy();
    await expect(signUp(t, { password: 'p'.repeat(128) })).resolves.toBeTruthy();
  });

  it('answers 400, not 500, for malformed bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
    const wrongTypes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 5, password: [] },
    });
    expect(wrongTypes.statusCode).toBe(400);
  });
});

describe('sign-up with a package', () => {
  it('free basic: provider with an active ten-year package and the service_provider role', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        ...formGuardFields(t),
        fullName: 'Basic Biz',
        email: uniqueEmail(),
        password: 'secret123',
        packageType: 'basic',
        ...SIGN_UP_CONSENT,
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.packageStatus).toBe('active');
    expect(body.me.role).toBe('service_provider');
    expect(body.me.provider.packageType).toBe('basic');
    expect(body.me.provider.paymentStatus).toBe('active');
    const years =
      (new Date(body.me.provider.packageExpiresAt).getTime() - Date.now()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.9);
    expect(years).toBeLessThan(10.1);
  });

  it('paid package: provider pending payment without expiry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        ...formGuardFields(t),
        fullName: 'Std Biz',
        email: uniqueEmail(),
        password: 'secret123',
        packageType: 'standard',
        ...SIGN_UP_CONSENT,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().packageStatus).toBe('pending');
    expect(res.json().me.provider.paymentStatus).toBe('pending');
    expect(res.json().me.provider.packageExpiresAt).toBeNull();
  });

  it('refuses an unknown or inactive package before creating the account', async () => {
    const email = uniqueEmail();
    for (const packageType of ['gold', 'retired']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: {
          ...formGuardFields(t),
          ...SIGN_UP_CONSENT,
          fullName: 'X',
          email,
          password: 'secret123',
          packageType,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please select a package first');
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'secret123' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('effective role follows admin > service_provider > user', async () => {
    const { cookie, userId } = await signUp(t);
    const role = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().role;
    expect(await role()).toBe('user');
    await grantRole(t.database.db, userId, 'service_provider');
    expect(await role()).toBe('service_provider');
    await grantRole(t.database.db, userId, 'admin');
    expect(await role()).toBe('admin');
  });
});

describe('cross-site requests', () => {
  it('refuses state-changing calls from another origin or a cross-site fetch', async () => {
    const payload = {
      ...formGuardFields(t),
      ...SIGN_UP_CONSENT,
      email: uniqueEmail(),
      password: 'secret123',
      fullName: 'X',
    };
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: 'https://evil.example' },
      payload,
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.code).toBe('CROSS_SITE_REQUEST');
    const fetchMeta = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMeta.statusCode).toBe(403);
    const nullOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'null' },
    });
    expect(nullOrigin.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(same.statusCode).toBe(201);
  });

  it('lets cross-site GETs through (they change nothing)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
