/**
 * Test support: a real SMTP server (the `smtp-server` package) on a random local port that keeps every
 * message it accepts, parsed (mailparser), or refuses them with the reply a test chooses.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses. */
  recipients: string[];
  parsed: ParsedMail;
  raw: Buffer;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every accepted message, parsed (unless started with `parse: false`). */
  received: ReceivedMail[];
  /** The Message-ID of every accepted message, in order of arrival. */
  messageIds: string[];
  /** Refuse every following message at DATA with this reply code (e.g. 451 temporary, 554 permanent). */
  refuseWith(code: number | null): void;
  /** Refuse recipients at RCPT TO with this reply code. */
  refuseRecipientsWith(code: number | null): void;
  close(): Promise<void>;
}

/** `parse: false` only counts (benchmarks: parsing in the same process would be measured too). */
export async function startSmtpSink(options: { parse?: boolean } = {}): Promise<SmtpSink> {
  const parse = options.parse ?? true;
  const received: ReceivedMail[] = [];
  const messageIds: string[] = [];
  let refuseData: number | null = null;
  let refuseRcpt: number | null = null;
  const refusal = (code: number) =>
    Object.assign(new Error(code >= 500 ? 'Refused for good by the test sink' : 'Try again later'), {
      responseCode: code,
    });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(refuseRcpt ? refusal(refuseRcpt) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseData) return callback(refusal(refuseData));
        const raw = Buffer.concat(chunks);
        const head = raw.subarray(0, raw.indexOf('\r\n\r\n') >>> 0).toString('latin1');
        messageIds.push(/^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '');
        if (!parse) return callback(null);
        simpleParser(raw).then(
          (parsed) => {
            received.push({ recipients: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
            callback(null);
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    messageIds,
    refuseWith(code) {
      refuseData = code;
    },
    refuseRecipientsWith(code) {
      refuseRcpt = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
