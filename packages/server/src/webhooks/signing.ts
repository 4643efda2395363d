import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The Standard Webhooks scheme (standardwebhooks.com): a secret `whsec_<base64>`, whose base64 part (decoded) is
 * the HMAC-SHA256 key; each request carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature`: space-separated `v1,<base64 HMAC of "{id}.{timestamp}.{body}">`, one per valid secret (two
 * while a rotated secret's grace lasts; a receiver accepts the request when any one matches). Pure but for the
 * random bytes.
 */
export const SECRET_PREFIX = 'whsec_';

/** 24 random bytes, as the scheme's reference libraries make them. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** 'whsec_' and the first characters of the secret: tells secrets apart in the panel, gives nothing away. */
export const secretPrefixOf = (secret: string) => `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;

export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt. */
export function signedHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, id, timestampSeconds, body)).join(' '),
  };
}

/**
 * The signing secrets are sealed (AES-256-GCM) with a key derived from the server secret 'webhooks'
 * (http/server-secrets.ts): the platform needs them back to sign, so a hash would not do, and a copy of the
 * database alone does not give them away.
 */
export const webhookSealKeyFrom = (serverSecret: string): Buffer => createHash('sha256').update(`webhook-secret-seal:${serverSecret}`).digest();

export function sealWebhookSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openWebhookSecret(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}
