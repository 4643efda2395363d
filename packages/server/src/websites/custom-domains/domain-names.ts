import { domainToASCII } from 'node:url';
import { DOMAIN_MESSAGES } from '@vitrine/contracts';
import { isCustomDomainName, normalHostOf } from '../hosts';

/** What an owner typed, read as a domain: the host name, or why it is not one an owner may add. */
export type DomainInput = { ok: true; host: string } | { ok: false; message: string };

/**
 * Reads a domain as an owner types or pastes it: case and surrounding space ignored, a pasted `https://` and
 * anything after the name (path, query, fragment) dropped, a final dot dropped, an international name in its
 * ASCII (punycode) form. A port, an IP address, a single label, or the platform's own names are refused.
 */
export function readDomainInput(text: string, platformDomain: string | undefined): DomainInput {
  let name = text.trim().toLowerCase();
  name = name.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  name = name.replace(/[/?#].*$/, '');
  if (name === '' || name.includes('@') || /\s/.test(name)) return { ok: false, message: DOMAIN_MESSAGES.domain };
  // A port or an IPv6 literal is not a domain an owner can point at the platform.
  if (name.includes(':') || name.includes('[')) return { ok: false, message: DOMAIN_MESSAGES.domain };
  const ascii = domainToASCII(name.replace(/\.$/, ''));
  if (ascii === '') return { ok: false, message: DOMAIN_MESSAGES.domain };
  const host = normalHostOf(ascii);
  if (platformDomain && (host === platformDomain || host.endsWith(`.${platformDomain}`))) return { ok: false, message: DOMAIN_MESSAGES.platformName };
  if (!isCustomDomainName(host, platformDomain)) return { ok: false, message: DOMAIN_MESSAGES.domain };
  return { ok: true, host };
}

/** A domain named in a path (`/api/owner/domains/:domain`): compared as stored, whatever its case or final dot. */
export function hostOfParam(param: string): string {
  return normalHostOf(param);
}
