/**
 * Sign-in guessing protection (sign-in-guard.ts, decision 0029) and TRUST_PROXY. Learners share a school's
 * public address: a prankster there must not lock anyone out, yet guessing must still be slowed. Time is a
 * fake clock handed to the app, so waits are checked by moving it, never by sleeping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createMemoryCounterStore } from '../../counter-store.ts';
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
import { createSignInGuard } from './sign-in-guard.ts';

/** A clock that only moves when told to. */
function fakeClock(start = Date.UTC(2026, 10, 27, 7, 30)) {
  const clock = { t: start, now: () => clock.t, advance: (ms: number) => void (clock.t += ms) };
  return clock;
}

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  // The production numbers of the sign-in guard: the cases below are the decision's. (Sign-ups, which the
  // tests make many of from one address, are not what is tested here.)
  t = await createTestApp(
    { rateLimits: { ...DEFAULT_RATE_LIMITS, signUpPerIp: 1000 } },
    { clock: clock.now },
  );
});
afterAll(() => t.close());

/** A school's public address; each test has its own, so no test depends on another's counters. */
const school = (n: number) => `196.25.1.${n}`;

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

/** Signs in once from a home address and returns the browser's device cookie. */
async function deviceCookieOf(email: string, ip = '41.13.0.1') {
  const res = await attempt(email, ip, 'secret123');
  expect(res.statusCode).toBe(200);
  return String(res.headers['set-cookie']).match(/mm\.device=[^;]+/)![0];
}

const waitOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(429);
  return Number(res.headers['retry-after']);
};

describe('a prankster behind a school’s shared address', () => {
  it('five wrong passwords for X: X’s owner with the device cookie signs in at once', async () => {
    const SCHOOL = school(10);
    const x = await signUp(t);
    const device = await deviceCookieOf(x.email);
    for (let i = 0; i < 5; i++) await attempt(x.email, SCHOOL);
    const res = await attempt(x.email, SCHOOL, 'secret123', { cookie: device });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('five wrong passwords for X: X’s owner without the cookie waits a few seconds at most, then gets in', async () => {
    const SCHOOL = school(11);
    const x = await signUp(t);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt(x.email, SCHOOL)).statusCode);
    // Three free failures, then each next attempt waits: 1 s after the third, 2 s after the fourth.
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    clock.advance(1000);
    expect((await attempt(x.email, SCHOOL)).statusCode).toBe(401);
    // Now four failures: the owner, new to this computer, is asked to wait 2 seconds, not 15 minutes.
    const refused = await attempt(x.email, SCHOOL, 'secret123');
    expect(waitOf(refused)).toBe(2);
    expect(refused.json().error.message).toBe(
      'Too many failed sign-ins for this account. Please wait 2 seconds and try again.',
    );
    clock.advance(2000);
    expect((await attempt(x.email, SCHOOL, 'secret123')).statusCode).toBe(200);
  });

  it('the owner at home is not touched by failures at school', async () => {
    const SCHOOL = school(12);
    const x = await signUp(t);
    for (let i = 0; i < 9; i++) {
      await attempt(x.email, SCHOOL);
      clock.advance(60_000);
    }
    expect((await attempt(x.email, '41.13.0.2', 'secret123')).statusCode).toBe(200);
  });

  it('thirty failures for random emails from one address: another user there signs in at once', async () => {
    const SCHOOL = school(13);
    const y = await signUp(t);
    for (let i = 0; i < 35; i++) expect((await attempt(uniqueEmail('spray'), SCHOOL)).statusCode).toBe(401);
    // No device cookie, first attempt from the school: not slowed.
    expect((await attempt(y.email, SCHOOL, 'secret123')).statusCode).toBe(200);
    // And a second learner who mistypes once still gets in once the short wait has passed.
    const z = await signUp(t);
    expect((await attempt(z.email, SCHOOL)).statusCode).toBe(401);
    clock.advance(60_000);
    expect((await attempt(z.email, SCHOOL, 'secret123')).statusCode).toBe(200);
  });
});

