import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Custom domains (Settings → Domains, issue 32): a website answers at `{identifier}.{PLATFORM_DOMAIN}` and at each
 * domain its owner added and proved, by a DNS TXT record `_vitrine-challenge.{domain}` or by the platform reading
 * `http://{domain}/.well-known/vitrine-challenge/{token}` (which Vitrine itself answers once the domain points at it).
 * One domain may be primary: the others answer 301 to it. Every owner call needs `domains:manage` (admins).
 * Also here: the two calls the platform answers outside any website — the challenge token on a domain not yet
 * verified, and the `ask` endpoint Caddy's on-demand TLS calls before it gets a certificate.
 */

const tags = ['owner-domains'];

/** Custom domains a website may hold (verified or not). */
export const MAX_DOMAINS_PER_WEBSITE = 10;

/** The DNS name whose TXT record proves a domain: `_vitrine-challenge.{domain}`. */
export const DOMAIN_CHALLENGE_LABEL = '_vitrine-challenge';

/** The path under which the platform answers a domain's token (before the domain is verified). */
export const DOMAIN_CHALLENGE_PATH = '/.well-known/vitrine-challenge/';

export const DOMAIN_MESSAGES = {
  domain: 'Enter a domain name such as shop.example.com.',
  domainParam: 'domain must name a domain of this website.',
  platformName: "This address is the platform's own. Enter a domain you own, such as shop.example.com.",
  alreadyAdded: 'This domain is already in the list.',
  takenElsewhere: 'This domain is already in use by another website.',
  tooMany: `A website can have at most ${MAX_DOMAINS_PER_WEBSITE} domains. Remove one first.`,
  notFound: "This domain is not in this website's list.",
  notVerified: 'Verify the domain before making it primary.',
  oneSite:
    'Custom domains are managed on a server that hosts many websites (PLATFORM_DOMAIN). This server shows this website at every address pointed at it.',
  token: 'token must be a challenge token.',
} as const;

/** What the owner adds at their DNS host: `{ type: 'TXT', name: '_vitrine-challenge.shop.example.com', value }`. */
export const DomainTxtRecordSchema = ResponseObject({
  type: Type.Literal('TXT'),
  name: Type.String(),
  value: Type.String(),
});

/** The address the platform reads when the domain already points at it (Vitrine answers it by itself). */
export const DomainHttpTokenSchema = ResponseObject({
  url: Type.String(),
  /** What the address must answer, exactly. */
  body: Type.String(),
});

export const DomainStatusSchema = Type.Union([
  /** Proven: the website answers at this domain. */
  Type.Literal('verified'),
  /** Added, not proven yet. */
  Type.Literal('waiting'),
  /** Not proven here, and another website has proven it. */
  Type.Literal('taken'),
]);
export type DomainStatus = Static<typeof DomainStatusSchema>;

export const DomainSchema = ResponseObject({
  host: Type.String(),
  status: DomainStatusSchema,
  primary: Type.Boolean(),
  /** Milliseconds since the epoch. */
  added: Type.Integer(),
  verified: Type.Union([Type.Integer(), Type.Null()]),
  txtRecord: DomainTxtRecordSchema,
  httpToken: DomainHttpTokenSchema,
});
export type DomainJson = Static<typeof DomainSchema>;

export const DomainsReplySchema = ResponseObject({
  domains: Type.Array(DomainSchema),
  /** `{identifier}.{PLATFORM_DOMAIN}`, always the website's; null on a server that hosts one website. */
  subdomain: Type.Union([Type.String(), Type.Null()]),
  /** Where visitors end up: the primary domain, else the subdomain (null on a one-website server). */
  primaryHost: Type.Union([Type.String(), Type.Null()]),
  limit: Type.Integer(),
});
export type DomainsReply = Static<typeof DomainsReplySchema>;

/** The domain as the owner typed it: the service normalises it (case, a pasted https:// or path, a final dot, IDN). */
export const AddDomainBodySchema = RequestBody({
  domain: Text({ minLength: 1, maxLength: 300, [MESSAGE_KEYWORD]: DOMAIN_MESSAGES.domain }),
});
export type AddDomainBody = Static<typeof AddDomainBodySchema>;

export const DomainParamsSchema = RequestParams({
  domain: Text({ pattern: '^[A-Za-z0-9.-]{1,253}$', [MESSAGE_KEYWORD]: DOMAIN_MESSAGES.domainParam }),
});
export type DomainParams = Static<typeof DomainParamsSchema>;

export const DomainCheckSchema = ResponseObject({
  method: Type.Union([Type.Literal('dns'), Type.Literal('http')]),
  found: Type.Boolean(),
  /** What was looked at and what was found, in the owner's words. */
  message: Type.String(),
});
export type DomainCheck = Static<typeof DomainCheckSchema>;

