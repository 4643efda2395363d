import net from 'node:net';

/**
 * Who the client is, for limits: which proxies in front of the server to believe (TRUST_PROXY), and
 * the key an address is counted under.
 */

/** What BuildAppOptions.trustProxy takes: off, a number of proxy hops, or a comma list of proxy addresses/CIDRs. */
export type TrustProxyOption = boolean | number | string;

/** What Fastify is given: never `true` (that believes the leftmost X-Forwarded-For entry, which the client writes). */
export type FastifyTrustProxy = false | string | ((address: string, hop: number) => boolean);

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads TRUST_PROXY. Unset, '', '0' or 'false': off (the socket's address is the client). A whole
 * number N: N proxies stand in front of the server and each appends the address it saw to
 * X-Forwarded-For, so the client is the Nth entry from the right. Anything else is a comma list of
 * the proxies' addresses or CIDR ranges (or proxy-addr's names loopback, linklocal, uniquelocal):
 * X-Forwarded-For is read from the right for as long as the hop it came from is one of them.
 * 'true' is refused: believing every hop would let any client name its own address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false' || text.toLowerCase() === 'off') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (['true', 'on', 'yes'].includes(text.toLowerCase())) {
    throw new Error(
      `TRUST_PROXY=${text} would trust every X-Forwarded-For entry, which the client can write. ` +
        'Give the number of proxies in front of the server (1 for one load balancer) or their addresses/CIDRs.',
    );
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      throw new Error(`TRUST_PROXY: '${entry}' is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal.`);
    }
  }
  return entries.join(',');
}

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * The trustProxy Fastify is given. A hop count becomes a function of the hop's position, because
 * Fastify 5's own numeric trustProxy trusts no hop at all (it cannot check the nearest peer), which
 * would put every client behind the load balancer into one visitor. `true` counts as one hop.
 */
export function fastifyTrustProxy(option: TrustProxyOption | undefined): FastifyTrustProxy {
  if (option === undefined || option === false) return false;
  const parsed = option === true ? 1 : typeof option === 'number' ? option : parseTrustProxy(option);
  if (parsed === false) return false;
  if (typeof parsed === 'string') return parsed;
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`trustProxy: ${parsed} is not a number of proxy hops.`);
  if (parsed === 0) return false;
  // Hop 0 is the socket's peer, hop 1 the rightmost X-Forwarded-For entry, and so on leftwards.
  return (_address, hop) => hop < parsed;
}

/**
 * The key a client address is counted under. IPv6 clients are counted per /64 (one subscriber's
 * network: a single host can use any address in it); IPv4-mapped IPv6 addresses count as IPv4.
 */
export function clientAddressKey(address: string): string {
  const plain = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1];
  if (net.isIPv4(plain)) return plain;
  if (!net.isIPv6(plain)) return address;
  const groups = expandIPv6(plain);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case without leading zeros ('::' and a dotted tail expanded). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16));
}
