import { afterAll, beforeAll } from 'vitest';
import { startTestSmtpServer } from '../../packages/server/src/mail/test-smtp';

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

/**
 * A real SMTP server on loopback for the file's server to send through: call before `useShop({ env })` (hooks run in
 * order, so the server starts with `env.SMTP_URL` pointing here). Read `smtp.server` inside tests only.
 */
export function useTestSmtp(env: Record<string, string>): { server: TestSmtp } {
  const smtp = {} as { server: TestSmtp };
  beforeAll(async () => {
    smtp.server = await startTestSmtpServer();
    env.SMTP_URL = smtp.server.url;
  });
  afterAll(async () => {
    await smtp.server?.close();
  });
  return smtp;
}

/** The received messages to `address`, as text: quoted-printable soft line breaks and escapes undone. */
export function mailsTo(smtp: TestSmtp, address: string): string[] {
  return smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => decodeQuotedPrintable(mail.raw));
}

export const decodeQuotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
