import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the loopback SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A throw-away SMTP server on 127.0.0.1 for tests: it receives what nodemailer sends, and can be told to
 * refuse recipients for a while (451, try later) or for good (550, no such user).
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; times: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (refusal && refusal.times > 0) {
        refusal.times -= 1;
        const error = Object.assign(new Error(refusal.code >= 500 ? 'No such user here' : 'Mailbox busy, try again later'), { responseCode: refusal.code });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuses `address` the next `times` times with `code` (451 temporary, 550 permanent). */
    refuse(address: string, code: number, times = Number.POSITIVE_INFINITY) {
      refusals.set(address.toLowerCase(), { code, times });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
