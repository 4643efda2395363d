import { verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import { CAPTCHA_MESSAGES } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { invalid } from '../failures';
import { CAPTCHA_ALGORITHM, type CaptchaSettings } from './challenges';

export type CaptchaCheck = 'accepted' | 'missing' | 'invalid' | 'expired' | 'replayed';

/** The most a widget payload may weigh (a v2 payload is about 600 characters). */
const MAX_TOKEN_LENGTH = 4096;

interface DecodedPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`. */
export function decodeCaptchaPayload(token: string): DecodedPayload | null {
  if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return null;
  const { parameters, signature } = value.challenge;
  const { counter, derivedKey } = value.solution;
  if (!isRecord(parameters) || typeof signature !== 'string') return null;
  if (typeof parameters.nonce !== 'string' || parameters.algorithm !== CAPTCHA_ALGORITHM) return null;
  if (typeof parameters.expiresAt !== 'number' || !isRecord(parameters.data)) return null;
  if (typeof counter !== 'number' || !Number.isSafeInteger(counter) || counter < 0 || typeof derivedKey !== 'string') return null;
  return { challenge: value.challenge as unknown as Challenge, solution: { counter, derivedKey } };
}

/**
 * Checks a solution and uses it up: it must decode, be signed by us for this website, not be expired,
 * solve its challenge, and not have been accepted before (its nonce is kept until the challenge expires;
 * the primary key makes two racing uses one win and one replay, on any number of processes).
 */
export async function checkCaptchaSolution(
  db: Kysely<Database>,
  website: Pick<Website, 'id'>,
  settings: CaptchaSettings,
  token: string | undefined | null,
  now = Date.now(),
): Promise<CaptchaCheck> {
  if (token === undefined || token === null || token.trim() === '') return 'missing';
  const payload = decodeCaptchaPayload(token.trim());
  if (!payload) return 'invalid';
  const { parameters } = payload.challenge;
  if (parameters.data?.websiteId !== website.id) return 'invalid';
  if ((parameters.expiresAt ?? 0) * 1000 <= now) return 'expired';
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: settings.signatureSecret,
    hmacKeySignatureSecret: settings.keySignatureSecret,
  });
  if (result.expired) return 'expired';
  if (!result.verified) return 'invalid';
  await db.deleteFrom('captcha_solutions_used').where('expires_at', '<', new Date(now)).execute();
  const inserted = await db
    .insertInto('captcha_solutions_used')
    .values({ nonce: parameters.nonce, website_id: website.id, expires_at: new Date(parameters.expiresAt! * 1000) })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? 'accepted' : 'replayed';
}

/**
 * For a call the captcha guards: passes when the solution is accepted, else a 400 naming the field
 * that carried it (`captchaToken` for the restock box, `captchaKey` for forms).
 */
export async function requireCaptchaSolution(
  db: Kysely<Database>,
  website: Pick<Website, 'id'>,
  settings: CaptchaSettings,
  token: string | undefined | null,
  field: string,
): Promise<void> {
  const check = await checkCaptchaSolution(db, website, settings, token);
  if (check === 'accepted') return;
  const message = CAPTCHA_MESSAGES[check];
  throw invalid(message, { [field]: message });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
