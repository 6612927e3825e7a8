/**
 * The Matric Guide's mail (issue 23, messages 7 and 9): approval, rejection with the reason and revocation
 * reach the user; a new payment proof reaches every admin (who may turn it off); a change that is refused
 * sends nothing. Received by the test SMTP sink; runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { createAdmin } from '../../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../../test/helpers.ts';
import { catchMail, type MailCatcher } from '../../test/mail-catcher.ts';
import { latestRequest } from './service.ts';

const PUBLIC_URL = 'http://localhost:3000';

let t: TestApp;
let mail: MailCatcher;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let secondAdmin: Awaited<ReturnType<typeof createAdmin>>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const drainMail = () => mail.deliver();

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

async function submitProof(cookie: string, reference: string) {
  const res = await call('POST', '/api/guide/access/payment-proof', cookie, { paymentReference: reference });
  expect(res.statusCode, res.body).toBe(201);
}

async function requestId(userId: string) {
  return (await latestRequest(t.database.db, userId))!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  mail = await catchMail(t);
  admin = await createAdmin(t);
  secondAdmin = await createAdmin(t);
});
afterEach(async () => {
  await t.database.db.delete(outbox);
  mail.clear();
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

describe('payment proof to admins', () => {
  it('reaches every admin with the name, address, reference and amount', async () => {
    const reader = await signUp(t, { fullName: 'Kea Molefe' });
    await submitProof(reader.cookie, 'KEA-0612345678');
    const received = await drainMail();
    expect(received.map((m) => m.recipients[0]).sort()).toEqual([admin.email, secondAdmin.email].sort());
    const [mail] = received;
    expect(mail!.parsed.subject).toBe('New Matric Guide payment proof from Kea Molefe');
    for (const part of ['Kea Molefe', reader.email, 'KEA-0612345678', 'R50']) {
      expect(mail!.parsed.text).toContain(part);
    }
    expect(hrefs(String(mail!.parsed.html))).toContain(`${PUBLIC_URL}/admin/premium-access`);
  });

  it('is not sent for a quick request without a reference, but is when the reference follows', async () => {
    const reader = await signUp(t, { fullName: 'Quick Reader' });
    const quick = await call('POST', '/api/guide/access/request', reader.cookie, {});
    expect(quick.statusCode, quick.body).toBe(201);
    expect(await drainMail()).toHaveLength(0);
    await submitProof(reader.cookie, 'QUICK-1');
    const received = await drainMail();
    expect(received).toHaveLength(2);
    expect(received[0]!.parsed.text).toContain('QUICK-1');
  });

  it('is not sent to an admin who turned it off, nor for a refused second proof', async () => {
    const off = await call('PUT', '/api/me/notification-settings', secondAdmin.cookie, {
      settings: [{ category: 'admin_guide_payments', enabled: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const reader = await signUp(t, { fullName: 'Second Reader' });
      await submitProof(reader.cookie, 'REF-ONE');
      const again = await call('POST', '/api/guide/access/payment-proof', reader.cookie, {
        paymentReference: 'REF-TWO',
      });
      expect(again.statusCode).toBe(409);
      const received = await drainMail();
      expect(received.map((m) => m.recipients[0])).toEqual([admin.email]);
      expect(received[0]!.parsed.text).toContain('REF-ONE');
    } finally {
      await call('PUT', '/api/me/notification-settings', secondAdmin.cookie, {
        settings: [{ category: 'admin_guide_payments', enabled: true }],
      });
    }
  });
});

describe('access decisions to the user', () => {
  it('approved', async () => {
    const reader = await signUp(t, { fullName: 'Approved Reader' });
    await submitProof(reader.cookie, 'APPROVE-1');
    await t.database.db.delete(outbox);
    const res = await call(
      'POST',
      `/api/admin/guide/requests/${await requestId(reader.userId)}/approve`,
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const received = await drainMail();
    expect(received).toHaveLength(1);
    expect(received[0]!.recipients).toEqual([reader.email]);
    expect(received[0]!.parsed.subject).toBe('Your Matric Guide access is approved');
    expect(received[0]!.parsed.text).toContain('Hi Approved Reader');
    expect(hrefs(String(received[0]!.parsed.html))).toContain(`${PUBLIC_URL}/matric-guide`);
  });

  it('rejected, with the admin’s reason, or without one', async () => {
    const reader = await signUp(t, { fullName: 'Rejected Reader' });
    await submitProof(reader.cookie, 'REJECT-1');
    await t.database.db.delete(outbox);
    const res = await call(
      'POST',
      `/api/admin/guide/requests/${await requestId(reader.userId)}/reject`,
      admin.cookie,
      { reason: 'No payment with reference REJECT-1 arrived.' },
    );
    expect(res.statusCode, res.body).toBe(200);
    let received = await drainMail();
    expect(received).toHaveLength(1);
    expect(received[0]!.recipients).toEqual([reader.email]);
    expect(received[0]!.parsed.subject).toBe('Your Matric Guide payment could not be confirmed');
    expect(received[0]!.parsed.text).toContain('No payment with reference REJECT-1 arrived.');
    expect(hrefs(String(received[0]!.parsed.html))).toContain(`${PUBLIC_URL}/matric-access`);

    mail.clear();
    await submitProof(reader.cookie, 'REJECT-2');
    await t.database.db.delete(outbox);
    const second = await call(
      'POST',
      `/api/admin/guide/requests/${await requestId(reader.userId)}/reject`,
      admin.cookie,
      {},
    );
    expect(second.statusCode, second.body).toBe(200);
    received = await drainMail();
    expect(received).toHaveLength(1);
    expect(received[0]!.parsed.text).toContain('We could not approve your Matric Guide access.');
    expect(received[0]!.parsed.text).not.toContain('The reason our team gave');
  });

  it('revoked; reviewing a request twice sends nothing more', async () => {
    const reader = await signUp(t, { fullName: 'Revoked Reader' });
    await submitProof(reader.cookie, 'REVOKE-1');
    const id = await requestId(reader.userId);
    await call('POST', `/api/admin/guide/requests/${id}/approve`, admin.cookie);
    await t.database.db.delete(outbox);
    const twice = await call('POST', `/api/admin/guide/requests/${id}/approve`, admin.cookie);
    expect(twice.statusCode).toBe(409);
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);

    const res = await call('POST', `/api/admin/guide/users/${reader.userId}/revoke`, admin.cookie);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const received = await drainMail();
    expect(received).toHaveLength(1);
    expect(received[0]!.recipients).toEqual([reader.email]);
    expect(received[0]!.parsed.subject).toBe('Your Matric Guide access was revoked');
  });
});
