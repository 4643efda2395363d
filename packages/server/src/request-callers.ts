import type { Kysely } from 'kysely';
import { API_KEY_SERVICE_MESSAGES, authenticateApiKey, bearerTokenOf, countApiKeyCall, type ApiKeyRateLimit } from './api-keys';
import type { Database } from './db/schema';
import type { CallerLookup } from './http/request-context';
import { findSession } from './site-users';

/**
 * The request context's caller lookups (http/request-context.ts), from the domains that own them: site-users'
 * sessions and api-keys' keys. Part of the composition root: http/ declares what it needs and imports no domain,
 * so the domains' routes can use http/ without a cycle.
 */
export function requestCallers(db: Kysely<Database>, apiKeyRateLimit: ApiKeyRateLimit): CallerLookup {
  return {
    findSession: (websiteId, token) => findSession(db, websiteId, token),
    bearerTokenOf,
    async authenticateApiKey(website, secret, address) {
      const actor = await authenticateApiKey(db, website, secret, address);
      await countApiKeyCall(apiKeyRateLimit, actor.keyId);
      return actor;
    },
    withCookiesMessage: API_KEY_SERVICE_MESSAGES.withCookies,
  };
}
