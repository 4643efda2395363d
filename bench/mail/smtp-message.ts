/**
 * The nodemailer side of bench/mail, shared by its child processes: the message fields exactly as the
 * server's SMTP transport (packages/server/src/mail/transport.ts) hands them to nodemailer, and a
 * transport that keeps one SMTP connection open instead of opening one per message.
 */
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from '../../packages/server/src/mail';

export function nodemailerFields(mail: OutgoingMail) {
  const domain = /@([^>\s]+)>?$/.exec(mail.from)?.[1] ?? 'vitrine.local';
  return { from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId: `<${mail.id}@${domain}>` };
}

/**
 * nodemailer as the bench sends with it: `createTransport(SMTP_URL)` as the server does (a new connection
 * per message), or with `kept`, a pool of one connection that stays open between messages.
 */
export function createBenchTransporter(smtpUrl: string, kept: boolean) {
  return kept ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1 }) : nodemailer.createTransport(smtpUrl);
}

/** A MailTransport over one kept connection, for the worker's own cost without connection set-up (bench only). */
export function keptConnectionTransport(smtpUrl: string): MailTransport {
  const transporter = createBenchTransporter(smtpUrl, true);
  return {
    name: 'smtp-kept-connection',
    send: async (mail) => {
      await transporter.sendMail(nodemailerFields(mail));
    },
    close: () => transporter.close(),
  };
}
