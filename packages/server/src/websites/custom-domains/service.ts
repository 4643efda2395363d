import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DOMAIN_CHALLENGE_LABEL, DOMAIN_CHALLENGE_PATH, DOMAIN_MESSAGES, MAX_DOMAINS_PER_WEBSITE,
  type AddDomainBody, type DomainCheck, type DomainJson, type DomainsReply, type VerifyDomainReply,
} from '@vitrine/contracts';
import type { Actor } from '../../actor';
import { authorize } from '../../authorize';
import type { Database, Website } from '../../db/schema';
import { inTransaction } from '../../db/transactions';
import { conflict, invalid, notFound } from '../../failures';
import { notifyWebsiteChanged } from '../changes';
import { hostKindOf, normalHostOf } from '../hosts';
import { DnsLookupError } from './dns';
import { hostOfParam, readDomainInput } from './domain-names';
import { fetchChallenge } from './outgoing-request';
import {
  countDomains, deleteDomain, findDomainRow, insertDomain, isLiveIdentifier, isLiveVerifiedDomain, isVerifiedElsewhere, listDomainRows, lockWebsiteForDomains,
  markDomainVerified, setPrimaryDomain, waitingTokenFor, type DomainRow,
} from './queries';
import type { CustomDomainSettings } from './settings';
import type { RateLimitStore } from '../../http/rate-limit';
import { takeVerifyTurn } from './verify-throttle';

/**
 * Custom domains (issue 32): an owner adds a domain, proves it (a DNS TXT record, or the platform reading its HTTP
 * token), makes it primary, removes it. The table is the websites domain's (website_domains); every change tells the
 * host resolver at once (notifyWebsiteChanged), other processes within a second.
 */

export const DOMAIN_CHECK_MESSAGES = {
  txtFound: (name: string) => `Found the TXT record at ${name}.`,
  txtMissing: (name: string) => `No TXT record at ${name} yet. DNS changes can take a while to show.`,
  txtOther: (name: string) => `The TXT record at ${name} holds another value: it must be exactly the one shown.`,
  dnsUnreachable: (host: string, code: string) => `The DNS for ${host} could not be reached (${code}).`,
  httpFound: (url: string) => `${url} answered the token.`,
  httpOther: (url: string) => `${url} answered something else than the token.`,
} as const;

/** 24 random bytes: 32 URL-safe characters, fit for a TXT value and a path segment. */
const newToken = () => randomBytes(24).toString('base64url');

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

type Db = Kysely<Database>;

function subdomainOf(website: Website, settings: CustomDomainSettings): string | null {
  return settings.platformDomain ? `${website.identifier}.${settings.platformDomain}` : null;
}

function requirePlatform(settings: CustomDomainSettings): string {
  if (!settings.platformDomain) throw conflict(DOMAIN_MESSAGES.oneSite);
  return settings.platformDomain;
}

const txtNameOf = (host: string) => `${DOMAIN_CHALLENGE_LABEL}.${host}`;
const tokenPathOf = (token: string) => `${DOMAIN_CHALLENGE_PATH}${token}`;

function domainJson(row: DomainRow): DomainJson {
  return {
    host: row.host,
    status: row.verified_at ? 'verified' : row.taken_elsewhere ? 'taken' : 'waiting',
    primary: row.is_primary,
    added: row.created_at.getTime(),
    verified: row.verified_at ? row.verified_at.getTime() : null,
    txtRecord: { type: 'TXT', name: txtNameOf(row.host), value: row.verification_token },
    httpToken: { url: `http://${row.host}${tokenPathOf(row.verification_token)}`, body: row.verification_token },
  };
}

export async function listDomains(db: Db, website: Website, actor: Actor, settings: CustomDomainSettings): Promise<DomainsReply> {
  authorize(actor, 'domains:manage');
  const rows = await listDomainRows(db, website.id);
  const subdomain = subdomainOf(website, settings);
  return {
    domains: rows.map(domainJson),
    subdomain,
    primaryHost: rows.find((row) => row.is_primary)?.host ?? subdomain,
    limit: MAX_DOMAINS_PER_WEBSITE,
  };
}

