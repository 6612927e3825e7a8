/**
 * Accounts through better-auth's own flows, with the mail they send received by a real SMTP sink: forgot and
 * reset password (same answer for unknown addresses, one-hour single-use link, every session ended, limits
 * per address and per client), email verification (sign-up's link, resend), change password (current one
 * required, other sessions ended) and change email (link to the new address, the old one told).
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ALREADY_VERIFIED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGED,
  EMAIL_VERIFIED,
  FORGOT_PASSWORD_SENT,
  PASSWORD_CHANGED,
  PASSWORD_UPDATED,
  RESET_LINK_INVALID,
  SAME_EMAIL,
  TOO_MANY_RESET_REQUESTS,
  TOO_MANY_VERIFICATION_EMAILS,
  VERIFICATION_SENT,
  VERIFY_LINK_INVALID,
  changeEmailSent,
} from '../../../domain/account.ts';
import { cookieFrom, createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/helpers.ts';
import { catchMail, type MailCatcher } from '../../test/mail-catcher.ts';
import type { ReceivedMail } from '../../test/smtp-sink.ts';

let t: TestApp;
let catcher: MailCatcher;

beforeAll(async () => {
  t = await createTestApp();
  catcher = await catchMail(t);
});
afterAll(async () => {
  await catcher.close();
  await t.close();
});
afterEach(async () => {
  vi.useRealTimers();
  await deliver();
  catcher.clear();
});

/** Sends everything the outbox holds (verification mail included) to the sink. */
const deliver = () => catcher.deliver({ verificationMail: true });

/** Delivers the outbox and returns the mail that reached this address (newest last). */
async function mailTo(address: string): Promise<ReceivedMail[]> {
  await deliver();
  return catcher.to(address);
}

