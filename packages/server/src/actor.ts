import type { ContributorRole, Permission } from '@vitrine/contracts';

/**
 * Who is making a call, resolved once per request (http/request-context.ts) and handed to services,
 * which never read cookies or headers themselves. A job or a test builds one directly.
 *
 * There are visitors (anonymous, or signed in as a site user; an owner is a signed-in site user with a
 * contributor role), API keys (headless clients of the owner API) and the system (background jobs).
 */

export interface SignedInSiteUser {
  id: string;
  email: string;
  /** The user's contributor role on this website (owners), read with the session; undefined for shoppers. */
  role?: ContributorRole;
  /** The token the sign-in answer handed out; signed-in state changes must echo it (X-SiteUser-XSRF-Token). */
  xsrfToken: string;
}

export interface VisitorActor {
  kind: 'visitor';
  /** The browser's cart token (the CART cookie), if it has one. */
  cartToken: string | undefined;
  /** The signed-in site user, if the request carries a live session. */
  siteUser: SignedInSiteUser | undefined;
  /** The session cookie's value, kept so signing out can end that session. */
  sessionToken: string | undefined;
  /** The client address (after the trusted proxies). */
  address: string;
}

export interface SystemActor {
  kind: 'system';
  /** What is acting, for the logs: 'mail-worker', 'seed', … */
  name: string;
}

/** A headless client calling the owner API with an API key (`Authorization: Bearer vk_…`; api-keys/). */
export interface ApiKeyActor {
  kind: 'api-key';
  keyId: string;
  websiteId: string;
  /** 'vk_' and the secret's first characters: how the key is named in histories and logs. */
  prefix: string;
  /** The permissions the key was given (a subset of its creator's). */
  scopes: readonly Permission[];
  /** The client address (after the trusted proxies). */
  address: string;
}

export type Actor = VisitorActor | SystemActor | ApiKeyActor;

/** Who may stand behind an HTTP request: a visitor (cookies), or an API key (a bearer header), never both. */
export type RequestActor = VisitorActor | ApiKeyActor;

export function visitorActor(fields: Partial<Omit<VisitorActor, 'kind'>> = {}): VisitorActor {
  return {
    kind: 'visitor',
    cartToken: fields.cartToken,
    siteUser: fields.siteUser,
    sessionToken: fields.sessionToken,
    address: fields.address ?? '127.0.0.1',
  };
}

export const systemActor = (name: string): SystemActor => ({ kind: 'system', name });

/** The site user acting, if any. */
export const siteUserOf = (actor: Actor): SignedInSiteUser | undefined => (actor.kind === 'visitor' ? actor.siteUser : undefined);
/** The anonymous cart token the actor carries, if any. */
export const cartTokenOf = (actor: Actor): string | undefined => (actor.kind === 'visitor' ? actor.cartToken : undefined);
