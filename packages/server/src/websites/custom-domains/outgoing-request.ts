import http from 'node:http';
import net from 'node:net';
import { mayFetchAddress, type AddressList } from './address-ranges';
import { DnsLookupError, type DomainResolver } from './dns';

/**
 * The one request the platform makes on an owner's behalf: GET http://{domain}/.well-known/vitrine-challenge/{token}.
 * The owner picks the domain, so it is aimed by someone outside: the name is resolved once through the platform's
 * resolver, every address it has must be public (private, loopback, link-local and reserved ones are refused unless
 * the operator lists them), the connection goes to that very address (no second lookup a DNS could answer
 * differently), no redirect is followed, and the whole exchange has a deadline and a body cap.
 */
export interface OutgoingRequestPolicy {
  resolver: DomainResolver;
  /** Non-public addresses the operator allows anyway (DOMAIN_CHECK_ALLOW; tests allow loopback). */
  allowedTargets: AddressList;
  /** Port 80 in production; tests point it at a loopback server's port. */
  port: number;
  /** For the whole exchange: lookup, connection, answer. */
  timeoutMs: number;
  /** The most of the body read; a longer body fails the check. */
  maxBodyBytes: number;
}

export const DEFAULT_OUTGOING_REQUEST = { port: 80, timeoutMs: 5000, maxBodyBytes: 1024 } as const;

/** What the check found: the body when the address answered 200, else why not, in the owner's words. */
export type FetchOutcome = { ok: true; body: string } | { ok: false; reason: string };

export async function fetchChallenge(host: string, path: string, policy: OutgoingRequestPolicy): Promise<FetchOutcome> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), policy.timeoutMs);
  try {
    const address = await targetAddressOf(host, policy, deadline.signal);
    if (!address.ok) return address;
    return await get(host, address.address, path, policy, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function targetAddressOf(host: string, policy: OutgoingRequestPolicy, signal: AbortSignal): Promise<{ ok: true; address: string } | { ok: false; reason: string }> {
  let addresses: string[];
  try {
    addresses = await Promise.race([policy.resolver.addresses(host), abortedAfter(signal)]);
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `Looking up ${host} took too long.` };
    return { ok: false, reason: error instanceof DnsLookupError ? `The DNS for ${host} could not be reached (${error.code}).` : `${host} could not be looked up.` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} has no address (no A or AAAA record) yet.` };
  // One refused address refuses the name: a DNS could hand out the public one to us and the private one later.
  const refused = addresses.find((address) => !mayFetchAddress(address, policy.allowedTargets));
  if (refused) return { ok: false, reason: `${host} points to ${refused}, a private, loopback, link-local or reserved address: the platform does not fetch it.` };
  return { ok: true, address: addresses[0]! };
}

function abortedAfter(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

function get(host: string, address: string, path: string, policy: OutgoingRequestPolicy, signal: AbortSignal): Promise<FetchOutcome> {
  const url = `http://${host}${policy.port === 80 ? '' : `:${policy.port}`}${path}`;
  return new Promise<FetchOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: FetchOutcome) => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve(outcome);
    };
    const request = http.request({
      host: address,
      family: net.isIP(address),
      port: policy.port,
      path,
      method: 'GET',
      // No pooled connection: each check opens its own and closes it.
      agent: false,
      signal,
      headers: { host: policy.port === 80 ? host : `${host}:${policy.port}`, 'user-agent': 'Vitrine domain check', accept: 'text/plain', connection: 'close' },
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) return finish({ ok: false, reason: `${url} answered a redirect (${status}); redirects are not followed.` });
      if (status !== 200) return finish({ ok: false, reason: `${url} answered ${status}.` });
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.maxBodyBytes) return finish({ ok: false, reason: `${url} answered more than ${policy.maxBodyBytes} bytes.` });
        chunks.push(chunk);
      });
      response.on('end', () => finish({ ok: true, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', () => finish({ ok: false, reason: `${url} could not be read.` }));
    });
    request.on('error', (error) => {
      if (signal.aborted) return finish({ ok: false, reason: `${url} took longer than ${policy.timeoutMs / 1000} s to answer.` });
      const code = (error as { code?: string }).code;
      finish({ ok: false, reason: `${url} could not be reached${code ? ` (${code})` : ''}.` });
    });
    request.end();
  });
}