/** The token of the link to this page in a mail's plain-text part. */
function tokenIn(mail: ReceivedMail, page: string): string {
  const text = String(mail.parsed.text);
  const match = new RegExp(`${t.config.publicUrl}${page}\\?token=([^\\s\\]]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

const post = (url: string, payload?: object, cookie?: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function me(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return res.json() as { user: null | { id: string; email: string; emailVerified: boolean } };
}

const signInAs = (email: string, password: string) =>
  post('/api/auth/sign-in', { email, password }, undefined, '10.9.9.9');

describe('email verification', () => {
  it('sign-up mails a verification link; opening it marks the address verified in /me', async () => {
    const account = await signUp(t);
    expect((await me(account.cookie)).user?.emailVerified).toBe(false);
    const [mail, ...more] = await mailTo(account.email);
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toBe('Verify your email address');
    // Essential mail: no unsubscribe.
    expect(mail!.parsed.headers.has('list-unsubscribe')).toBe(false);
    const token = tokenIn(mail!, '/auth/verify-email');

    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_VERIFIED });
    expect((await me(account.cookie)).user?.emailVerified).toBe(true);
  });

  it('refuses a forged or garbled link with the link message, never a 500', async () => {
    for (const token of ['nonsense', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6Inh4QHguY29tIn0.bad']) {
      const res = await post('/api/auth/verify-email', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(VERIFY_LINK_INVALID);
    }
    expect((await post('/api/auth/verify-email', {})).statusCode).toBe(400);
  });

  it('resend: signed in only, a fresh link each time, limited, refused once verified', async () => {
    expect((await post('/api/me/verification-email')).statusCode).toBe(401);
    const account = await signUp(t);
    await mailTo(account.email);
    catcher.clear();

    const res = await post('/api/me/verification-email', undefined, account.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: VERIFICATION_SENT });
    const [mail] = await mailTo(account.email);
    expect(mail!.parsed.subject).toBe('Verify your email address');

    expect((await post('/api/me/verification-email', undefined, account.cookie)).statusCode).toBe(200);
    expect((await post('/api/me/verification-email', undefined, account.cookie)).statusCode).toBe(200);
    const limited = await post('/api/me/verification-email', undefined, account.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(TOO_MANY_VERIFICATION_EMAILS);
    expect(limited.headers['retry-after']).toBeDefined();

    const other = await signUp(t);
    const [first] = await mailTo(other.email);
    await post('/api/auth/verify-email', { token: tokenIn(first!, '/auth/verify-email') });
    const again = await post('/api/me/verification-email', undefined, other.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ALREADY_VERIFIED);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await post('/api/auth/forgot-password', { email }, undefined, '10.1.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(await mailTo(email)).toEqual([]);
    const bad = await post('/api/auth/forgot-password', { email: 'not-an-email' }, undefined, '10.1.0.1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid email address');
  });

  it('mails a link that sets a new password once, ends every session, and then no longer works', async () => {
    const account = await signUp(t, { password: 'old-secret-1' });
    const second = cookieFrom(await signInAs(account.email, 'old-secret-1'));
    await mailTo(account.email);
    catcher.clear();

    const res = await post(
      '/api/auth/forgot-password',
      { email: account.email.toUpperCase() },
      undefined,
      '10.1.0.2',
    );
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    const [mail, ...more] = await mailTo(account.email);
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toBe('Reset your password');
    expect(mail!.parsed.headers.has('list-unsubscribe')).toBe(false);
    const token = tokenIn(mail!, '/auth/reset-password');

    // The sign-up rules and messages apply.
    const mismatch = await post('/api/auth/reset-password', {
      token,
      newPassword: 'new-secret-2',
      confirmPassword: 'new-secret-3',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.confirmPassword).toBe('Passwords do not match');
    const short = await post('/api/auth/reset-password', {
      token,
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.json().error.fields.newPassword).toBe('Password must be at least 6 characters');

    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'new-secret-2',
      confirmPassword: 'new-secret-2',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: PASSWORD_UPDATED });

    expect((await me(account.cookie)).user).toBeNull();
    expect((await me(second)).user).toBeNull();
    expect((await signInAs(account.email, 'old-secret-1')).statusCode).toBe(401);
    expect((await signInAs(account.email, 'new-secret-2')).statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', {
      token,
      newPassword: 'new-secret-4',
      confirmPassword: 'new-secret-4',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(RESET_LINK_INVALID);
    expect((await signInAs(account.email, 'new-secret-2')).statusCode).toBe(200);
  });

  it('a link works for one hour only', async () => {
    const account = await signUp(t, { password: 'old-secret-1' });
    await mailTo(account.email);
    catcher.clear();
    const requested = Date.now();
    await post('/api/auth/forgot-password', { email: account.email }, undefined, '10.1.0.3');
    const [mail] = await mailTo(account.email);
    const token = tokenIn(mail!, '/auth/reset-password');
    // The link's expiry was set from the process's clock when it was requested: move that clock past it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(requested + 60 * 60_000 + 1000);
    const late = await post('/api/auth/reset-password', {
      token,
      newPassword: 'new-secret-2',
      confirmPassword: 'new-secret-2',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(RESET_LINK_INVALID);
    vi.useRealTimers();
    expect((await signInAs(account.email, 'old-secret-1')).statusCode).toBe(200);
  });

  it('refuses an unknown token with the link message', async () => {
    const res = await post('/api/auth/reset-password', {
      token: 'x'.repeat(24),
      newPassword: 'new-secret-2',
      confirmPassword: 'new-secret-2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(RESET_LINK_INVALID);
  });

  it('limits requests per address and per client', async () => {
    const account = await signUp(t);
    for (let i = 0; i < 3; i += 1) {
      const res = await post('/api/auth/forgot-password', { email: account.email }, undefined, `10.2.0.${i}`);
      expect(res.statusCode).toBe(200);
    }
    const perAddress = await post(
      '/api/auth/forgot-password',
      { email: account.email },
      undefined,
      '10.2.1.1',
    );
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json().error.message).toBe(TOO_MANY_RESET_REQUESTS);
    expect(await mailTo(account.email)).toHaveLength(1 + 3);

    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/auth/forgot-password', { email: uniqueEmail() }, undefined, '10.3.0.1');
      expect(res.statusCode).toBe(200);
    }
    const perClient = await post(
      '/api/auth/forgot-password',
      { email: uniqueEmail() },
      undefined,
      '10.3.0.1',
    );
    expect(perClient.statusCode).toBe(429);
    expect(perClient.headers['retry-after']).toBeDefined();
  });
});

describe('change password', () => {
  it('is for signed-in users, needs the current password, and ends the other sessions', async () => {
    expect(
      (
        await post('/api/me/password', {
          currentPassword: 'x',
          newPassword: 'new-secret-2',
          confirmPassword: 'new-secret-2',
        })
      ).statusCode,
    ).toBe(401);
    const account = await signUp(t, { password: 'old-secret-1' });
    const other = cookieFrom(await signInAs(account.email, 'old-secret-1'));

    const wrong = await post(
      '/api/me/password',
      { currentPassword: 'not-it-123', newPassword: 'new-secret-2', confirmPassword: 'new-secret-2' },
      account.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: CURRENT_PASSWORD_WRONG });
    const mismatch = await post(
      '/api/me/password',
      { currentPassword: 'old-secret-1', newPassword: 'new-secret-2', confirmPassword: 'other-one' },
      account.cookie,
    );
    expect(mismatch.json().error.fields.confirmPassword).toBe('Passwords do not match');

    const res = await post(
      '/api/me/password',
      { currentPassword: 'old-secret-1', newPassword: 'new-secret-2', confirmPassword: 'new-secret-2' },
      account.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGED });
    const renewed = cookieFrom(res);
    expect((await me(renewed)).user?.id).toBe(account.userId);
    expect((await me(other)).user).toBeNull();
    expect((await signInAs(account.email, 'old-secret-1')).statusCode).toBe(401);
    expect((await signInAs(account.email, 'new-secret-2')).statusCode).toBe(200);
  });
});

describe('change email', () => {
  it('confirms by a link to the new address, then moves the account and tells the old address', async () => {
    expect((await post('/api/me/email', { newEmail: uniqueEmail() })).statusCode).toBe(401);
    const account = await signUp(t, { password: 'old-secret-1' });
    await mailTo(account.email);
    catcher.clear();

    const same = await post('/api/me/email', { newEmail: account.email.toUpperCase() }, account.cookie);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ newEmail: SAME_EMAIL });

    const newEmail = uniqueEmail('moved');
    const res = await post('/api/me/email', { newEmail }, account.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: changeEmailSent(newEmail) });
    expect((await me(account.cookie)).user?.email).toBe(account.email);
    const [confirm] = await mailTo(newEmail);
    expect(confirm!.parsed.subject).toBe('Verify your email address');
    expect(await mailTo(account.email)).toEqual([]);

    const opened = await post('/api/auth/verify-email', { token: tokenIn(confirm!, '/auth/verify-email') });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: EMAIL_CHANGED });
    const after = (await me(account.cookie)).user;
    expect(after).toMatchObject({ email: newEmail, emailVerified: true });

    const [told, ...more] = await mailTo(account.email);
    expect(more).toEqual([]);
    expect(told!.parsed.subject).toBe('Your email address was changed');
    expect(String(told!.parsed.text)).toContain(newEmail);
    expect((await signInAs(newEmail, 'old-secret-1')).statusCode).toBe(200);
    expect((await signInAs(account.email, 'old-secret-1')).statusCode).toBe(401);

    // The link has done its work.
    const again = await post('/api/auth/verify-email', { token: tokenIn(confirm!, '/auth/verify-email') });
    expect(again.statusCode).toBe(400);
  });

  it('an address another account uses gets the same answer and no mail', async () => {
    const taken = await signUp(t);
    const account = await signUp(t);
    await deliver();
    catcher.clear();
    const res = await post('/api/me/email', { newEmail: taken.email }, account.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: changeEmailSent(taken.email) });
    await deliver();
    expect(catcher.sink.received).toEqual([]);
  });
});
