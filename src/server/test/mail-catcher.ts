/**
 * Test support: the mail a test app sends, delivered for real. A catcher owns an SMTP sink (smtp-sink.ts)
 * and a transport to it; `deliver()` runs the outbox worker until the outbox is empty and returns what has
 * arrived so far. The verification mail every sign-up queues is dropped first unless asked for, so a test
 * sees only the messages its own steps caused.
 */
import type { Database } from '../db/client.ts';
import { createSmtpTransport, type MailTransport } from '../mail/transport.ts';
import { createOutboxWorker } from '../mail/worker.ts';
import type { AppConfig } from '../env.ts';
import { forgetVerificationMail } from './helpers.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink.ts';

export interface MailCatcher {
  sink: SmtpSink;
  transport: MailTransport;
  /** Sends everything the outbox holds to the sink; returns every message received since the last `clear`. */
  deliver(options?: { verificationMail?: boolean }): Promise<ReceivedMail[]>;
  /** Messages received so far addressed to `address`. */
  to(address: string): ReceivedMail[];
  /** Forgets what has arrived (not what the outbox holds). */
  clear(): void;
  close(): Promise<void>;
}

export async function catchMail(t: { database: Database; config: AppConfig }): Promise<MailCatcher> {
  const sink = await startSmtpSink();
  const transport = createSmtpTransport(sink.url, { maxConnections: 1 });
  return {
    sink,
    transport,
    async deliver({ verificationMail = false } = {}) {
      if (!verificationMail) await forgetVerificationMail(t.database);
      await createOutboxWorker({
        db: t.database.db,
        transport,
        publicUrl: t.config.publicUrl,
        from: 'Matric Moments <hello@example.com>',
        authSecret: t.config.authSecret,
      }).drain();
      return [...sink.received];
    },
    to: (address) => sink.received.filter((m) => m.recipients.includes(address)),
    clear() {
      sink.received.length = 0;
    },
    async close() {
      transport.close();
      await sink.close();
    },
  };
}
