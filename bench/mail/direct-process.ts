/**
 * The ceiling for bench/mail/run.ts: nodemailer sending the outbox's messages straight to the SMTP server
 * in a loop, one after the other, with nothing around it (no claim, no suppression check, no outcome
 * written). The messages are read from the outbox before 'ready', so the loop sends exactly what the
 * workers send, with the same fields and the same transport settings.
 * Environment: DATABASE_URL, SMTP_URL, DIRECT_SHARE ("index/count": this process sends every count-th
 * message from index), KEPT_CONNECTION=1 (one connection kept open, as the workers' kept-connection runs).
 */
import { listen, openBenchDatabase, required, tell } from './child';
import { createBenchTransporter, nodemailerFields } from './smtp-message';

const [index, count] = (process.env.DIRECT_SHARE ?? '0/1').split('/').map(Number) as [number, number];
const database = await openBenchDatabase();
const rows = await database.db
  .selectFrom('mail_outbox')
  .select(['id', 'from_address', 'to_address', 'subject', 'text_body', 'html_body', 'headers'])
  .where('status', '=', 'pending')
  .orderBy('id')
  .execute();
await database.close();
const mine = rows
  .filter((_, position) => position % count === index)
  .map((row) => nodemailerFields({ id: row.id, from: row.from_address, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, headers: row.headers }));
const transporter = createBenchTransporter(required('SMTP_URL'), process.env.KEPT_CONNECTION === '1');

listen({
  async onGo() {
    for (const message of mine) await transporter.sendMail(message);
    tell({ type: 'done', sent: mine.length });
  },
  async onStop() {
    transporter.close();
  },
});
tell({ type: 'ready' });