export const VerifyDomainReplySchema = ResponseObject({
  domain: DomainSchema,
  verified: Type.Boolean(),
  /** The checks made on this call (none when the domain was already verified). */
  checks: Type.Array(DomainCheckSchema),
});
export type VerifyDomainReply = Static<typeof VerifyDomainReplySchema>;

export const listDomainsContract = defineContract({
  operationId: 'listDomains',
  method: 'GET',
  url: '/api/owner/domains',
  summary: "The website's custom domains with their status, the TXT record and the HTTP token that prove each, and which one is primary.",
  tags,
  access: 'domains:manage',
  schema: { response: { 200: DomainsReplySchema, ...ERROR_RESPONSES } },
});

export const addDomainContract = defineContract({
  operationId: 'addDomain',
  method: 'POST',
  url: '/api/owner/domains',
  summary: `Adds a custom domain, waiting to be proven. 400 for a name that is not a domain or is the platform's own; 409 when it is in the list, in use by another website, or the list holds ${MAX_DOMAINS_PER_WEBSITE}.`,
  tags,
  access: 'domains:manage',
  schema: { body: AddDomainBodySchema, response: { 201: ResponseObject({ domain: DomainSchema }), ...ERROR_RESPONSES } },
});

export const verifyDomainContract = defineContract({
  operationId: 'verifyDomain',
  method: 'POST',
  url: '/api/owner/domains/:domain/verification',
  summary:
    'Tries to prove the domain now: its DNS TXT record, then its HTTP token (private, loopback and link-local addresses are not fetched). 200 with verified and what each check found; 409 when another website holds the domain; 429 (with Retry-After) past 10 checks a minute for the website.',
  tags,
  access: 'domains:manage',
  schema: { params: DomainParamsSchema, response: { 200: VerifyDomainReplySchema, ...ERROR_RESPONSES } },
});

export const makeDomainPrimaryContract = defineContract({
  operationId: 'makeDomainPrimary',
  method: 'PUT',
  url: '/api/owner/domains/:domain/primary',
  summary: "Makes a verified domain (or the platform subdomain) the one the website's other addresses answer 301 to. 409 for a domain not verified.",
  tags,
  access: 'domains:manage',
  schema: { params: DomainParamsSchema, response: { 200: DomainsReplySchema, ...ERROR_RESPONSES } },
});

export const removeDomainContract = defineContract({
  operationId: 'removeDomain',
  method: 'DELETE',
  url: '/api/owner/domains/:domain',
  summary: 'Removes a domain: the website stops answering there. Removing the primary makes the platform subdomain primary again.',
  tags,
  access: 'domains:manage',
  schema: { params: DomainParamsSchema, response: { 200: ResponseObject({ removed: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const OWNER_DOMAIN_CONTRACTS = [listDomainsContract, addDomainContract, verifyDomainContract, makeDomainPrimaryContract, removeDomainContract] as const;

const platformTags = ['platform'];

export const DomainChallengeParamsSchema = RequestParams({
  token: Text({ pattern: '^[A-Za-z0-9_-]{1,100}$', [MESSAGE_KEYWORD]: DOMAIN_MESSAGES.token }),
});

export const getDomainChallengeContract = defineContract({
  operationId: 'getDomainChallenge',
  method: 'GET',
  url: `${DOMAIN_CHALLENGE_PATH}:token`,
  summary:
    'On a custom domain not yet verified: answers its challenge token as text/plain when a website waits to prove this Host with it (so pointing the domain at the platform proves it); 404 otherwise.',
  tags: platformTags,
  schema: { params: DomainChallengeParamsSchema, response: { 200: Type.String({ description: 'text/plain: the token' }), ...ERROR_RESPONSES } },
});

export const TlsAskQuerySchema = RequestQuery({
  domain: Text({ maxLength: 300, [MESSAGE_KEYWORD]: DOMAIN_MESSAGES.domain }),
});

export const tlsAskContract = defineContract({
  operationId: 'tlsAsk',
  method: 'GET',
  url: '/internal/tls-ask',
  summary:
    "Caddy's on-demand TLS asks before getting a certificate: 200 for a verified custom domain, a live website's platform subdomain or the platform domain, 404 otherwise. Answers only connections from TLS_ASK_ALLOW (loopback by default); 404 to any other.",
  tags: platformTags,
  schema: { querystring: TlsAskQuerySchema, response: { 200: ResponseObject({ allowed: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const PLATFORM_HOST_CONTRACTS = [getDomainChallengeContract, tlsAskContract] as const;
