/**
 * Stripe's configuration, from the environment: all three keys, or none (the server then stays in test mode).
 * A half-configured server stops at start rather than taking orders it cannot confirm.
 */
export interface StripeSettings {
  /** sk_live_… or sk_test_… (a restricted rk_… key works too). */
  secretKey: string;
  /** pk_live_… or pk_test_…: the browser confirms payments with it. */
  publishableKey: string;
  /** whsec_…: the webhook endpoint's signing secret. */
  webhookSecret: string;
  /** Another API origin (http://127.0.0.1:PORT): the tests' recorded fixtures, or a Stripe mock. */
  apiBase?: string;
  /** How long a shopper has to confirm a payment before the order is let go. */
  paymentExpiryMinutes?: number;
}

export const DEFAULT_PAYMENT_EXPIRY_MINUTES = 30;

export const STRIPE_ENV_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** The keys' expected beginnings, so a key pasted into the wrong variable is caught at start. */
const KEY_SHAPES: Record<(typeof STRIPE_ENV_VARIABLES)[number], RegExp> = {
  STRIPE_SECRET_KEY: /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
  STRIPE_PUBLISHABLE_KEY: /^pk_(test|live)_[A-Za-z0-9]+$/,
  STRIPE_WEBHOOK_SECRET: /^whsec_[A-Za-z0-9+/=]+$/,
};

/** The Stripe settings of the environment; null when none of the keys is set. Throws on a partial or malformed set. */
export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv): StripeSettings | null {
  const values = STRIPE_ENV_VARIABLES.map((name) => [name, env[name]?.trim() ?? ''] as const);
  if (values.every(([, value]) => value === '')) return null;
  const missing = values.filter(([, value]) => value === '').map(([name]) => name);
  if (missing.length > 0) throw new Error(`Stripe is half configured: set ${missing.join(' and ')} too, or none of ${STRIPE_ENV_VARIABLES.join(', ')}.`);
  for (const [name, value] of values) {
    if (!KEY_SHAPES[name].test(value)) throw new Error(`${name} does not look like a Stripe key of that kind.`);
  }
  const [secretKey, publishableKey, webhookSecret] = values.map(([, value]) => value) as [string, string, string];
  const mode = (key: string) => (key.includes('_test_') ? 'test' : 'live');
  if (mode(secretKey) !== mode(publishableKey)) throw new Error('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys.');
  const apiBase = env.STRIPE_API_BASE?.trim() || undefined;
  if (apiBase !== undefined) apiOriginOf(apiBase);
  const minutes = env.PAYMENT_EXPIRY_MINUTES?.trim();
  let paymentExpiryMinutes: number | undefined;
  if (minutes) {
    paymentExpiryMinutes = Number(minutes);
    if (!Number.isInteger(paymentExpiryMinutes) || paymentExpiryMinutes < 5 || paymentExpiryMinutes > 24 * 60) {
      throw new Error('PAYMENT_EXPIRY_MINUTES must be a whole number of minutes from 5 to 1440.');
    }
  }
  return { secretKey, publishableKey, webhookSecret, ...(apiBase ? { apiBase } : {}), ...(paymentExpiryMinutes ? { paymentExpiryMinutes } : {}) };
}

/** STRIPE_API_BASE as the Stripe client takes it: protocol, host and port. */
export function apiOriginOf(apiBase: string): { protocol: 'http' | 'https'; host: string; port: number } {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new Error('STRIPE_API_BASE must be an origin such as http://127.0.0.1:12111.');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error('STRIPE_API_BASE must be an origin such as http://127.0.0.1:12111.');
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443 };
}
