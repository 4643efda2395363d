import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddressKey } from './client-address';

/**
 * How long a client may take and how many connections it may hold. Without them a client that
 * sends its body one byte every few seconds keeps a connection (and its memory) for ever, and a
 * few hundred such clients starve everyone else.
 */
export interface ConnectionLimits {
  /** The whole request, headers and body, must have arrived within this (answered 408 otherwise). */
  requestTimeoutMs: number;
  /** The request line and headers must have arrived within this (408). At most `requestTimeoutMs`. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed (a stuck client or a stuck answer). */
  idleTimeoutMs: number;
  /** Open connections one client address may hold; the ones past it are closed at once. 0: no cap. */
  maxConnectionsPerAddress: number;
  /** How often Node looks for requests past their deadline (a deadline is enforced within this much). */
  checkIntervalMs: number;
}

/**
 * Requests here are page loads and small JSON calls (bodies up to 64 KB), so 30 s for a whole
 * request is generous even on a poor mobile link. 64 connections per address leave room for many
 * shoppers behind one NAT (a browser opens at most 6 per host).
 */
export const DEFAULT_CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  keepAliveTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  maxConnectionsPerAddress: 64,
  checkIntervalMs: 1_000,
};

/**
 * The limits a server runs with. Behind proxies (TRUST_PROXY) the cap still holds for every other peer: the
 * listed proxies are spared by applyConnectionLimits, not the whole server.
 */
export function resolveConnectionLimits(overrides: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const limits: ConnectionLimits = {
    ...DEFAULT_CONNECTION_LIMITS,
    ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
  };
  limits.headersTimeoutMs = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return limits;
}

/** The environment variables (see the README) that override the defaults; unset ones are left out. */
export const CONNECTION_LIMIT_ENV = {
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
  maxConnectionsPerAddress: 'MAX_CONNECTIONS_PER_ADDRESS',
} as const satisfies Partial<Record<keyof ConnectionLimits, string>>;

/** Reads the overrides from the environment; a value that is not a whole number stops the start. */
export function connectionLimitsFromEnv(env: Record<string, string | undefined>): Partial<ConnectionLimits> {
  const limits: Partial<ConnectionLimits> = {};
  for (const [key, name] of Object.entries(CONNECTION_LIMIT_ENV) as [keyof typeof CONNECTION_LIMIT_ENV, string][]) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    // A timeout of 0 would switch the protection off: only the cap may be 0 (no cap).
    const lowest = key === 'maxConnectionsPerAddress' ? 0 : 1;
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < lowest) {
      throw new Error(`${name} must be a whole number${lowest === 1 ? ' above 0' : ''} (got ${JSON.stringify(text)}).`);
    }
    limits[key] = value;
  }
  return limits;
}

/** The Fastify options carrying the timeouts (Fastify hands them to Node's server). */
export function fastifyTimeoutOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
  };
}

/**
 * Applies what Fastify's options cannot carry to Node's server: the headers deadline, how often
 * deadlines are checked (Node's default, 30 s, would let a request run that much past its
 * deadline) and the per-address connection cap. Call before the server listens. `isProxy` names the peers the cap
 * spares: the listed proxies (TRUST_PROXY), whose connections each carry many clients.
 */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits, options: { isProxy?: (address: string) => boolean } = {}): void {
  server.headersTimeout = limits.headersTimeoutMs;
  // Read by Node when the server starts listening (typed only as a createServer option).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = limits.checkIntervalMs;
  if (limits.maxConnectionsPerAddress <= 0) return;

  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined) {
      socket.destroy();
      return;
    }
    if (options.isProxy?.(socket.remoteAddress)) return;
    // IPv4-mapped IPv6 counts as IPv4, IPv6 per /64: one client holds a whole /64 and could otherwise
    // open as many connections as it has addresses.
    const key = clientAddressKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      // Closed before a byte is read: no request, so no answer to give.
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
