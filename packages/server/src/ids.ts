import { createHash, randomBytes } from 'node:crypto';

/** A 24-hex-digit object id, the shape of the platform's ids. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** A stable id derived from a name: the demo seed gives the same ids on every database. */
export function stableId(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 24);
}

/** An unguessable bearer secret (cart tokens, session cookies). */
export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** What the database keeps of a bearer secret (sessions, set-up links, API keys): its SHA-256, never the secret. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
