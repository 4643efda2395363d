import { VERIFY_NOW_PER_MINUTE } from './verify-throttle';
import { NO_ADDRESSES, parseAddressList, type AddressList } from './address-ranges';
import { dnsDomainResolver, parseDnsServers, type DomainResolver } from './dns';
import { DEFAULT_OUTGOING_REQUEST, type OutgoingRequestPolicy } from './outgoing-request';

/** What the custom-domain calls need from the operator: the DNS asked, the outgoing check's guard, who may ask for certificates. */
export interface CustomDomainSettings {
  /** PLATFORM_DOMAIN, lower case; undefined on a one-website server (domains cannot be added there). */
  platformDomain: string | undefined;
  /** DNS TXT challenges and the HTTP check's target addresses. */
  resolver: DomainResolver;
  /** The HTTP token check (outgoing-request.ts). */
  httpCheck: Omit<OutgoingRequestPolicy, 'resolver'>;
  /** Peers the TLS ask endpoint answers (TLS_ASK_ALLOW; loopback by default); everyone else gets 404. */
  tlsAskAllow: AddressList;
  /** "Verify now" calls a minute per website (verify-throttle.ts; 10 unless a test needs room). */
  verifyPerMinute: number;
}

/** What buildApp takes: any part may be left out. */
export interface CustomDomainOptions {
  resolver?: DomainResolver;
  httpCheck?: Partial<Omit<OutgoingRequestPolicy, 'resolver' | 'allowedTargets'>> & { allowedTargets?: AddressList | string };
  tlsAskAllow?: AddressList | string;
  verifyPerMinute?: number;
}

export const DEFAULT_TLS_ASK_ALLOW = 'loopback';

const listOf = (value: AddressList | string | undefined, fallback: string, variable: string): AddressList =>
  typeof value === 'object' ? value : parseAddressList(value ?? fallback, variable);

export function customDomainSettings(platformDomain: string | undefined, options: CustomDomainOptions = {}): CustomDomainSettings {
  const check = options.httpCheck ?? {};
  return {
    platformDomain,
    resolver: options.resolver ?? dnsDomainResolver(),
    httpCheck: {
      port: check.port ?? DEFAULT_OUTGOING_REQUEST.port,
      timeoutMs: check.timeoutMs ?? DEFAULT_OUTGOING_REQUEST.timeoutMs,
      maxBodyBytes: check.maxBodyBytes ?? DEFAULT_OUTGOING_REQUEST.maxBodyBytes,
      allowedTargets: check.allowedTargets === undefined ? NO_ADDRESSES : listOf(check.allowedTargets, '', 'DOMAIN_CHECK_ALLOW'),
    },
    tlsAskAllow: listOf(options.tlsAskAllow, DEFAULT_TLS_ASK_ALLOW, 'TLS_ASK_ALLOW'),
    verifyPerMinute: options.verifyPerMinute ?? VERIFY_NOW_PER_MINUTE,
  };
}

/**
 * The environment's settings (main.ts): DOMAIN_DNS_SERVERS (comma list; the system's DNS when unset),
 * DOMAIN_CHECK_ALLOW (non-public targets the HTTP check may fetch: loopback, private, linklocal or CIDRs; none by
 * default), TLS_ASK_ALLOW (who may call the TLS ask endpoint; loopback by default). A bad value stops the start.
 */
export function customDomainOptionsFromEnv(env: NodeJS.ProcessEnv): CustomDomainOptions {
  const servers = parseDnsServers(env.DOMAIN_DNS_SERVERS);
  return {
    resolver: dnsDomainResolver({ servers }),
    httpCheck: { allowedTargets: parseAddressList(env.DOMAIN_CHECK_ALLOW ?? '', 'DOMAIN_CHECK_ALLOW') },
    tlsAskAllow: parseAddressList(env.TLS_ASK_ALLOW || DEFAULT_TLS_ASK_ALLOW, 'TLS_ASK_ALLOW'),
  };
}
