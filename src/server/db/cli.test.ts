import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookieFrom, signUp, type TestApp } from '../test/helpers.ts';
import { createAdmin } from './cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const meRole = async (email: string, password: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(res) } });
  return me.json().role as string;
};

describe('admin:create', () => {
  it('creates a new admin account that can sign in', async () => {
    const result = await createAdmin(t.database.db, t.config.authSecret, t.config.publicUrl, {
      email: 'Boss@Example.com',
      password: 'a-long-password',
    });
    expect(result).toBe('created');
    expect(await meRole('boss@example.com', 'a-long-password')).toBe('admin');
  });

  it('promotes an existing account without touching its password', async () => {
    const { email } = await signUp(t, { password: 'original-pw' });
    const result = await createAdmin(t.database.db, t.config.authSecret, t.config.publicUrl, {
      email,
      password: 'ignored-pw',
    });
    expect(result).toBe('promoted');
    expect(await meRole(email, 'original-pw')).toBe('admin');
  });

  it('refuses a short password or a bad email', async () => {
    await expect(
      createAdmin(t.database.db, t.config.authSecret, t.config.publicUrl, {
        email: 'x@y.co',
        password: '123',
      }),
    ).rejects.toThrow(/at least 6/);
    await expect(
      createAdmin(t.database.db, t.config.authSecret, t.config.publicUrl, {
        email: 'nope',
        password: '1234567',
      }),
    ).rejects.toThrow(/email/);
  });
});
