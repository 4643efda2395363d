import type { Kysely, Transaction } from 'kysely';
import { generateSecret, generateURI } from 'otplib';
import type { Database } from '../db/schema';
import { conflict, invalid } from '../failures';
import { acceptedStep, openSecret, sealSecret, TOTP_MESSAGES } from '../site-users';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Two-step sign-in for platform accounts, exactly as site users have it (site-users/totp.ts): an authenticator
 * app's code after the password, the secret sealed under the server's 'totp' key, each code accepted once.
 */

const ISSUER = 'Vitrine';

interface AccountTotpRow {
  id: string;
  email: string;
  totp_secret_sealed: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number;
}

const readRow = (db: Db, accountId: string): Promise<AccountTotpRow> =>
  db.selectFrom('platform_accounts').select(['id', 'email', 'totp_secret_sealed', 'totp_enabled_at', 'totp_last_step']).where('id', '=', accountId).executeTakeFirstOrThrow();

/** Takes the code once: right for the secret and of a later time step than the last one accepted (a conditional update). */
async function takeCode(db: Db, key: Buffer, row: AccountTotpRow, code: string): Promise<boolean> {
  if (!row.totp_secret_sealed) return false;
  const step = await acceptedStep(openSecret(key, row.totp_secret_sealed), code);
  if (step === undefined) return false;
  const taken = await db.updateTable('platform_accounts').set({ totp_last_step: step }).where('id', '=', row.id).where('totp_last_step', '<', step).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Starts turning two-step sign-in on: a new secret, sealed; off until a code confirms it. */
export async function beginAccountTotp(db: Kysely<Database>, accountId: string, key: Buffer): Promise<{ secret: string; otpauthUrl: string }> {
  const row = await readRow(db, accountId);
  if (row.totp_enabled_at) throw conflict(TOTP_MESSAGES.alreadyOn);
  const secret = generateSecret();
  await db.updateTable('platform_accounts').set({ totp_secret_sealed: sealSecret(key, secret) }).where('id', '=', row.id).where('totp_enabled_at', 'is', null).execute();
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: row.email, secret }) };
}

export async function confirmAccountTotp(db: Kysely<Database>, accountId: string, key: Buffer, input: { code: string }): Promise<{ totpEnabled: true }> {
  const row = await readRow(db, accountId);
  if (row.totp_enabled_at) throw conflict(TOTP_MESSAGES.alreadyOn);
  if (!row.totp_secret_sealed) throw invalid(TOTP_MESSAGES.notBegun);
  if (!(await takeCode(db, key, row, input.code))) throw invalid(TOTP_MESSAGES.wrongCode, { code: TOTP_MESSAGES.wrongCode });
  await db.updateTable('platform_accounts').set({ totp_enabled_at: new Date() }).where('id', '=', row.id).execute();
  return { totpEnabled: true };
}

export async function disableAccountTotp(db: Kysely<Database>, accountId: string, key: Buffer, input: { code: string }): Promise<{ totpEnabled: false }> {
  const row = await readRow(db, accountId);
  if (!row.totp_enabled_at) throw conflict(TOTP_MESSAGES.notOn);
  if (!(await takeCode(db, key, row, input.code))) throw invalid(TOTP_MESSAGES.wrongCode, { code: TOTP_MESSAGES.wrongCode });
  await db.updateTable('platform_accounts').set({ totp_enabled_at: null, totp_secret_sealed: null }).where('id', '=', row.id).execute();
  return { totpEnabled: false };
}

/** Two-step sign-in begun and not yet confirmed: its secret again (a wrong first code shows the set-up once more). */
export async function begunAccountTotp(db: Db, accountId: string, key: Buffer): Promise<{ secret: string; otpauthUrl: string } | undefined> {
  const row = await readRow(db, accountId);
  if (row.totp_enabled_at || !row.totp_secret_sealed) return undefined;
  const secret = openSecret(key, row.totp_secret_sealed);
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: row.email, secret }) };
}

/** Whether the account has two-step sign-in on (its settings page shows the matching form). */
export async function isAccountTotpOn(db: Db, accountId: string): Promise<boolean> {
  return (await readRow(db, accountId)).totp_enabled_at !== null;
}

/** At sign-in, after the password: 'off', or the code's verdict. */
export async function checkAccountSignInCode(db: Db, key: Buffer, accountId: string, code: string | undefined): Promise<'off' | 'passed' | 'missing' | 'wrong'> {
  const row = await readRow(db, accountId);
  if (!row.totp_enabled_at) return 'off';
  if (!code) return 'missing';
  return (await takeCode(db, key, row, code)) ? 'passed' : 'wrong';
}