export async function addDomain(db: Db, website: Website, actor: Actor, input: AddDomainBody, settings: CustomDomainSettings): Promise<{ domain: DomainJson }> {
  authorize(actor, 'domains:manage');
  const platformDomain = requirePlatform(settings);
  const read = readDomainInput(input.domain, platformDomain);
  if (!read.ok) throw invalid(read.message, { domain: read.message });
  const { host } = read;
  try {
    await inTransaction(db, async (trx) => {
      if (!(await lockWebsiteForDomains(trx, website.id))) throw notFound(DOMAIN_MESSAGES.notFound);
      if (await findDomainRow(trx, website.id, host)) throw conflict(DOMAIN_MESSAGES.alreadyAdded, { domain: DOMAIN_MESSAGES.alreadyAdded });
      if (await isVerifiedElsewhere(trx, website.id, host)) throw conflict(DOMAIN_MESSAGES.takenElsewhere, { domain: DOMAIN_MESSAGES.takenElsewhere });
      if ((await countDomains(trx, website.id)) >= MAX_DOMAINS_PER_WEBSITE) throw conflict(DOMAIN_MESSAGES.tooMany, { domain: DOMAIN_MESSAGES.tooMany });
      await insertDomain(trx, website.id, host, newToken());
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DOMAIN_MESSAGES.alreadyAdded, { domain: DOMAIN_MESSAGES.alreadyAdded });
    throw error;
  }
  const row = await findDomainRow(db, website.id, host);
  if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
  return { domain: domainJson(row) };
}

/**
 * Proves the domain now: the TXT record first, then the HTTP token (fetched under the outgoing guard). Nothing is
 * held while the checks wait on the network; the claim afterwards is one statement, and the unique index on
 * verified hosts decides between two websites proving one domain at once (the loser: 409).
 */
export async function verifyDomain(
  db: Db,
  website: Website,
  actor: Actor,
  input: { domain: string },
  settings: CustomDomainSettings,
  rateLimits?: RateLimitStore,
): Promise<VerifyDomainReply> {
  authorize(actor, 'domains:manage');
  requirePlatform(settings);
  // Every check counts, a found one too: the limit is on the platform's DNS queries and fetches for this website.
  if (rateLimits) await takeVerifyTurn(rateLimits, website.id, settings.verifyPerMinute);
  const host = hostOfParam(input.domain);
  const row = await findDomainRow(db, website.id, host);
  if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
  if (row.verified_at) return { domain: domainJson(row), verified: true, checks: [] };
  if (await isVerifiedElsewhere(db, website.id, host)) throw conflict(DOMAIN_MESSAGES.takenElsewhere);

  const checks: DomainCheck[] = [await checkTxtRecord(host, row.verification_token, settings)];
  if (!checks[0]!.found) checks.push(await checkHttpToken(host, row.verification_token, settings));
  if (!checks.some((check) => check.found)) return { domain: domainJson(row), verified: false, checks };

  try {
    if (!(await markDomainVerified(db, website.id, host))) {
      // Removed meanwhile, or verified by a call that raced this one.
      const now = await findDomainRow(db, website.id, host);
      if (!now) throw notFound(DOMAIN_MESSAGES.notFound);
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DOMAIN_MESSAGES.takenElsewhere);
    throw error;
  }
  notifyWebsiteChanged(website.id);
  const verified = await findDomainRow(db, website.id, host);
  if (!verified) throw notFound(DOMAIN_MESSAGES.notFound);
  return { domain: domainJson(verified), verified: true, checks };
}

async function checkTxtRecord(host: string, token: string, settings: CustomDomainSettings): Promise<DomainCheck> {
  const name = txtNameOf(host);
  try {
    const values = (await settings.resolver.txt(name)).map((value) => value.trim());
    if (values.includes(token)) return { method: 'dns', found: true, message: DOMAIN_CHECK_MESSAGES.txtFound(name) };
    return { method: 'dns', found: false, message: values.length === 0 ? DOMAIN_CHECK_MESSAGES.txtMissing(name) : DOMAIN_CHECK_MESSAGES.txtOther(name) };
  } catch (error) {
    return { method: 'dns', found: false, message: DOMAIN_CHECK_MESSAGES.dnsUnreachable(host, error instanceof DnsLookupError ? error.code : 'error') };
  }
}

async function checkHttpToken(host: string, token: string, settings: CustomDomainSettings): Promise<DomainCheck> {
  const outcome = await fetchChallenge(host, tokenPathOf(token), { ...settings.httpCheck, resolver: settings.resolver });
  const url = `http://${host}${tokenPathOf(token)}`;
  if (!outcome.ok) return { method: 'http', found: false, message: outcome.reason };
  return outcome.body.trim() === token
    ? { method: 'http', found: true, message: DOMAIN_CHECK_MESSAGES.httpFound(url) }
    : { method: 'http', found: false, message: DOMAIN_CHECK_MESSAGES.httpOther(url) };
}

/** Makes a verified domain primary, or, named by the platform subdomain, gives the subdomain that place back. */
export async function makeDomainPrimary(db: Db, website: Website, actor: Actor, input: { domain: string }, settings: CustomDomainSettings): Promise<DomainsReply> {
  authorize(actor, 'domains:manage');
  requirePlatform(settings);
  const host = hostOfParam(input.domain);
  const primary = host === subdomainOf(website, settings) ? null : host;
  await inTransaction(db, async (trx) => {
    if (!(await lockWebsiteForDomains(trx, website.id))) throw notFound(DOMAIN_MESSAGES.notFound);
    if (primary !== null) {
      const row = await findDomainRow(trx, website.id, primary);
      if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
      if (!row.verified_at) throw conflict(DOMAIN_MESSAGES.notVerified);
    }
    await setPrimaryDomain(trx, website.id, primary);
  });
  notifyWebsiteChanged(website.id);
  return listDomains(db, website, actor, settings);
}

/** Removes a domain; when it was the primary, the platform subdomain is primary again. */
export async function removeDomain(db: Db, website: Website, actor: Actor, input: { domain: string }, settings: CustomDomainSettings): Promise<{ removed: true }> {
  authorize(actor, 'domains:manage');
  requirePlatform(settings);
  const host = hostOfParam(input.domain);
  if (!(await deleteDomain(db, website.id, host))) throw notFound(DOMAIN_MESSAGES.notFound);
  notifyWebsiteChanged(website.id);
  return { removed: true };
}

/**
 * What `GET /.well-known/vitrine-challenge/{token}` answers on `hostHeader`, outside every website: the token when
 * the one website waiting to prove this host has it, undefined otherwise (404).
 */
export async function challengeAnswer(db: Db, hostHeader: string | undefined, token: string): Promise<string | undefined> {
  const host = normalHostOf(hostHeader);
  if (host === '') return undefined;
  const waiting = await waitingTokenFor(db, host);
  return waiting === token ? waiting : undefined;
}

/**
 * Whether Caddy may get a certificate for `domain` (its on-demand TLS `ask`): the platform domain, a live website's
 * `{identifier}.{PLATFORM_DOMAIN}`, or a verified custom domain of a live website. Deleted websites get none;
 * suspended ones do (their 503 page is served over HTTPS too).
 */
export async function mayHaveCertificate(db: Db, settings: CustomDomainSettings, domain: string): Promise<boolean> {
  const host = normalHostOf(domain);
  if (host === '' || host.length > 253) return false;
  if (!settings.platformDomain) return isLiveVerifiedDomain(db, host);
  const kind = hostKindOf(host, settings.platformDomain);
  if (kind.kind === 'platform') return true;
  if (kind.kind === 'subdomain') return isLiveIdentifier(db, kind.identifier);
  // One label under the platform domain that is no identifier, or deeper levels: no website there.
  if (host.endsWith(`.${settings.platformDomain}`)) return false;
  return isLiveVerifiedDomain(db, host);
}
