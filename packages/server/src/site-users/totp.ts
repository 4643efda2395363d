import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import { siteUserOf, type Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { conflict, Failure, invalid, unauthenticated } from '../failures';

type Db = Kysely<Database> | Transaction<Database>;

export const TOTP_MESSAGES = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Enter the newest code from your authenticator app.',
  alreadyOn: 'Two-step sign-in is already on.',
  notBegun: 'Start turning on two-step sign-in first.',
  notOn: 'Two-step sign-in is not on.',
  notSignedIn: 'You are not signed in.',
} as const;

/** The issuer name authenticator apps show beside the account. */
const ISSUER = 'Vitrine';
/** A code of the previous or next 30-second step is accepted too (clocks drift). */
const TOLERANCE_SECONDS = 30;

/** The key that seals authenticator secrets, derived from the shared server secret 'totp'. */
export const totpKeyFrom = (serverSecret: string): Buffer => createHash('sha256').update(`totp-seal:${serverSecret}`).digest();

/** AES-256-GCM: iv.tag.ciphertext, base64url. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

/** The time step of `code` when it is a current code of `secret`, else undefined. */
export async function acceptedStep(secret: string, code: string): Promise<number | undefined> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  // A TOTP result carries the time step of the code that matched.
  return result.valid && 'timeStep' in result ? Number(result.timeStep) : undefined;
}

interface TotpRow {
  id: string;
  email: string;
  totp_secret_sealed: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number;
}

async function signedInRow(db: Db, website: Website, actor: Actor): Promise<TotpRow> {
  const siteUser = siteUserOf(actor);
  if (!siteUser) throw unauthenticated(TOTP_MESSAGES.notSignedIn);
  return db
    .selectFrom('site_users')
    .select(['id', 'email', 'totp_secret_sealed', 'totp_enabled_at', 'totp_last_step'])
    .where('website_id', '=', website.id)
    .where('id', '=', siteUser.id)
    .executeTakeFirstOrThrow();
}

/**
 * Takes `code` for the user once: valid for their secret, and of a later time step than the last code
 * accepted (a conditional update, so two requests with one code cannot both pass).
 */
async function takeCode(db: Db, key: Buffer, row: TotpRow, code: string): Promise<boolean> {
  if (!row.totp_secret_sealed) return false;
  const step = await acceptedStep(openSecret(key, row.totp_secret_sealed), code);
  if (step === undefined) return false;
  const taken = await db
    .updateTable('site_users')
    .set({ totp_last_step: step })
    .where('id', '=', row.id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Starts set-up: a new secret (replacing one begun before), sealed; two-step sign-in stays off until confirmed. */
export async function beginTotp(db: Kysely<Database>, website: Website, actor: Actor, key: Buffer): Promise<{ secret: string; otpauthUrl: string }> {
  const row = await signedInRow(db, website, actor);
  if (row.totp_enabled_at) throw conflict(TOTP_MESSAGES.alreadyOn);
  const secret = generateSecret();
  await db.updateTable('site_users').set({ totp_secret_sealed: sealSecret(key, secret) }).where('id', '=', row.id).where('totp_enabled_at', 'is', null).execute();
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: row.email, secret }) };
}

export async function confirmTotp(db: Kysely<Database>, website: Website, actor: Actor, key: Buffer, input: { code: string }): Promise<{ totpEnabled: true }> {
  const row = await signedInRow(db, website, actor);
  if (row.totp_enabled_at) throw conflict(TOTP_MESSAGES.alreadyOn);
  if (!row.totp_secret_sealed) throw invalid(TOTP_MESSAGES.notBegun);
  if (!(await takeCode(db, key, row, input.code))) throw invalid(TOTP_MESSAGES.wrongCode, { code: TOTP_MESSAGES.wrongCode });
  await db.updateTable('site_users').set({ totp_enabled_at: new Date() }).where('id', '=', row.id).execute();
  return { totpEnabled: true };
}

export async function disableTotp(db: Kysely<Database>, website: Website, actor: Actor, key: Buffer, input: { code: string }): Promise<{ totpEnabled: false }> {
  const row = await signedInRow(db, website, actor);
  if (!row.totp_enabled_at) throw conflict(TOTP_MESSAGES.notOn);
  if (!(await takeCode(db, key, row, input.code))) throw invalid(TOTP_MESSAGES.wrongCode, { code: TOTP_MESSAGES.wrongCode });
  await db.updateTable('site_users').set({ totp_enabled_at: null, totp_secret_sealed: null }).where('id', '=', row.id).execute();
  return { totpEnabled: false };
}

/**
 * At sign-in, after the password: nothing to do when two-step sign-in is off; otherwise the code must be
 * there and right. A missing code is a 401 naming the field, so a client knows to ask for it.
 */
export async function checkSignInCode(
  db: Db,
  key: Buffer | undefined,
  siteUserId: string,
  code: string | undefined,
): Promise<'off' | 'passed' | 'missing' | 'wrong'> {
  const row = await db
    .selectFrom('site_users')
    .select(['id', 'email', 'totp_secret_sealed', 'totp_enabled_at', 'totp_last_step'])
    .where('id', '=', siteUserId)
    .executeTakeFirstOrThrow();
  if (!row.totp_enabled_at) return 'off';
  if (!key) throw new Error('Two-step sign-in is on for this account but the server has no TOTP key (SiteUserServiceOptions.totpKey).');
  if (!code) return 'missing';
  return (await takeCode(db, key, row, code)) ? 'passed' : 'wrong';
}

export const codeNeeded = () => new Failure('unauthenticated', TOTP_MESSAGES.codeNeeded, { totpCode: TOTP_MESSAGES.codeNeeded });
export const codeWrong = () => new Failure('unauthenticated', TOTP_MESSAGES.wrongCode, { totpCode: TOTP_MESSAGES.wrongCode });