describe('guessing is still slowed', () => {
  it('one address on one account: 1, 2, 4 … 60 seconds between attempts, never a lock', async () => {
    const x = await signUp(t);
    const ip = '102.0.0.7';
    for (let i = 0; i < 3; i++) expect((await attempt(x.email, ip)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const wait = waitOf(await attempt(x.email, ip));
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await attempt(x.email, ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // Forgotten 15 minutes after the last failure.
    clock.advance(15 * 60_000);
    expect((await attempt(x.email, ip)).statusCode).toBe(401);
    expect((await attempt(x.email, ip)).statusCode).toBe(401);
  });

  it('guessing spread over many addresses: after ten failures every new device waits, a known one does not', async () => {
    const x = await signUp(t);
    const device = await deviceCookieOf(x.email);
    for (let i = 0; i < 10; i++) expect((await attempt(x.email, `105.1.0.${i}`)).statusCode).toBe(401);
    expect(waitOf(await attempt(x.email, '105.1.1.1', 'secret123'))).toBe(1);
    expect((await attempt(x.email, '105.1.1.1', 'secret123', { cookie: device })).statusCode).toBe(200);
    // The success cleared the account's failures: a new device is not held up any more.
    expect((await attempt(x.email, '105.1.1.2', 'secret123')).statusCode).toBe(200);
  });

  it('a sprayer’s second round from its address is slowed on the accounts it already failed on', async () => {
    const victims = await Promise.all([signUp(t), signUp(t)]);
    const sprayer = '154.0.0.9';
    for (let i = 0; i < 30; i++) await attempt(uniqueEmail('round1'), sprayer);
    expect((await attempt(victims[0]!.email, sprayer)).statusCode).toBe(401);
    // 31 failures from this address and one on this account: the next guess on it waits.
    expect(waitOf(await attempt(victims[0]!.email, sprayer))).toBe(2);
    // Accounts it has not failed on are not slowed, from there or anywhere.
    expect((await attempt(victims[1]!.email, sprayer, 'secret123')).statusCode).toBe(200);
    expect((await attempt(victims[0]!.email, '41.13.0.3', 'secret123')).statusCode).toBe(200);
  });

  it('a forged device cookie is an unknown device', async () => {
    const x = await signUp(t);
    for (let i = 0; i < 10; i++) await attempt(x.email, `105.2.0.${i}`);
    const forged = await attempt(x.email, '105.2.1.1', 'secret123', { cookie: 'mm.device=abc.def' });
    expect(forged.statusCode).toBe(429);
    // Another account's genuine cookie does not count for this one either.
    const other = await signUp(t);
    const otherDevice = await deviceCookieOf(other.email);
    expect((await attempt(x.email, '105.2.1.1', 'secret123', { cookie: otherDevice })).statusCode).toBe(429);
  });

  it('a device cookie that sends ten wrong passwords waits like an unknown device', async () => {
    const SCHOOL = school(14);
    const x = await signUp(t);
    const device = await deviceCookieOf(x.email);
    // Someone else at the owner's computer guesses (the cookie exempts them from waits for a while).
    for (let i = 0; i < 10; i++) {
      expect((await attempt(x.email, SCHOOL, 'wrong', { cookie: device })).statusCode).toBe(401);
    }
    expect(waitOf(await attempt(x.email, SCHOOL, 'wrong', { cookie: device }))).toBeGreaterThan(0);
  });

  it('a burst of parallel guesses is not checked all at once', async () => {
    const x = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(x.email, '102.9.9.9', `guess-${i}`)),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    // At most three in flight, and no new check once three failures are counted (no time passes).
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked).toBeGreaterThanOrEqual(1);
  });
});

describe('counting', () => {
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
    for (let i = 0; i < 3; i++) expect((await attempt(email, '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(email, '10.3.0.1')).statusCode).toBe(429);
  });

  it('the counter store forgets a counter its window after the last increment', async () => {
    const c = fakeClock();
    const store = createMemoryCounterStore(c.now);
    await store.increment('k', 1000);
    c.advance(900);
    expect(await store.increment('k', 1000)).toEqual({ count: 2, lastAt: c.t });
    c.advance(900);
    expect((await store.get('k'))?.count).toBe(2);
    // Taking back an increment does not move lastAt.
    const before = (await store.get('k'))!.lastAt;
    c.advance(10);
    expect(await store.increment('k', 1000, -1)).toEqual({ count: 1, lastAt: before });
    c.advance(1000);
    expect(await store.get('k')).toBeNull();
    await store.increment('gone', 1000);
    await store.reset('gone');
    expect(await store.get('gone')).toBeNull();
  });

  it('the guard keeps its counters in the store it is given', async () => {
    const c = fakeClock();
    const store = createMemoryCounterStore(c.now);
    const guard = createSignInGuard(
      {
        perPair: 1,
        perAccount: 100,
        perAddress: 100,
        perDevice: 100,
        windowMs: 60_000,
        baseDelayMs: 500,
        maxDelayMs: 5000,
        maxInFlight: 3,
      },
      'secret-secret-secret-secret-secret!!',
      { store, now: c.now },
    );
    const wrong = () => Promise.reject(new Error('bad password'));
    const isWrong = () => true;
    const who = { email: 'a@example.com', ip: '10.0.0.1', deviceToken: undefined };
    await expect(guard.attempt(who, wrong, isWrong)).rejects.toThrow('bad password');
    expect(await store.get('signin:pair:a@example.com|10.0.0.1')).toEqual({ count: 1, lastAt: c.t });
    expect(await guard.attempt(who, wrong, isWrong)).toEqual({
      allowed: false,
      reason: 'pair',
      retryAfterSeconds: 1,
    });
    c.advance(500);
    expect(await guard.attempt(who, async () => 'in', isWrong)).toEqual({ allowed: true, value: 'in' });
    expect(await store.get('signin:pair:a@example.com|10.0.0.1')).toBeNull();
    expect(await store.get('signin:inflight:a@example.com')).toMatchObject({ count: 0 });
  });
});

describe('TRUST_PROXY', () => {
  const limits: RateLimitConfig = { ...DEFAULT_RATE_LIMITS };

  async function appWith(trustProxy: TrustProxy) {
    const database = await createTestDatabase();
    const built = await buildApp({
      config: testConfig({ trustProxy, rateLimits: limits }),
      database,
      clock: fakeClock().now,
    });
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
