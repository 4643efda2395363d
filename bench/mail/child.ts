/**
 * What the two child scripts of bench/mail share: the messages between them and run.ts (over the IPC
 * channel of `spawn`), and the database they open.
 */
import { openPostgres, type OpenDatabase } from '../../packages/server/src/db/database';

/** run.ts → child: start sending; stop and exit. Child → run.ts: ready to start; done sending (direct only); failed. */
export type ToChild = { type: 'go' } | { type: 'stop' };
export type FromChild = { type: 'ready' } | { type: 'done'; sent: number } | { type: 'failed'; error: string };

export function tell(message: FromChild): void {
  process.send?.(message);
}

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (this script is started by bench/mail/run.ts)`);
  return value;
}

/** The bench database, with a connection opened before 'ready' so the first claim does not pay for it. */
export async function openBenchDatabase(): Promise<OpenDatabase> {
  const database = openPostgres({ connectionString: required('DATABASE_URL') });
  await database.db.selectFrom('mail_outbox').select('id').limit(1).execute();
  return database;
}

/** Runs `onGo` on 'go' and `onStop` (then exits) on 'stop'; any failure is reported and ends the process. */
export function listen(handlers: { onGo(): Promise<void> | void; onStop(): Promise<void> }): void {
  const fail = (error: unknown) => {
    tell({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  };
  process.on('message', (message: ToChild) => {
    if (message.type === 'go') Promise.resolve(handlers.onGo()).catch(fail);
    if (message.type === 'stop') handlers.onStop().then(() => process.exit(0), fail);
  });
  // The parent gone (killed, crashed): nothing left to do.
  process.on('disconnect', () => process.exit(0));
}
