import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { addressKindOf, type AddressList, type DomainResolver } from '../websites';

/**
 * The POST of one delivery attempt. The owner chose the URL, so it is aimed by someone outside the platform: the
 * host is resolved once through the platform's resolver, every address it has must be public (private, loopback,
 * link-local, IPv6 loopback and unique-local, and reserved ones are refused unless the operator lists them in
 * WEBHOOKS_ALLOW_PRIVATE), the connection goes to that very address (a `lookup` that answers the checked address,
 * so no second DNS answer can differ: no rebinding), redirects are not followed (a 3xx is a failed attempt), the
 * whole exchange has a deadline (10 s) and the answer is read up to a cap. The address rules are the custom-domain
 * check's (websites/custom-domains/address-ranges.ts).
 */
export interface OutgoingPolicy {
  resolver: DomainResolver;
  /** Non-public addresses the operator allows anyway (WEBHOOKS_ALLOW_PRIVATE; tests allow loopback). */
  allowedTargets: AddressList;
  timeoutMs: number;
  /** Request bodies above this are not sent; answers are read up to it. */
  maxBodyBytes: number;
}

export const DEFAULT_OUTGOING = { timeoutMs: 10_000, maxBodyBytes: 256 * 1024 } as const;

export interface AttemptOutcome {
  /** The answer's status; null when none came. */
  status: number | null;
  /** The answer's first bytes (up to `excerptBytes`). */
  body: string;
  /** Why it failed without an answer, in the owner's words; null when an answer came. */
  error: string | null;
  durationMs: number;
}

export const mayReach = (address: string, allowed: AddressList) => addressKindOf(address) === 'public' || allowed.matches(address);

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Whether the URL is one we send to at all: http(s), no credentials, a host. Its addresses are checked at delivery. */
export function isWebhookUrlShape(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
}

