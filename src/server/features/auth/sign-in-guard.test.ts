/**
 * Sign-in guessing protection (sign-in-guard.ts) and TRUST_PROXY: failures are counted per account and
 * address, per address and per account; the owner is never locked out; a spoofed X-Forwarded-For changes
 * nothing unless a proxy is trusted, and then only the proxy's own hop is believed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig, type TrustProxy } from '../../env.ts';
import {
  cookieFrom,
  createTestApp,
  createTestDatabase,
  signUp,
  testConfig,
  uniqueEmail,
  type TestApp,
} from '../../test/helpers.ts';

const limits: RateLimitConfig = {
  ...DEFAULT_RATE_LIMITS,
  signInFailuresPerPair: 3,
  signInFailuresPerIp: 8,
  signInFailuresPerEmail: 5,
  signInMaxDelayMs: 1000,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: limits });
});
afterAll(() => t.close());

const attempt = (
  email: string,
  ip: string,
  password = 'wrong-pass',
  headers: Record<string, string> = {},
  app = t.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    headers,
    payload: { email, password },
  });

describe('sign-in guessing protection', () => {
  it('stops one address after a few failures on an account, while the owner elsewhere signs in', async () => {
    const { email } = await signUp(t);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt(email, '10.1.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const refused = await attempt(email.toUpperCase(), '10.1.0.1', 'secret123');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'Too many sign-in attempts. Please wait a minute and try again.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own address, with the right password.
    expect((await attempt(email, '10.1.0.2', 'secret123')).statusCode).toBe(200);
  });

  it('counts failures, not successes', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 6; i++) expect((await attempt(email, '10.2.0.1', 'secret123')).statusCode).toBe(200);
    expect((await attempt(email, '10.2.0.1')).statusCode).toBe(401);
  });

  it('a success clears the failures of that address on that account', async () => {
    const { email } = await signUp(t);
    expect((await attempt(email, '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(email, '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(email, '10.3.0.1', 'secret123')).statusCode).toBe(200);
    expect((await attempt(email, '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(email, '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(email, '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(email, '10.3.0.1')).statusCode).toBe(429);
  });

  it('limits one address across accounts (password spraying)', async () => {
    const codes = [];
    for (let i = 0; i < 9; i++) codes.push((await attempt(uniqueEmail(), '10.4.0.1')).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes[8]).toBe(429);
  });

  it('slows unknown devices down after many failures from many addresses, but never locks the owner out', async () => {
    const { email } = await signUp(t);
    // The owner signed in from this browser before: it holds the device cookie.
    const first = await attempt(email, '10.5.0.100', 'secret123');
    expect(first.statusCode).toBe(200);
    const device = String(first.headers['set-cookie']).match(/mm\.device=[^;]+/)![0];
    // An attacker fails from five addresses.
    for (let i = 0; i < 5; i++) expect((await attempt(email, `10.5.1.${i}`)).statusCode).toBe(401);
    // A new device must now wait between attempts, even with the right password.
    const slowed = await attempt(email, '10.5.2.1', 'secret123');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.message).toMatch(
      /^Too many failed sign-ins for this account\. Please wait \d+ seconds? and try again\.$/,
    );
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner's browser is not slowed down.
    expect((await attempt(email, '10.5.0.100', 'secret123', { cookie: device })).statusCode).toBe(200);
  });

  it('lets a new device in after the wait; the slowdown is a delay, not a lock', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 5; i++) expect((await attempt(email, `10.6.1.${i}`)).statusCode).toBe(401);
    expect((await attempt(email, '10.6.2.1', 'secret123')).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await attempt(email, '10.6.2.1', 'secret123')).statusCode).toBe(200);
    // The success cleared the account's failures: no more waiting.
    expect((await attempt(email, '10.6.2.2')).statusCode).toBe(401);
  });

  it('refuses a forged device cookie', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 5; i++) await attempt(email, `10.7.1.${i}`);
    const forged = await attempt(email, '10.7.2.1', 'secret123', { cookie: 'mm.device=abc.def' });
    expect(forged.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  async function appWith(trustProxy: TrustProxy) {
    const database = await createTestDatabase();
    const built = await buildApp({ config: testConfig({ trustProxy, rateLimits: limits }), database });
    built.app.get('/ip-probe', async (req) => ({ ip: req.ip }));
    await built.app.ready();
    return {
      app: built.app,
      ip: async (remoteAddress: string, xff?: string) =>
        (
          await built.app.inject({
            method: 'GET',
            url: '/ip-probe',
            remoteAddress,
            headers: xff ? { 'x-forwarded-for': xff } : {},
          })
        ).json().ip as string,
      close: async () => {
        await built.app.close();
        await database.close();
      },
    };
  }

  it('off (the default): a spoofed X-Forwarded-For changes nothing', async () => {
    const a = await appWith(false);
    try {
      expect(await a.ip('10.8.0.1', '1.2.3.4')).toBe('10.8.0.1');
      // Sign-in limits count the connection's address, whatever the header says.
      const email = uniqueEmail();
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await attempt(email, '10.8.0.1', 'x', { 'x-forwarded-for': `9.9.9.${i}` }, a.app)).statusCode,
        );
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
    }
  });

  it('one hop: only the proxy’s own entry is believed, not what the client wrote before it', async () => {
    const a = await appWith(1);
    try {
      expect(await a.ip('10.9.0.1', '6.6.6.6, 5.5.5.5')).toBe('5.5.5.5');
      expect(await a.ip('10.9.0.1')).toBe('10.9.0.1');
      const email = uniqueEmail();
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await attempt(email, '10.9.0.1', 'x', { 'x-forwarded-for': `7.7.7.${i}, 5.5.5.5` }, a.app))
            .statusCode,
        );
      expect(codes).toEqual([401, 401, 401, 429]);
      // A different real client behind the same proxy is counted on its own.
      expect(
        (await attempt(email, '10.9.0.1', 'x', { 'x-forwarded-for': '5.5.5.6' }, a.app)).statusCode,
      ).toBe(401);
    } finally {
      await a.close();
    }
  });

  it('a list: only the listed proxies may set the client address', async () => {
    const a = await appWith(['10.10.0.0/16']);
    try {
      expect(await a.ip('10.10.3.4', '5.5.5.5')).toBe('5.5.5.5');
      expect(await a.ip('192.168.1.1', '5.5.5.5')).toBe('192.168.1.1');
    } finally {
      await a.close();
    }
  });
});

describe('device cookie', () => {
  it('is HttpOnly, scoped to the auth API and set on sign-in', async () => {
    const { email } = await signUp(t);
    const res = await attempt(email, '10.11.0.1', 'secret123');
    const cookies = String(res.headers['set-cookie']);
    expect(cookies).toMatch(/mm\.device=[^;]+; Max-Age=31536000; Path=\/api\/auth; HttpOnly; SameSite=Lax/);
    expect(cookieFrom(res)).toContain('mm.session_token=');
  });
});
