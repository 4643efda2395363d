import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  addDomainContract, getDomainChallengeContract, HTTP_MESSAGES, listDomainsContract, makeDomainPrimaryContract, removeDomainContract, tlsAskContract,
  verifyDomainContract,
} from '@vitrine/contracts';
import { HttpError } from '../../http/errors';
import type { SharedParts } from '../../shared';
import type { RateLimitStore } from '../../http/rate-limit';
import { addDomain, challengeAnswer, listDomains, makeDomainPrimary, mayHaveCertificate, removeDomain, verifyDomain } from './service';
import type { CustomDomainSettings } from './settings';

/** Settings → Domains: the owner's calls, inside the website's request context (the website comes from the Host). */
export function registerCustomDomainRoutes(fastify: FastifyInstance, { db }: SharedParts, settings: CustomDomainSettings, services: { rateLimits: RateLimitStore }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...listDomainsContract, handler: async ({ website, actor }) => listDomains(db, website, actor, settings) });
  app.route({
    ...addDomainContract,
    handler: async ({ website, actor, body }, reply) => {
      const added = await addDomain(db, website, actor, body, settings);
      reply.status(201);
      return added;
    },
  });
  app.route({ ...verifyDomainContract, handler: async ({ website, actor, params }) => verifyDomain(db, website, actor, params, settings, services.rateLimits) });
  app.route({ ...makeDomainPrimaryContract, handler: async ({ website, actor, params }) => makeDomainPrimary(db, website, actor, params, settings) });
  app.route({ ...removeDomainContract, handler: async ({ website, actor, params }) => removeDomain(db, website, actor, params, settings) });
}

/**
 * The two answers the platform gives outside any website (registered beside /api/health, not in the request
 * context): a domain not yet verified is an unknown host to the resolver, and Caddy's ask names no website.
 */
export function registerPlatformHostRoutes(fastify: FastifyInstance, { db }: SharedParts, settings: CustomDomainSettings): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    ...getDomainChallengeContract,
    handler: async (request, reply) => {
      const token = await challengeAnswer(db, request.headers.host, request.params.token);
      if (token === undefined) throw new HttpError(404, HTTP_MESSAGES.notFound);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(token);
    },
  });

  app.route({
    ...tlsAskContract,
    // The socket's own peer, before anything else (even a bad query): X-Forwarded-For is never believed here, and
    // anyone else learns nothing, not even that the endpoint exists.
    onRequest: async (request) => {
      if (!settings.tlsAskAllow.matches(request.socket.remoteAddress ?? '')) throw new HttpError(404, HTTP_MESSAGES.notFound);
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await mayHaveCertificate(db, settings, request.query.domain))) throw new HttpError(404, HTTP_MESSAGES.notFound);
      return { allowed: true as const };
    },
  });
}
