import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A message as the worker hands it to a transport. */
export interface OutgoingMail {
  /** The outbox id: the Message-ID is made from it, so a re-delivery carries the same one. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Why a delivery failed: `permanent` when retrying cannot help (the server refused the address). */
export class DeliveryError extends Error {
  constructor(message: string, readonly permanent: boolean) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Where mail goes. The SMTP transport is the default with SMTP_URL; the folder one without. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

const messageIdOf = (mail: OutgoingMail, domain: string) => `<${mail.id}@${domain}>`;
const domainOf = (from: string) => /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'vitrine.local';

function nodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: messageIdOf(mail, domainOf(mail.from)),
  };
}

/** SMTP through nodemailer (`smtp://user:pass@host:587`, `smtps://…`). A 5xx answer is permanent; the rest is retried. */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail(nodemailerMessage(mail));
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new DeliveryError(error instanceof Error ? error.message : String(error), typeof code === 'number' && code >= 500 && code < 600);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * Without an SMTP server: each message is written as an .eml file under `dir` (DATA_DIR/mail), so
 * nothing is lost and nothing needs installing; the owner also reads it in the outbox.
 */
export function createFolderTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'folder',
    async send(mail) {
      const info = await builder.sendMail(nodemailerMessage(mail));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.id}.eml`);
      // Written whole or not at all: a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
  };
}
