import net from 'node:net';

/** Who may scrape /metrics when METRICS_ALLOW is unset: this machine only. */
export const DEFAULT_METRICS_ALLOW = '127.0.0.1,::1';

/** METRICS_ALLOW=none: /metrics answers nobody (it is a page address like any other). */
const NOBODY = 'none';

/** Whether a connection's address may scrape /metrics. */
export type MetricsAllowed = (socketAddress: string | undefined) => boolean;

/**
 * Reads METRICS_ALLOW: a comma list of addresses and CIDR ranges (`127.0.0.1,::1,10.0.0.0/8,fd00::/8`), `none`, or
 * unset/empty for the default (loopback). A bad entry stops the start with a message naming it. Matching is on the
 * connection's own address (an IPv4-mapped IPv6 address counts as its IPv4 address), never on X-Forwarded-For,
 * which the client writes.
 */
export function parseMetricsAllow(value: string | undefined): MetricsAllowed {
  const text = (value ?? '').trim() || DEFAULT_METRICS_ALLOW;
  if (text.toLowerCase() === NOBODY) return () => false;
  const allowed = new net.BlockList();
  for (const entry of text.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const [address = '', bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    if (family === 0 || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(`METRICS_ALLOW: '${entry}' is not an IP address or a CIDR range (give a comma list, such as 127.0.0.1,::1,10.0.0.0/8, or none).`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(bits), type);
  }
  return (socketAddress) => {
    if (!socketAddress) return false;
    const plain = socketAddress.replace(/%.*$/, '');
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
    if (mapped) return allowed.check(mapped[1]!, 'ipv4');
    const family = net.isIP(plain);
    return family !== 0 && allowed.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}
