/**
 * Who may use the mail routes: notification settings (signed in, own categories only), the outbox (admins),
 * /api/ready, and /dev/mail, which exists in development only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createProvider, seedReferenceData } from '../test/fixtures.ts';
import { createTestApp, signUp, type TestApp } from '../test/helpers.ts';
import { enqueueMail } from './outbox.ts';
import { MAIL_TEMPLATES } from './render.tsx';
import { mailStatus } from './service.ts';
import { createFileTransport, mailDir } from './transport.ts';
import { createOutboxWorker } from './worker.ts';

let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  production = await createTestApp({ nodeEnv: 'production' });
});
afterAll(async () => {
  await t.close();
  await production.close();
});

type Settings = { settings: { category: string; label: string; enabled: boolean }[] };

describe('notification settings', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/notification-settings' })).statusCode).toBe(
      401,
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      payload: { settings: [{ category: 'conversations', enabled: false }] },
    });
    expect(put.statusCode).toBe(401);
  });

  it('shows each role its own categories, all on until switched off, and saves the switches', async () => {
    const user = await signUp(t);
    const provider = await createProvider(t);
    const admin = await createAdmin(t);
    const categories = async (cookie: string) =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/api/me/notification-settings', headers: { cookie } })
        ).json() as Settings
      ).settings;
    expect((await categories(user.cookie)).map((s) => s.category)).toEqual(['conversations', 'guide_access']);
    expect((await categories(provider.cookie)).map((s) => s.category)).toEqual([
      'enquiries',
      'conversations',
      'listing_moderation',
      'guide_access',
      'packages',
    ]);
    expect((await categories(admin.cookie)).map((s) => s.category)).toContain('admin_guide_payments');
    expect((await categories(provider.cookie)).every((s) => s.enabled && s.label)).toBe(true);

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: { cookie: provider.cookie },
      payload: {
        settings: [
          { category: 'packages', enabled: false },
          { category: 'enquiries', enabled: false },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const saved = await categories(provider.cookie);
    expect(saved.filter((s) => !s.enabled).map((s) => s.category)).toEqual(['enquiries', 'packages']);
    // Another account's switches are its own.
    expect((await categories(admin.cookie)).every((s) => s.enabled)).toBe(true);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: { cookie: provider.cookie },
      payload: { settings: [{ category: 'packages', enabled: true }] },
    });
    expect((await categories(provider.cookie)).filter((s) => !s.enabled).map((s) => s.category)).toEqual([
      'enquiries',
    ]);
  });

  it.each([
    [
      { settings: [{ category: 'admin_listings', enabled: false }] },
      'This notification setting is not available to your account',
    ],
    [{ settings: [{ category: 'account', enabled: false }] }, 'Unknown notification category'],
    [{ settings: [{ category: 'conversations', enabled: 'no' }] }, null],
    [{ settings: [] }, 'Choose at least one setting'],
    [
      {
        settings: [
          { category: 'conversations', enabled: false },
          { category: 'conversations', enabled: true },
        ],
      },
      'Each category may appear once',
    ],
  ])('refuses %j with 400', async (payload, message) => {
    const user = await signUp(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: { cookie: user.cookie },
      payload,
    });
    expect(res.statusCode).toBe(400);
    if (message) expect((res.json() as { error: { message: string } }).error.message).toBe(message);
  });
});

describe('the outbox for admins', () => {
  it('is refused to anonymous visitors, users and providers', async () => {
    const user = await signUp(t);
    const provider = await createProvider(t);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [cookie, status] of [
      [undefined, 401],
      [user.cookie, 403],
      [provider.cookie, 403],
    ] as const) {
      const headers = cookie ? { cookie } : {};
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers })).statusCode).toBe(
        status,
      );
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${id}/retry`, headers })).statusCode,
      ).toBe(status);
    }
  });

  it('lists messages by status for admins, paged, and refuses bad filters and unknown messages', async () => {
    const admin = await createAdmin(t);
    const headers = { cookie: admin.cookie };
    const queued = (await enqueueMail(t.database.db, {
      kind: 'password_reset',
      to: 'someone@example.com',
      payload: MAIL_TEMPLATES.password_reset.sample,
    })) as { id: string };
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?status=pending&pageSize=25',
      headers,
    });
    expect(pending.statusCode).toBe(200);
    const page = pending.json() as {
      total: number;
      items: { id: string; status: string; recipient: string }[];
    };
    expect(page.items.map((i) => i.id)).toContain(queued.id);
    expect(page.items.every((i) => i.status === 'pending')).toBe(true);
    const failed = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=failed', headers });
    expect((failed.json() as { total: number }).total).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=lost', headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/outbox?pageSize=7', headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/outbox/not-an-id/retry', headers })).statusCode,
    ).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    const notFailed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${queued.id}/retry`,
      headers,
    });
    expect(notFailed.statusCode).toBe(409);
    expect((notFailed.json() as { error: { message: string } }).error.message).toBe(
      'Only failed messages can be retried',
    );
  });
});

describe('readiness', () => {
  it('reports the database and mail by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { instance: 'ok', database: 'ok', mail: 'files' } });
  });

  it('reports mail not configured in production without failing, and ok with SMTP', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { instance: 'ok', database: 'ok', mail: 'not configured' },
    });
    const smtp = { smtpUrl: 'smtp://127.0.0.1:2525', from: 'x@example.com' };
    expect(mailStatus({ nodeEnv: 'production', mail: smtp })).toBe('ok');
    expect(mailStatus({ nodeEnv: 'development', mail: { ...smtp, smtpUrl: undefined } })).toBe('files');
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable' } });
    } finally {
      await broken.app.close();
    }
  });
});

describe('/dev/mail', () => {
  it('does not exist outside development', async () => {
    for (const app of [t.app, production.app]) {
      expect((await app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: '/dev/mail/templates/password_reset' })).statusCode,
      ).toBe(404);
    }
  });

  it('lists the written messages newest first and shows one, in development', async () => {
    const dev = await createTestApp({ nodeEnv: 'development' });
    try {
      const worker = createOutboxWorker({
        db: dev.database.db,
        transport: createFileTransport(mailDir(dev.config.dataDir)),
        publicUrl: dev.config.publicUrl,
        from: dev.config.mail.from,
        authSecret: dev.config.authSecret,
      });
      await enqueueMail(dev.database.db, {
        kind: 'password_reset',
        to: 'first@example.com',
        payload: MAIL_TEMPLATES.password_reset.sample,
      });
      await worker.drain();
      await enqueueMail(dev.database.db, {
        kind: 'listing_approved',
        to: 'second@example.com',
        payload: MAIL_TEMPLATES.listing_approved.sample,
      });
      await worker.drain();
      // A file that is not a message is not listed.
      mkdirSync(mailDir(dev.config.dataDir), { recursive: true });
      writeFileSync(path.join(mailDir(dev.config.dataDir), 'notes.txt'), 'x');

      const list = await dev.app.inject({ method: 'GET', url: '/dev/mail' });
      expect(list.statusCode).toBe(200);
      const reset = list.body.indexOf('Reset your password');
      const approved = list.body.indexOf('Your listing is live');
      expect(approved).toBeGreaterThan(0);
      expect(reset).toBeGreaterThan(approved);
      expect(list.body).not.toContain('notes.txt');

      const name = /href="\/dev\/mail\/([^"/]+\.eml)"/.exec(list.body)![1]!;
      const one = await dev.app.inject({ method: 'GET', url: `/dev/mail/${name}` });
      expect(one.statusCode).toBe(200);
      expect(one.body).toContain('Your listing is live');
      expect(one.body).toContain('<iframe sandbox');
      expect(one.body).toContain('list-unsubscribe');
      const html = await dev.app.inject({ method: 'GET', url: `/dev/mail/${name}/html` });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-security-policy']).toContain("default-src 'none'");
      expect(html.body).toContain('View your listing');
      expect((await dev.app.inject({ method: 'GET', url: '/dev/mail/..%2Fauth-secret' })).statusCode).toBe(
        404,
      );
      expect(
        (await dev.app.inject({ method: 'GET', url: '/dev/mail/templates/package_expiring' })).body,
      ).toContain('expires in 7 days');
    } finally {
      await dev.close();
    }
  });
});
