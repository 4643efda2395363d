import net from 'node:net';

/**
 * Who the client is, for limits: which proxies in front of the server to believe (TRUST_PROXY), and
 * the key an address is counted under.
 */

/**
 * What BuildAppOptions.trustProxy takes: off, or a comma list of the proxies' addresses/CIDRs (parseTrustProxy's
 * answer). Never a number of hops: see parseTrustProxy.
 */
export type TrustProxyOption = false | string;

/** What Fastify is given: whether the hop at this address is one of the listed proxies (never `true`). */
export type FastifyTrustProxy = false | ((address: string, hop: number) => boolean);

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY as they always were. */
const PROXY_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Reads TRUST_PROXY. Unset, '', '0', 'false' or 'off': off (the socket's address is the client, X-Forwarded-For is
 * never read). Otherwise a comma list of the proxies' addresses or CIDR ranges (or loopback, linklocal,
 * uniquelocal): X-Forwarded-For counts only on a connection whose peer is one of them, and is then read from the
 * right for as long as each hop is one of them too; the first address that is not a listed proxy is the client.
 *
 * A number of hops (TRUST_PROXY=1) is refused at start, as 'true' is: it believes the rightmost X-Forwarded-For
 * entry whoever sent it, so a client reaching the server directly (past the load balancer, or because there is
 * none) names any address it likes and gets a fresh allowance from every per-visitor limit on every call.
 */
export function parseTrustProxy(value: string | undefined): false | string {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false' || text.toLowerCase() === 'off') return false;
  if (/^\d+$/.test(text)) {
    throw new Error(
      `TRUST_PROXY=${text} is a number of proxies: X-Forwarded-For would be believed from any client that reaches the server directly, ` +
        'which could then name a new address on every call. List the proxies\' addresses or CIDR ranges instead ' +
        '(TRUST_PROXY=10.0.0.5, TRUST_PROXY=10.0.0.0/8, or TRUST_PROXY=loopback for a proxy on this machine).',
    );
  }
  if (['true', 'on', 'yes'].includes(text.toLowerCase())) {
    throw new Error(
      `TRUST_PROXY=${text} would trust every X-Forwarded-For entry, which the client can write. ` +
        'List the proxies\' addresses or CIDR ranges instead (TRUST_PROXY=10.0.0.5, or loopback for a proxy on this machine).',
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
  if (Object.hasOwn(PROXY_RANGES, entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Is this address one of the listed proxies? One answer for Fastify (which X-Forwarded-For entries to read) and
 * for the per-address connection cap (which peers it spares). IPv4-mapped IPv6 peers match IPv4 ranges.
 */
export function proxyMatcher(list: string): (address: string) => boolean {
  const proxies = new net.BlockList();
  for (const entry of list.split(',').map((item) => item.trim()).flatMap((item) => (Object.hasOwn(PROXY_RANGES, item) ? PROXY_RANGES[item]! : [item]))) {
    if (entry === '') continue;
    const [address, bits] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const plain = address.replace(/%.*$/, '');
    const family = net.isIP(plain);
    return family !== 0 && proxies.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The trustProxy Fastify is given: a hop is believed only when its address is a listed proxy. Hop 0 is the socket's
 * peer, so a client that is not a listed proxy is its own address whatever X-Forwarded-For says; behind a listed
 * proxy the entries are read from the right while they name listed proxies.
 */
export function fastifyTrustProxy(option: TrustProxyOption | undefined): FastifyTrustProxy {
  if (option === undefined || option === false) return false;
  const list = parseTrustProxy(option);
  if (list === false) return false;
  const isProxy = proxyMatcher(list);
  return (address) => isProxy(address);
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
