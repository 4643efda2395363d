import { useQuery } from '@tanstack/react-query';
import type {
  addDomainContract, DomainJson, DomainsReply, listDomainsContract, makeDomainPrimaryContract, removeDomainContract, VerifyDomainReply, verifyDomainContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The Domains section's calls (type-only imports of the contracts). */
export const DOMAIN_ROUTES = {
  list: callRoute<typeof listDomainsContract>('GET', '/api/owner/domains'),
  add: callRoute<typeof addDomainContract>('POST', '/api/owner/domains'),
  verify: callRoute<typeof verifyDomainContract>('POST', '/api/owner/domains/:domain/verification'),
  makePrimary: callRoute<typeof makeDomainPrimaryContract>('PUT', '/api/owner/domains/:domain/primary'),
  remove: callRoute<typeof removeDomainContract>('DELETE', '/api/owner/domains/:domain'),
} as const;

export const domainKeys = { all: ['domains'] as const };

export function useDomains() {
  const client = useOwnerClient();
  return useQuery<DomainsReply>({ queryKey: domainKeys.all, queryFn: () => client.call(DOMAIN_ROUTES.list) as Promise<DomainsReply> });
}

export function useAddDomain() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { domain: DomainJson }>({
    mutationFn: (domain) => client.call(DOMAIN_ROUTES.add, { body: { domain } }) as Promise<{ domain: DomainJson }>,
    invalidates: [domainKeys.all],
  });
}

export function useVerifyDomain() {
  const client = useOwnerClient();
  return useOwnerMutation<string, VerifyDomainReply>({
    mutationFn: (domain) => client.call(DOMAIN_ROUTES.verify, { params: { domain } }) as Promise<VerifyDomainReply>,
    invalidates: [domainKeys.all],
  });
}

export function useMakePrimary() {
  const client = useOwnerClient();
  return useOwnerMutation<string, DomainsReply>({
    mutationFn: (domain) => client.call(DOMAIN_ROUTES.makePrimary, { params: { domain } }) as Promise<DomainsReply>,
    invalidates: [domainKeys.all],
  });
}

export function useRemoveDomain() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { removed: true }>({
    mutationFn: (domain) => client.call(DOMAIN_ROUTES.remove, { params: { domain } }) as Promise<{ removed: true }>,
    invalidates: [domainKeys.all],
  });
}

/** A quick look before calling (the server reads and checks the name for real): something with a dot and no space. */
export function looksLikeDomain(text: string): boolean {
  const name = text.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[/?#].*$/, '');
  return /^[^\s.@:]+(\.[^\s.@:]+)+\.?$/.test(name) && name.length <= 253;
}

export const DOMAIN_TEXTS = {
  intro:
    'Show this website at a domain you own. Add the domain here first, then prove it is yours: add the TXT record shown below at your DNS host, or point the domain at this website.',
  oneSite: 'This server hosts one website: every address pointed at it already shows this website, so there are no domains to add here.',
  addTitle: 'Add a domain',
  domain: 'Domain',
  domainHelp: 'For example shop.example.com or www.example.com.',
  domainInvalid: 'Enter a domain name such as shop.example.com.',
  add: 'Add domain',
  adding: 'Adding…',
  added: (host: string) => `${host} added. Add its TXT record, then choose Verify now.`,
  listTitle: 'Addresses of this website',
  platformAddress: 'Platform address',
  primary: 'Primary',
  primaryHelp: 'Visitors on the other addresses are sent here.',
  status: { verified: 'Verified', waiting: 'Waiting for DNS', taken: 'In use by another website' } as const,
  recordIntro: 'Add this record at your DNS host:',
  recordType: 'Type',
  recordName: 'Name',
  recordValue: 'Value',
  pointInstead: (subdomain: string, url: string) =>
    `Or point the domain at this website (a CNAME record to ${subdomain}): the platform then reads ${url} by itself.`,
  takenHelp: 'Another website has proven this domain. Verify now again if you took it back.',
  verify: 'Verify now',
  verifyOf: (host: string) => `Verify ${host} now`,
  verifying: 'Checking…',
  verified: (host: string) => `${host} is verified. This website now answers there.`,
  notVerified: (host: string) => `${host} is not verified yet.`,
  checksOf: (host: string) => `What checking ${host} found`,
  makePrimary: 'Make primary',
  makePrimaryOf: (host: string) => `Make ${host} primary`,
  madePrimary: (host: string) => `${host} is now the primary address.`,
  remove: 'Remove',
  removeOf: (host: string) => `Remove ${host}`,
  removeTitle: 'Remove this domain?',
  removeMessage: (host: string, primary: string | null) =>
    primary ? `${host} stops showing this website at once. Visitors are sent to ${primary} instead.` : `${host} stops showing this website at once.`,
  removed: (host: string) => `${host} removed.`,
  limit: (count: number, limit: number) => `${count} of ${limit} domains.`,
} as const;
