import { randomBytes } from 'node:crypto';

/**
 * An API key is `vk_` and 43 base64url characters (32 random bytes): recognisable in logs and secret
 * scanners by its prefix, unguessable by its length. The database keeps its SHA-256 (ids.ts hashToken)
 * and the first characters for display, never the key.
 */
export const API_KEY_PREFIX = 'vk_';
const API_KEY_PATTERN = /^vk_[A-Za-z0-9_-]{43}$/;
/** 'vk_' and 8 characters: enough to tell a website's keys apart, far too few to guess the rest. */
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 8;

export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isApiKeyFormat(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

export function displayPrefixOf(secret: string): string {
  return secret.slice(0, DISPLAY_LENGTH);
}

/**
 * The credential of an `Authorization` header: the token of a Bearer scheme (any case, as RFC 7235 allows),
 * undefined when there is no header or it is another scheme (a Basic login added by a proxy in front is
 * not ours to judge).
 */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  if (!match) return /^bearer\b/i.test(header) ? '' : undefined;
  return match[1];
}
