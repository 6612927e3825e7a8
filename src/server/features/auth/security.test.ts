import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  cookieFrom,
  createTestDatabase,
  formGuardFields,
  SIGN_UP_CONSENT,
  testConfig,
  uniqueEmail,
} from '../../test/helpers.ts';

describe('auth security details', () => {
  it('never writes passwords or session cookies to the request log', async () => {
    let logs = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs += String(chunk);
        done();
      },
    });
    const database = await createTestDatabase();
    const { app } = await buildApp({
      config: testConfig({ logLevel: 'trace' }),
      database,
      logStream: stream,
    });
    try {
      const email = uniqueEmail();
      const password = 'very-secret-password-42';
      const up = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: {
          ...formGuardFields({ config: testConfig() }),
          ...SIGN_UP_CONSENT,
          fullName: 'Logged',
          email,
          password,
        },
      });
      expect(up.statusCode).toBe(201);
      const cookie = cookieFrom(up);
      const token = cookie.split('=')[1]!.split('.')[0]!;
      await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password: 'wrong-password' },
      });
      expect(logs.length).toBeGreaterThan(0);
      expect(logs).toContain('/api/auth/sign-up');
      expect(logs).not.toContain(password);
      expect(logs).not.toContain('wrong-password');
      expect(logs).not.toContain(token);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('marks cookies Secure (with the __Secure- prefix) when PUBLIC_URL is https, and sign-out clears them', async () => {
    const database = await createTestDatabase();
    const { app } = await buildApp({
      config: testConfig({ publicUrl: 'https://matricmoments.example' }),
      database,
    });
    try {
      const up = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { origin: 'https://matricmoments.example' },
        payload: {
          ...formGuardFields({ config: testConfig() }),
          ...SIGN_UP_CONSENT,
          fullName: 'Secure',
          email: uniqueEmail(),
          password: 'secret123',
        },
      });
      expect(up.statusCode).toBe(201);
      const setCookie = String(up.headers['set-cookie']);
      expect(setCookie).toMatch(/__Secure-mm\.session_token=/);
      expect(setCookie).toMatch(/; Secure/i);
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(up) } });
      expect(me.statusCode).toBe(200);
      const out = await app.inject({ method: 'POST', url: '/api/auth/sign-out' });
      expect(String(out.headers['set-cookie'])).toMatch(/__Secure-mm\.session_token=;/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
