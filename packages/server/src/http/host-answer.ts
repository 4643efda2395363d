import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Website } from '../db/schema';
import { plainPage, wantsHtml } from './plain-page';

/** What a request's Host names (issue 32): declared here, where it is answered, so http/ imports no domain (websites/host-resolver.ts gives it). */
export type HostAnswer =
  | { kind: 'website'; website: Website }
  /**
   * A verified domain (or the platform subdomain) of a website whose primary domain is another: pages answer 301
   * there; the owner app and the API keep being served here, for `website` (http/host-answer.ts).
   */
  | { kind: 'redirect'; host: string; website: Website }
  /** The platform's own pages: sign up, sign in, "Your websites", the operator. */
  | { kind: 'platform' }
  | { kind: 'suspended'; website: Website }
  /** No website answers here (or it was deleted): a plain platform 404 naming none. */
  | { kind: 'unknown' };

/** The one thing this edge needs of the websites domain: what a Host names. */
export interface HostLookup {
  forHost(hostHeader: string | undefined): Promise<HostAnswer>;
}

/** What a visitor is told at a host no website answers (naming none), and at a suspended website. */
export const HOST_MESSAGES = {
  unknown: 'There is no website at this address.',
  unknownLine: 'Check the address, or ask the owner of the site you are looking for.',
  suspended: 'This website is not available at the moment.',
  suspendedLine: 'Please try again later.',
} as const;

/**
 * The request's website from its Host (websites/host-resolver.ts); for any other answer the reply is sent here and
 * undefined comes back: a 301 to the primary domain (path and query kept; pages only, see keepsItsHost), a plain 404
 * for an unknown host or the platform's own host (its pages are routes of their own), a plain 503 for a suspended website.
 */
export async function websiteOrAnswer(context: { websites: HostLookup }, request: FastifyRequest, reply: FastifyReply): Promise<Website | undefined> {
  const answer = await context.websites.forHost(request.headers.host);
  switch (answer.kind) {
    case 'website':
      return answer.website;
    case 'redirect': {
      if (keepsItsHost(request) && !answer.website.deleted_at && !answer.website.suspended_at) return answer.website;
      const port = /:\d+$/.exec(request.headers.host ?? '')?.[0] ?? '';
      await reply.code(301).header('location', `${request.protocol}://${answer.host}${port}${request.url}`).header('cache-control', 'no-store').send();
      return undefined;
    }
    case 'suspended':
      await sendPlain(request, reply, 503, HOST_MESSAGES.suspended, HOST_MESSAGES.suspendedLine);
      return undefined;
    default:
      await sendPlain(request, reply, 404, HOST_MESSAGES.unknown, HOST_MESSAGES.unknownLine);
      return undefined;
  }
}

/**
 * The owner app (/config) and the API answer on every address of the website, not only the primary: an owner's
 * session cookie is host-only, so a 301 to the primary would sign them out in the middle of making a domain primary
 * (and a 301 turns a POST into a GET). Only pages are sent to the primary, which is what search engines and shared
 * links need.
 */
function keepsItsHost(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  return path.startsWith('/api/') || path === '/config' || path.startsWith('/config/');
}

async function sendPlain(request: FastifyRequest, reply: FastifyReply, status: number, message: string, line: string): Promise<void> {
  reply.code(status).header('cache-control', 'no-store');
  if (status === 503) reply.header('retry-after', '3600');
  if (wantsHtml(request)) await reply.type('text/html; charset=utf-8').send(plainPage({ heading: message, lines: [line] }));
  else await reply.send({ message });
}
