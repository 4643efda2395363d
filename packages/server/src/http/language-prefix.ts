import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { languagePrefixOf, splitLanguagePrefix, withLanguagePrefix } from '../language-urls';
import { visitorLanguageFor, type VisitorLanguage } from '../visitor-language';

/*
 * The `/{lang}/…` addresses on requests (issue 39 item 2; the scheme is language-urls.ts): the router's rewriteUrl
 * takes a language-like prefix off, and the hook registered after the request context keeps it when it names one of
 * the website's languages, else routes the address again as it was asked.
 */

/** The router's request, with what rewriteUrl took off it. */
interface LanguageRawRequest extends IncomingMessage {
  languagePrefix?: string;
  /** Set when the prefix was refused: routed again, the address is left as it was asked. */
  languagePrefixRefused?: boolean;
  originalUrl?: string;
}

/** The language a `/{lang}/…` request is read in: its URL prefix ('/fr') and the site's tag for it ('fr-FR'). */
export interface RequestLanguage {
  prefix: string;
  tag: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a `/{lang}/…` request in one of the website's added languages; unset in the default language. */
    language?: RequestLanguage;
  }
}

/**
 * The header a storefront's state-changing call carries: the `<html lang>` of the page it is made from (storefront
 * api/http.ts). A call to /api/… has no language prefix of its own, so this is how a newsletter sign-up on a /fr/ page
 * is recorded in French and its refusals answered in French.
 */
export const PAGE_LANGUAGE_HEADER = 'x-page-language';

/**
 * The added language a page's `<html lang>` names ('fr-FR' for the added 'fr-FR' or, failing that, 'fr'), if any.
 * The caller has already set the default language's own tag aside; the added ones never include it.
 */
export function addedLanguageNamed(pageLanguage: string, defaultTag: string, added: readonly string[]): string | undefined {
  const asked = languagePrefixOf(pageLanguage);
  return added.find((tag) => languagePrefixOf(tag) === asked) ?? added.find((tag) => languagePrefixOf(tag).split('-')[0] === asked.split('-')[0] && asked.split('-')[0] !== languagePrefixOf(defaultTag).split('-')[0]);
}

/** Fastify's `rewriteUrl`: the address without its language prefix, which is kept on the request for the hook below. */
export function rewriteLanguageUrl(raw: IncomingMessage): string {
  const request = raw as LanguageRawRequest;
  const url = request.url ?? '/';
  if (request.languagePrefixRefused) return url;
  const split = splitLanguagePrefix(url);
  if (!split) return url;
  request.languagePrefix = split.prefix;
  return split.rest;
}

/** The address the visitor asked for, prefix included (the page cache keys by it: /fr/x and /x are two pages). */
export const askedUrlOf = (request: FastifyRequest): string => (request.raw as LanguageRawRequest).originalUrl ?? request.url;

/**
 * Registered right after the request context (the website is known): a prefix naming one of the website's added
 * languages becomes `request.language`; any other is routed again as it was asked.
 */
export function registerLanguageUrls(scope: FastifyInstance, languagesOf: (websiteId: string) => Promise<readonly string[]>): void {
  scope.decorateRequest('language', undefined);
  scope.addHook('onRequest', async (request, reply) => {
    const raw = request.raw as LanguageRawRequest;
    if (!request.website) return;
    if (!raw.languagePrefix) {
      // A shopper's call from a page in an added language (never the owner's calls, which stay in English).
      const pageLanguage = request.headers[PAGE_LANGUAGE_HEADER];
      if (typeof pageLanguage !== 'string' || !request.url.startsWith('/api/') || request.url.startsWith('/api/owner/')) return;
      if (languagePrefixOf(pageLanguage) === languagePrefixOf(request.website.locale)) return;
      const tag = addedLanguageNamed(pageLanguage, request.website.locale, await languagesOf(request.website.id));
      if (tag) request.language = { prefix: `/${languagePrefixOf(tag)}`, tag };
      return;
    }
    const prefix = raw.languagePrefix;
    const tag = (await languagesOf(request.website.id)).find((added) => languagePrefixOf(added) === prefix);
    if (tag) {
      request.language = { prefix: `/${prefix}`, tag };
      return;
    }
    raw.url = raw.originalUrl ?? raw.url;
    raw.languagePrefix = undefined;
    raw.languagePrefixRefused = true;
    reply.hijack();
    scope.routing(raw, reply.raw);
  });
  // A redirect from a page in a language stays in it (the shop's tidied filter address, an owner's redirect rule).
  scope.addHook('onSend', async (request, reply, payload) => {
    const location = request.language ? reply.getHeader('location') : undefined;
    const { prefix } = request.language ?? { prefix: '' };
    if (typeof location === 'string' && location !== prefix && !location.startsWith(`${prefix}/`)) reply.header('location', withLanguagePrefix(location, prefix));
    return payload;
  });
}

/** The visitor language a request is rendered in: its prefix's language, else the website's default. */
export function visitorLanguageOfRequest(request: FastifyRequest): VisitorLanguage {
  const site = { locale: request.website.locale };
  return request.language ? visitorLanguageFor(site, { language: request.language.tag }, [request.language.tag]) : visitorLanguageFor(site);
}


/**
 * The website as a page in the request's language reads it: its locale the language's, so the builders' labels
 * (post and event dates, the shop filters' amounts) are written as the visitor reads. Only for building what a page
 * shows: the default language (hreflang, the sitemap), tracking and every write keep `request.website`.
 */
export function websiteAsRead<W extends { locale: string }>(request: { website: W; language?: RequestLanguage }): W {
  return request.language ? { ...request.website, locale: request.language.tag } : request.website;
}
