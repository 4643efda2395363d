import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { randomInt } from 'node:crypto';
import { CAPTCHA_CHALLENGE_LIFETIME_SECONDS, type CaptchaChallenge } from '@vitrine/contracts';
import type { Website } from '../db/schema';

/** The key derivation every challenge uses: PBKDF2 is in every browser's WebCrypto, so no WASM is shipped. */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * How much work a challenge asks for: `cost` PBKDF2 iterations per try, and the answer hidden at a
 * random try between minCounter and maxCounter. The default takes a phone about a second with the
 * widget's workers, and a bot the same per submission.
 */
export interface CaptchaDifficulty {
  cost: number;
  minCounter: number;
  maxCounter: number;
}

export const DEFAULT_CAPTCHA_DIFFICULTY: CaptchaDifficulty = { cost: 2000, minCounter: 500, maxCounter: 2500 };

/** The two server secrets that sign challenges and their expected keys, and the difficulty. */
export interface CaptchaSettings {
  /** Signs a challenge's parameters: a changed cost, expiry or website is refused. */
  signatureSecret: string;
  /** Signs the expected key, so checking a solution is one HMAC rather than redoing the work. */
  keySignatureSecret: string;
  difficulty: CaptchaDifficulty;
}

/** A website shows the captcha when it has a site key (platform spec §3 `website.captchaSettings.siteKey`). */
export function isCaptchaEnabled(website: Pick<Website, 'captcha_site_key'>): boolean {
  return typeof website.captcha_site_key === 'string' && website.captcha_site_key.trim() !== '';
}

/** A fresh challenge for one website, expiring after CAPTCHA_CHALLENGE_LIFETIME_SECONDS. */
export async function createCaptchaChallenge(settings: CaptchaSettings, website: Pick<Website, 'id'>, now = Date.now()): Promise<CaptchaChallenge> {
  const { cost, minCounter, maxCounter } = settings.difficulty;
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost,
    counter: randomInt(minCounter, maxCounter + 1),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + CAPTCHA_CHALLENGE_LIFETIME_SECONDS,
    // Bound to the website: a solution for one shop is no use at another served from the same secrets.
    data: { websiteId: website.id },
    hmacSignatureSecret: settings.signatureSecret,
    hmacKeySignatureSecret: settings.keySignatureSecret,
  });
  return challenge as CaptchaChallenge;
}
