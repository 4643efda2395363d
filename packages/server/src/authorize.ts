/** Who may make an owner call (outside every domain, like actor.ts: every domain's services check it). */
import { permissionsOf, roleMay, roleName, type ContributorRole, type Permission, type RouteAccess } from '@vitrine/contracts';
import { siteUserOf, type Actor } from './actor';
import { forbidden, unauthenticated } from './failures';

export const OWNER_MESSAGES = {
  notSignedIn: 'Sign in to manage this website.',
  notContributor: 'This account does not manage this website.',
  notAllowed: 'Your role does not allow this.',
  keyScopeMissing: "This API key's scopes do not allow this.",
  apiKeyHasNoAccount: 'An API key has no account: GET /api/owner/api-keys/current describes the key.',
} as const;

/** An API key acting (api-keys/): it may do what its scopes name, and any 'contributor' call. */
export interface ApiKeyPrincipal {
  apiKey: { id: string; prefix: string };
  scopes: readonly Permission[];
}

/** The owner acting: a signed-in contributor (the system acts with every permission). */
export interface Owner {
  siteUser: { id: string; email: string };
  role: ContributorRole;
}

/**
 * Who may make an owner call: the system (jobs, the shell), an API key whose scopes name `access`, or a
 * signed-in site user whose contributor role allows `access` (owner-roles.ts). Nobody signed in is a 401; signed in without the role, a 403.
 * Routes run it from the call's contract before the handler; services run it too, so a call made by a
 * job or another service is checked the same way.
 */
export function authorize(actor: Actor, access: RouteAccess): Owner | 'system' | ApiKeyPrincipal {
  if (actor.kind === 'system') return 'system';
  if (actor.kind === 'api-key') {
    if (access !== 'contributor' && !actor.scopes.includes(access)) throw forbidden(OWNER_MESSAGES.keyScopeMissing);
    return { apiKey: { id: actor.keyId, prefix: actor.prefix }, scopes: actor.scopes };
  }
  const siteUser = siteUserOf(actor);
  if (!siteUser) throw unauthenticated(OWNER_MESSAGES.notSignedIn);
  if (siteUser.role === undefined) throw forbidden(OWNER_MESSAGES.notContributor);
  if (access !== 'contributor' && !roleMay(siteUser.role, access)) throw forbidden(OWNER_MESSAGES.notAllowed);
  return { siteUser: { id: siteUser.id, email: siteUser.email }, role: siteUser.role };
}

/** The answer of GET /api/owner/me. */
export function describeOwner(owner: Owner) {
  // A key reaching GET /api/owner/me: it has no account or role to describe.
  if (!('role' in owner)) throw forbidden(OWNER_MESSAGES.apiKeyHasNoAccount);
  return { siteUser: owner.siteUser, role: owner.role, roleName: roleName(owner.role), permissions: [...permissionsOf(owner.role)] as Permission[] };
}
