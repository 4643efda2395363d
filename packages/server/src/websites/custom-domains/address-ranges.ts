import net from 'node:net';

/**
 * IP addresses the platform sorts for two guards: which targets an owner-aimed request may reach (the HTTP
 * token check, outgoing-request.ts) and which peers may call the TLS `ask` endpoint (TLS_ASK_ALLOW).
 * Pure: no database, no Fastify, no DNS.
 */

/** What an address is, for the outgoing guard: only 'public' is fetched unless the operator allows more. */
export type AddressKind = 'public' | 'loopback' | 'private' | 'linklocal' | 'reserved';

/** The names an address list may use besides addresses and CIDR ranges. */
export const ADDRESS_KIND_NAMES = ['loopback', 'private', 'linklocal'] as const;
type AddressKindName = (typeof ADDRESS_KIND_NAMES)[number];

type Range = [address: string, prefix: number];

const KIND_RANGES: Record<Exclude<AddressKind, 'public'>, { ipv4: Range[]; ipv6: Range[] }> = {
  loopback: { ipv4: [['127.0.0.0', 8]], ipv6: [['::1', 128]] },
  // RFC 1918, carrier-grade NAT (RFC 6598) and IPv6 unique local addresses: networks behind the platform.
  private: { ipv4: [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]], ipv6: [['fc00::', 7]] },
  // Link-local, where cloud metadata services answer (169.254.169.254).
  linklocal: { ipv4: [['169.254.0.0', 16]], ipv6: [['fe80::', 10]] },
  // Never a website: "this network", protocol assignments, documentation, benchmarking, multicast, the rest of
  // class E and broadcast; IPv6 unspecified, IPv4-compatible, IPv4-mapped (an unusual spelling plainAddress did not unwrap), discard, documentation, 6to4 and NAT64 (both carry an
  // IPv4 address we would have to check again), multicast.
  reserved: {
    ipv4: [['0.0.0.0', 8], ['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]],
    ipv6: [['::', 96], ['::ffff:0:0', 96], ['100::', 64], ['2001:db8::', 32], ['2002::', 16], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['ff00::', 8]],
  },
};

/**
 * One BlockList per family: a BlockList checks an IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d), so
 * the IPv4-mapped range in the IPv6 rules would catch every IPv4 address.
 */
function blockListsOf(ranges: { ipv4: Range[]; ipv6: Range[] }): { ipv4: net.BlockList; ipv6: net.BlockList } {
  const ipv4 = new net.BlockList();
  const ipv6 = new net.BlockList();
  for (const [address, prefix] of ranges.ipv4) ipv4.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of ranges.ipv6) ipv6.addSubnet(address, prefix, 'ipv6');
  return { ipv4, ipv6 };
}

const KIND_LISTS = Object.entries(KIND_RANGES).map(([kind, ranges]) => [kind as AddressKind, blockListsOf(ranges)] as const);

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1, however it is spelt) is its IPv4 address; a zone id (%eth0) is dropped. */
export function plainAddress(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (!net.isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return bare;
}

/** The eight 16-bit groups of a valid IPv6 address ('::' and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
}

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const family = net.isIP(address);
  return family === 4 ? 'ipv4' : family === 6 ? 'ipv6' : undefined;
}

/** What kind of address this is; anything that is not an IP address counts as reserved (never fetched). */
export function addressKindOf(address: string): AddressKind {
  const plain = plainAddress(address);
  const family = familyOf(plain);
  if (!family) return 'reserved';
  for (const [kind, lists] of KIND_LISTS) if (lists[family].check(plain, family)) return kind;
  return 'public';
}

/**
 * A list of addresses: loopback, private, linklocal by name, single addresses and CIDR ranges
 * (`loopback,10.0.0.0/8,2001:db8::7`). `matches` answers whether an address is in it.
 */
export interface AddressList {
  readonly text: string;
  matches(address: string): boolean;
}

export function parseAddressList(text: string, variable: string): AddressList {
  const names = new Set<AddressKindName>();
  const list = new net.BlockList();
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    if ((ADDRESS_KIND_NAMES as readonly string[]).includes(entry)) {
      names.add(entry as AddressKindName);
      continue;
    }
    const [address, bits, extra] = entry.split('/');
    const family = familyOf(address ?? '');
    const prefix = bits === undefined ? (family === 'ipv4' ? 32 : 128) : /^\d+$/.test(bits) ? Number(bits) : NaN;
    if (!family || extra !== undefined || !(prefix >= 0 && prefix <= (family === 'ipv4' ? 32 : 128))) {
      throw new Error(`${variable}: '${entry}' is not an IP address, a CIDR range or one of ${ADDRESS_KIND_NAMES.join(', ')}.`);
    }
    list.addSubnet(address!, prefix, family);
  }
  return {
    text: entries.join(','),
    matches(address: string): boolean {
      const plain = plainAddress(address);
      const family = familyOf(plain);
      if (!family) return false;
      const kind = addressKindOf(plain);
      if (kind !== 'public' && kind !== 'reserved' && names.has(kind)) return true;
      return list.check(plain, family);
    },
  };
}

/** An empty list: nothing matches. */
export const NO_ADDRESSES: AddressList = parseAddressList('', 'none');

/** Whether an owner-aimed request may connect to this address: public ones always, others only when the operator listed them. */
export function mayFetchAddress(address: string, allowed: AddressList): boolean {
  return addressKindOf(address) === 'public' || allowed.matches(address);
}
