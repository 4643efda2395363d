import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The sign-in form's second step (two-step sign-in on): the password was right and the authenticator code is
 * missing, so the page asks for the code. The page works without JavaScript, so what the first step entered
 * travels in the second step's form — sealed (AES-256-GCM, under a key of its own derived from the server's
 * TOTP key) and for 5 minutes: the page never holds the password in clear, and a copied form goes stale.
 * The second step signs in again with the code (site-users' signIn checks the password, the code once, and the
 * sign-in throttle as for any attempt).
 */

export const SIGN_IN_STEP_MINUTES = 5;

export interface PendingSignIn {
  email: string;
  password: string;
  rememberMe: boolean;
  /** Where to go after signing in (a /config path). */
  next: string;
}

const keyOf = (totpKey: Buffer) => createHash('sha256').update('owner-sign-in-step:').update(totpKey).digest();

export function sealPendingSignIn(totpKey: Buffer, pending: PendingSignIn, now = Date.now()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(totpKey), iv);
  const payload = JSON.stringify({ ...pending, expiresAt: now + SIGN_IN_STEP_MINUTES * 60_000 });
  const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The first step's entries, or undefined when the token is forged, damaged or expired. */
export function openPendingSignIn(totpKey: Buffer, token: string, now = Date.now()): PendingSignIn | undefined {
  try {
    const [iv, tag, data, extra] = token.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data || extra || iv.length !== 12 || tag.length !== 16) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(totpKey), iv);
    decipher.setAuthTag(tag);
    const value = JSON.parse(Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')) as PendingSignIn & { expiresAt: number };
    if (typeof value.expiresAt !== 'number' || value.expiresAt < now) return undefined;
    return { email: String(value.email), password: String(value.password), rememberMe: value.rememberMe === true, next: String(value.next) };
  } catch {
    return undefined;
  }
}

/** A path after sign-in: only the owner app's own pages (no other host, no scheme-relative `//`, no `..`). */
export function ownerNextPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/config';
  const path = value.split('?')[0]!;
  const safe = /^\/config(\/[A-Za-z0-9\-._~/]*)?(\?[A-Za-z0-9\-._~=&%]*)?$/.test(value) && !value.includes('//') && !/(^|\/)\.\.?(\/|$)/.test(path);
  return safe ? value : '/config';
}
