import { Resolver } from 'node:dns/promises';

/**
 * The DNS the platform asks about custom domains: their TXT challenge records and the addresses the HTTP token
 * check connects to. Injectable: tests point a real `dns.Resolver` at a DNS server on loopback (the internet's DNS
 * is the one thing outside the machine); production asks the system's servers, or DOMAIN_DNS_SERVERS.
 */
export interface DomainResolver {
  /** The TXT records at `name`, each one string (its chunks joined); none when the name or the type does not exist. */
  txt(name: string): Promise<string[]>;
  /** The A and AAAA addresses of `name` (CNAMEs followed), IPv4 first; none when it has none. */
  addresses(name: string): Promise<string[]>;
}

/** Answers that mean "there is no such record", as opposed to a DNS that could not be reached. */
const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

export class DnsLookupError extends Error {
  constructor(readonly code: string) {
    super(`DNS lookup failed: ${code}`);
  }
}

function codeOf(error: unknown): string {
  return String((error as { code?: unknown } | null)?.code ?? 'EUNKNOWN');
}

/**
 * A DomainResolver on Node's resolver: the system's DNS servers, or `servers` (`['192.0.2.53', '127.0.0.1:5353']`).
 * Lookups give up after about `timeoutMs` × `tries`.
 */
export function dnsDomainResolver(options: { servers?: readonly string[]; timeoutMs?: number; tries?: number } = {}): DomainResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
  const orNone = async <T>(lookup: Promise<T[]>): Promise<T[]> => {
    try {
      return await lookup;
    } catch (error) {
      if (NO_RECORD_CODES.has(codeOf(error))) return [];
      throw new DnsLookupError(codeOf(error));
    }
  };
  return {
    async txt(name) {
      return (await orNone(resolver.resolveTxt(name))).map((chunks) => chunks.join(''));
    },
    async addresses(name) {
      const [ipv4, ipv6] = await Promise.allSettled([orNone(resolver.resolve4(name)), orNone(resolver.resolve6(name))]);
      const found = [...(ipv4.status === 'fulfilled' ? ipv4.value : []), ...(ipv6.status === 'fulfilled' ? ipv6.value : [])];
      // Both failing is a DNS we could not reach; one failing while the other answered is an answer.
      if (found.length === 0 && ipv4.status === 'rejected') throw ipv4.reason;
      return found;
    },
  };
}

/** Reads DOMAIN_DNS_SERVERS: a comma list of DNS servers (address or address:port); empty for the system's. */
export function parseDnsServers(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
