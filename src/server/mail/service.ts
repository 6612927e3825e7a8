/**
 * Mail in a running server (main.ts): the transport from the configuration, the outbox worker as the
 * scheduler's 'outbox' job in every process, polled every few seconds and woken by the NOTIFY of each
 * committed message. Tests build the worker themselves (worker.ts) with their own transport and clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AppConfig } from '../env.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { OUTBOX_CHANNEL } from './outbox.ts';
import { createMailTransport, mailDir, type MailTransport } from './transport.ts';
import { createOutboxWorker } from './worker.ts';

export const OUTBOX_JOB = 'outbox';
/** How often each process looks for due messages (retries, and anything a missed NOTIFY left). */
export const OUTBOX_POLL_MS = 5_000;

/** What readiness reports for mail: SMTP configured, files (outside production) or not configured. */
export type MailStatus = 'ok' | 'files' | 'not configured';

export function mailStatus(config: Pick<AppConfig, 'mail' | 'nodeEnv'>): MailStatus {
  if (config.mail.smtpUrl) return 'ok';
  return config.nodeEnv === 'production' ? 'not configured' : 'files';
}

export const MAIL_NOT_CONFIGURED =
  'SMTP_URL is not set: emails are written to files under DATA_DIR/mail and nobody receives them. Set SMTP_URL (see README).';

export async function startOutbox(opts: {
  scheduler: Scheduler;
  database: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
  transport?: MailTransport;
}): Promise<{ stop(): Promise<void> }> {
  const { config, log } = opts;
  const transport = opts.transport ?? createMailTransport(config.mail, config.dataDir);
  const status = mailStatus(config);
  if (status === 'not configured') log.error(MAIL_NOT_CONFIGURED);
  else if (status === 'files') {
    log.info(
      `Mail is written to ${mailDir(config.dataDir)}${config.nodeEnv === 'development' ? ' and shown at /dev/mail' : ''}`,
    );
  }
  const worker = createOutboxWorker({
    db: opts.database.db,
    transport,
    publicUrl: config.publicUrl,
    from: config.mail.from,
    authSecret: config.authSecret,
    log,
  });
  opts.scheduler.schedule(OUTBOX_JOB, OUTBOX_POLL_MS, async () => void (await worker.drain()), {
    scope: 'every-process',
  });
  const unlisten = await opts.database.listen(OUTBOX_CHANNEL, () => opts.scheduler.nudge(OUTBOX_JOB));
  return {
    /** Claims no more, waits for the batch in hand (with the scheduler's other jobs), then disconnects. */
    async stop() {
      worker.stop();
      await unlisten();
      await opts.scheduler.stop();
      transport.close();
    },
  };
}