/** An address literal in the URL that may not be reached (refused when the endpoint is saved); undefined otherwise. */
export function refusedLiteralAddress(text: string, allowed: AddressList): string | undefined {
  const host = hostOf(new URL(text));
  if (net.isIP(host) && !mayReach(host, allowed)) return host;
  if (host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost')) return allowed.matches('127.0.0.1') ? undefined : host;
  return undefined;
}

async function targetAddressOf(host: string, policy: OutgoingPolicy, what?: string): Promise<{ ok: true; address: string } | { ok: false; reason: string }> {
  if (net.isIP(host)) return mayReach(host, policy.allowedTargets) ? { ok: true, address: host } : { ok: false, reason: refusal(host, host, what) };
  let addresses: string[];
  try {
    addresses = await policy.resolver.addresses(host);
  } catch {
    return { ok: false, reason: `${host} could not be looked up.` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} has no address.` };
  // One refused address refuses the name: a DNS could answer the public one now and the private one later.
  const refused = addresses.find((address) => !mayReach(address, policy.allowedTargets));
  if (refused) return { ok: false, reason: refusal(host, refused, what) };
  return { ok: true, address: addresses[0]! };
}

const refusal = (host: string, address: string, what = 'webhooks are not sent there') =>
  host === address
    ? `${address} is a private, loopback, link-local or reserved address: ${what}.`
    : `${host} points to ${address}, a private, loopback, link-local or reserved address: ${what}.`;

export async function postWebhook(urlText: string, body: string, headers: Record<string, string>, policy: OutgoingPolicy, excerptBytes: number): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (Buffer.byteLength(body) > policy.maxBodyBytes) return { status: null, body: '', error: `The event is larger than ${policy.maxBodyBytes} bytes; it is not sent.`, durationMs: 0 };
  const url = new URL(urlText);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), policy.timeoutMs);
  try {
    const target = await Promise.race([targetAddressOf(hostOf(url), policy), abortedAfter(deadline.signal)]).catch(() => ({ ok: false as const, reason: `Looking up ${url.hostname} took too long.` }));
    if (!target.ok) return { status: null, body: '', error: target.reason, durationMs: elapsed() };
    const outcome = await send(url, target.address, body, headers, policy, excerptBytes, deadline.signal);
    return { ...outcome, durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}

function abortedAfter(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

function send(url: URL, address: string, body: string, headers: Record<string, string>, policy: OutgoingPolicy, excerptBytes: number, signal: AbortSignal): Promise<Omit<AttemptOutcome, 'durationMs'>> {
  const family = net.isIP(address);
  // The checked address, whatever the name: Node's connect (and TLS, which still verifies the certificate for the
  // URL's host name) asks this lookup, never the DNS again.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve(outcome);
    };
    const request = transport.request(url, {
      method: 'POST',
      lookup,
      // No pooled connection: each attempt opens its own to the address just checked.
      agent: false,
      signal,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Vitrine-Webhooks/1', connection: 'close', ...headers },
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ status, body: Buffer.concat(chunks).subarray(0, excerptBytes).toString('utf8'), error: status >= 300 && status < 400 ? `Answered a redirect (${status}); redirects are not followed.` : null });
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= excerptBytes) chunks.push(chunk);
        else if (chunks.reduce((sum, part) => sum + part.length, 0) < excerptBytes) chunks.push(chunk);
        // The excerpt is kept; more than the cap is not read.
        if (size > policy.maxBodyBytes) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', (error) => {
      if (signal.aborted) return finish({ status: null, body: '', error: `No answer within ${policy.timeoutMs / 1000} s.` });
      const code = (error as { code?: string }).code;
      finish({ status: null, body: '', error: `Could not connect${code ? ` (${code})` : ''}.` });
    });
    request.end(body);
  });
}

/** What fetchThroughGuard answers: the body (at most `maxBytes`) and its type, or why there is none. */
export type GuardedFetch = { ok: true; bytes: Buffer; contentType: string } | { ok: false; reason: string };

/**
 * A GET through the same guard as a delivery (for pictures an imported site points to, site-imports/): the host's
 * every address must be public unless the operator allows it, the connection goes to the checked address, redirects
 * are not followed, the whole exchange has `policy.timeoutMs`, and a body past `maxBytes` is refused unread.
 */
export async function fetchThroughGuard(urlText: string, policy: OutgoingPolicy, maxBytes: number): Promise<GuardedFetch> {
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return { ok: false, reason: 'Not a web address.' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return { ok: false, reason: 'Not an http(s) address.' };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), policy.timeoutMs);
  try {
    const target = await Promise.race([targetAddressOf(hostOf(url), policy, 'it is not fetched'), abortedAfter(deadline.signal)]).catch(() => ({ ok: false as const, reason: `Looking up ${url.hostname} took too long.` }));
    if (!target.ok) return target;
    return await get(url, target.address, maxBytes, policy.timeoutMs, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

function get(url: URL, address: string, maxBytes: number, timeoutMs: number, signal: AbortSignal): Promise<GuardedFetch> {
  const family = net.isIP(address);
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: GuardedFetch) => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve(outcome);
    };
    const request = transport.request(url, { method: 'GET', lookup, agent: false, signal, headers: { 'user-agent': 'Vitrine-Import/1', accept: 'image/*', connection: 'close' } });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.resume();
        return finish({ ok: false, reason: status >= 300 && status < 400 ? `Answered a redirect (${status}); redirects are not followed.` : `Answered ${status}.` });
      }
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) return finish({ ok: false, reason: `Larger than ${maxBytes} bytes.` });
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return finish({ ok: false, reason: `Larger than ${maxBytes} bytes.` });
        chunks.push(chunk);
      });
      response.on('end', () => finish({ ok: true, bytes: Buffer.concat(chunks), contentType: String(response.headers['content-type'] ?? '') }));
      response.on('error', () => finish({ ok: false, reason: 'The answer was cut off.' }));
    });
    request.on('error', (error) => {
      if (signal.aborted) return finish({ ok: false, reason: `No answer within ${timeoutMs / 1000} s.` });
      const code = (error as { code?: string }).code;
      finish({ ok: false, reason: `Could not connect${code ? ` (${code})` : ''}.` });
    });
    request.end();
  });
}
