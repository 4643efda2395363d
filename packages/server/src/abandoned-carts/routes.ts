import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getAbandonedCartSettingsContract, getAbandonedCartSummaryContract, updateAbandonedCartSettingsContract } from '@vitrine/contracts';
import { setCartCookie } from '../http/cookies';
import type { SharedParts } from '../shared';
import { restoreCart } from './restore';
import { getAbandonedCartSettings, getAbandonedCartSummary, updateAbandonedCartSettings } from './settings';

/** The owner's setting and dashboard figures, and the reminder link's restore (GET /cart/restore?token=). */
export function registerAbandonedCartRoutes(fastify: FastifyInstance, { db, secureCookies }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...getAbandonedCartSettingsContract, handler: async ({ website, actor }) => getAbandonedCartSettings(db, website, actor) });
  app.route({ ...updateAbandonedCartSettingsContract, handler: async ({ website, actor, body }) => updateAbandonedCartSettings(db, website, actor, body) });
  app.route({ ...getAbandonedCartSummaryContract, handler: async ({ website, actor }) => getAbandonedCartSummary(db, website, actor) });

  // A link in a mail: a GET that hands over the cart (the token is the proof), then the cart page. A link that no
  // longer works shows the visitor's own cart, with a word about it.
  fastify.get('/cart/restore', async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const restored = token ? await restoreCart(db, request.website, token) : undefined;
    if (restored) setCartCookie(reply, restored.cartToken, secureCookies);
    const location = restored ? '/cart?restore=done' : '/cart?restore=expired';
    // A 303 to the cart page, with a line of HTML for a client that does not follow it (every page answer is HTML).
    return reply.status(303).header('location', location).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8').send(`<!doctype html><title>Your cart</title><p><a href="${location}">Go to your cart</a></p>`);
  });
}
