import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Download tokens: `{grantId}.{expiry}.{signature}`, where expiry is the grant's expires_at in whole seconds since
 * the epoch (base 36) and signature the HMAC-SHA256 of `download:{grantId}.{expiry}` under the server secret
 * 'downloads' (base64url). A token names its grant and says when it stops working without a database read; it is
 * the same every time for one grant, so the mail and the confirmation page show one link. Nothing else is
 * stored: the grant's row keeps the count.
 */

export interface DownloadTokenClaims {
  grantId: string;
  expiresAt: Date;
}

const GRANT_ID = /^[a-f0-9]{24}$/;
const EXPIRY = /^[a-z0-9]{1,10}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function signatureOf(secret: string, grantId: string, expiry: string): Buffer {
  return createHmac('sha256', secret).update(`download:${grantId}.${expiry}`).digest();
}

export function signDownloadToken(secret: string, claims: DownloadTokenClaims): string {
  const expiry = Math.floor(claims.expiresAt.getTime() / 1000).toString(36);
  return `${claims.grantId}.${expiry}.${signatureOf(secret, claims.grantId, expiry).toString('base64url')}`;
}

/** The claims of a token this server signed, or undefined for anything else (malformed, tampered, another secret). */
export function verifyDownloadToken(secret: string, token: string): DownloadTokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [grantId, expiry, signature] = parts as [string, string, string];
  if (!GRANT_ID.test(grantId) || !EXPIRY.test(expiry) || !SIGNATURE.test(signature)) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, grantId, expiry);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { grantId, expiresAt: new Date(parseInt(expiry, 36) * 1000) };
}
