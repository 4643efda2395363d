/**
 * One outbox worker process for bench/mail/run.ts: the MailWorker of packages/server/src/mail with its
 * production settings. Its transport is the server's own SMTP transport (createSmtpTransport, as `npm start`
 * runs it with SMTP_URL set), or with KEPT_CONNECTION=1 the bench's transport over one kept connection.
 * Environment: DATABASE_URL, SMTP_URL, KEPT_CONNECTION.
 */
import { createSmtpTransport, MailWorker } from '../../packages/server/src/mail';
import { listen, openBenchDatabase, required, tell } from './child';
import { keptConnectionTransport } from './smtp-message';

const database = await openBenchDatabase();
const smtpUrl = required('SMTP_URL');
const transport = process.env.KEPT_CONNECTION === '1' ? keptConnectionTransport(smtpUrl) : createSmtpTransport(smtpUrl);
const worker = new MailWorker(database.db, transport, {
  log: {
    warn: (details, message) => console.error(`worker ${process.pid}: ${message}`, details),
    info: () => undefined,
  },
});

listen({
  onGo: () => worker.start(),
  onStop: async () => {
    await worker.stop();
    transport.close?.();
    await database.close();
  },
});
tell({ type: 'ready' });
