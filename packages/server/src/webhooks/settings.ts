import { dnsDomainResolver, parseAddressList, type AddressList, type DomainResolver } from '../websites';
import { DEFAULT_OUTGOING, type OutgoingPolicy } from './outgoing';
import type { WebhookDeliveryJob } from './delivery-job';

/** What buildApp takes for webhooks (every part optional; the environment's values otherwise). */
export interface WebhookOptions {
  /** The DNS asked for endpoints' addresses: the system's by default; tests a DNS server on loopback. */
  resolver?: DomainResolver;
  /** WEBHOOKS_ALLOW_PRIVATE: non-public addresses endpoints may have (loopback, private, linklocal, CIDRs); none by default. */
  allowPrivate?: AddressList | string;
  timeoutMs?: number;
  maxBodyBytes?: number;
  backoffBaseMs?: number;
  retryWindowMs?: number;
  /** How often the delivery job looks when nothing was due (a second; WEBHOOKS_INTERVAL_MS); 0 never starts it. */
  intervalMs?: number;
  /** Handed the app's delivery job when it is built (tests drive its runOnce). */
  created?: (job: WebhookDeliveryJob) => void;
}

export const WEBHOOKS_ALLOW_PRIVATE = 'WEBHOOKS_ALLOW_PRIVATE';

export function outgoingPolicyOf(options: WebhookOptions): OutgoingPolicy {
  const allow = options.allowPrivate;
  return {
    resolver: options.resolver ?? dnsDomainResolver(),
    allowedTargets: typeof allow === 'object' ? allow : parseAddressList(allow ?? '', WEBHOOKS_ALLOW_PRIVATE),
    timeoutMs: options.timeoutMs ?? DEFAULT_OUTGOING.timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_OUTGOING.maxBodyBytes,
  };
}

/**
 * The environment's settings: WEBHOOKS_ALLOW_PRIVATE (as above; a bad value stops the start), DOMAIN_DNS_SERVERS
 * (the DNS the custom-domain check asks, asked here too), WEBHOOKS_INTERVAL_MS and WEBHOOKS_BACKOFF_BASE_MS (tests of
 * several processes make them short).
 */
export function webhookOptionsFromEnv(env: NodeJS.ProcessEnv): WebhookOptions {
  const servers = (env.DOMAIN_DNS_SERVERS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const number = (name: string) => (env[name] && /^\d+$/.test(env[name]!) ? Number(env[name]) : undefined);
  return {
    ...(servers.length > 0 ? { resolver: dnsDomainResolver({ servers }) } : {}),
    ...(env[WEBHOOKS_ALLOW_PRIVATE] ? { allowPrivate: parseAddressList(env[WEBHOOKS_ALLOW_PRIVATE]!, WEBHOOKS_ALLOW_PRIVATE) } : {}),
    ...(number('WEBHOOKS_INTERVAL_MS') !== undefined ? { intervalMs: number('WEBHOOKS_INTERVAL_MS') } : {}),
    ...(number('WEBHOOKS_BACKOFF_BASE_MS') !== undefined ? { backoffBaseMs: number('WEBHOOKS_BACKOFF_BASE_MS') } : {}),
  };
}
