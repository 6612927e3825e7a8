/**
 * The outbox in a running server: a committed message wakes the workers through NOTIFY (a rolled-back one
 * does not), and a production server without SMTP_URL starts, logs why nobody will get mail, and still
 * sends nothing on its own request path.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { createScheduler } from '../jobs/scheduler.ts';
import { createTestDatabase, testConfig } from '../test/helpers.ts';
import { enqueueMail, OUTBOX_CHANNEL } from './outbox.ts';
import { MAIL_TEMPLATES } from './render.tsx';
import { MAIL_NOT_CONFIGURED, startOutbox } from './service.ts';
import type { MailTransport } from './transport.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const message = (to: string) =>
  ({ kind: 'password_reset', to, payload: MAIL_TEMPLATES.password_reset.sample }) as const;

describe('waking the workers', () => {
  it('notifies listeners when the transaction commits, never for one that rolls back', async () => {
    const heard: string[] = [];
    let wake!: () => void;
    let woken = new Promise<void>((resolve) => (wake = resolve));
    const stop = await database.listen(OUTBOX_CHANNEL, () => {
      heard.push('wake');
      wake();
    });
    try {
      // Listening itself wakes once (anything sent while nobody listened is due).
      await woken;
      heard.length = 0;
      woken = new Promise<void>((resolve) => (wake = resolve));
      await expect(
        database.db.transaction(async (tx) => {
          await enqueueMail(tx, message('rolled-back@example.com'));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await database.db.transaction(async (tx) => {
        await enqueueMail(tx, message('committed@example.com'));
        // Nothing is heard before the commit.
        expect(heard).toEqual([]);
      });
      await woken;
      // Notifications arrive in order: the rolled-back one would have come first.
      expect(heard).toEqual(['wake']);
    } finally {
      await stop();
    }
  });
});

describe('startOutbox', () => {
  it('logs an error at start-up in production without SMTP_URL, and stops cleanly', async () => {
    const log = { error: vi.fn(), info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'files',
      send: async (mail) => void sent.push(mail.to),
      close: vi.fn(),
    };
    const scheduler = createScheduler({ database, log });
    const config = testConfig({ nodeEnv: 'production' });
    const outbox = await startOutbox({ scheduler, database, config, log, transport });
    expect(log.error).toHaveBeenCalledWith(MAIL_NOT_CONFIGURED);
    await enqueueMail(database.db, message('queued@example.com'));
    // Nothing runs until the scheduler starts: buildApp and startOutbox have no side effects of their own.
    expect(sent).toEqual([]);
    scheduler.start();
    await vi.waitFor(() => expect(sent).toContain('queued@example.com'), { timeout: 20_000, interval: 50 });
    await outbox.stop();
    expect(transport.close).toHaveBeenCalled();
  });
});
