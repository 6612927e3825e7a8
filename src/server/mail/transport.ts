/**
 * Where mail goes: an SMTP server (SMTP_URL, through a small nodemailer connection pool), or, without one,
 * an .eml file per message under DATA_DIR/mail (built by nodemailer's MailComposer, exactly what SMTP would
 * have carried), which /dev/mail shows in development.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailConfig } from '../env.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Stable per outbox row (`<id@host>`), so a receiver can tell a repeated delivery from a new message. */
  messageId: string;
}

export interface MailTransport {
  kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The SMTP client gives up on a connection well before the outbox's claim lease runs out (worker.ts). */
export const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function mailDir(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

export function createMailTransport(config: MailConfig, dataDir: string): MailTransport {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl);
  return createFileTransport(mailDir(dataDir));
}

export function createSmtpTransport(url: string, options: { maxConnections?: number } = {}): MailTransport {
  const transporter = createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 3,
    ...SMTP_TIMEOUTS,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/** The file name of a message: its time first, so that names sort oldest to newest. */
function fileName(mail: OutgoingMail, now: Date): string {
  const id = mail.messageId
    .replace(/^<|>$/g, '')
    .replace(/[^A-Za-z0-9.@-]/g, '_')
    .slice(0, 100);
  return `${now.toISOString().replace(/[:.]/g, '-')}_${id}.eml`;
}

export function createFileTransport(dir: string): MailTransport {
  return {
    kind: 'files',
    async send(mail) {
      const raw = await new MailComposer(mail).compile().build();
      mkdirSync(dir, { recursive: true });
      const target = path.join(dir, fileName(mail, new Date()));
      // Written whole, then renamed: /dev/mail never reads half a message.
      const partial = `${target}.part`;
      writeFileSync(partial, raw);
      renameSync(partial, target);
    },
    close: () => {},
  };
}
