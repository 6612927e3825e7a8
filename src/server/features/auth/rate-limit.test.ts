import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signInPerIp: 6, signInPerEmail: 3, signUpPerIp: 100, windowMs: 60_000 },
  });
});
afterAll(() => t.close());

const attempt = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { email, password: 'wrong-pass' },
  });

describe('sign-in rate limits', () => {
  it('limits attempts per email, whatever the IP', async () => {
    const { email } = await signUp(t);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt(email, `10.0.0.${i + 1}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const res = await attempt(email.toUpperCase(), '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe('Too many sign-in attempts. Please wait a minute and try again.');
  });

  it('limits attempts per IP across emails', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await attempt(uniqueEmail(), '10.9.9.9')).statusCode);
    expect(codes.slice(0, 6).every((c) => c === 401)).toBe(true);
    expect(codes[6]).toBe(429);
  });
});
