import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { exportNewsletterSubscribersContract, listNewsletterSubscribersContract, tagNewsletterSubscribersContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { exportNewsletterSubscribersCsv, listNewsletterSubscribers, tagNewsletterSubscribers } from './owner-subscribers';

/** The owner's newsletter calls (issue 16): the list of subscribers and its CSV. */
export function registerOwnerNewsletterRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...tagNewsletterSubscribersContract, handler: async ({ website, actor, body }) => tagNewsletterSubscribers(db, website, actor, body) });
  app.route({ ...listNewsletterSubscribersContract, handler: async ({ website, actor, query }) => listNewsletterSubscribers(db, website, actor, query) });

  app.route({
    ...exportNewsletterSubscribersContract,
    handler: async ({ website, actor, query }, reply) => {
      const { csv, filename } = exportNewsletterSubscribersCsv(db, website, actor, query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        // A stream is sent as it is (no serialisation); the contract's 200 schema only documents text/csv.
        .send(csv as unknown as string);
    },
  });
}
