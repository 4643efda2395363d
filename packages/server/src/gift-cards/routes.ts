import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { checkGiftCardBalanceContract, disableGiftCardContract, listOwnerGiftCardsContract, saveGiftCardDeliveryContract } from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { clientAddressKey } from '../http/client-address';
import type { RateLimitStore } from '../http/rate-limit';
import { checkGiftCardBalance } from './balance-check';
import { saveGiftCardDelivery } from './delivery';
import { disableGiftCard, listOwnerGiftCards } from './owner';

/** Gift cards (issue 17 item 7): the gift card page's delivery, a code's balance, the owner's list and disable. */
export function registerGiftCardRoutes(fastify: FastifyInstance, { db }: SharedParts, services: { rateLimits: RateLimitStore }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...saveGiftCardDeliveryContract, handler: async ({ website, actor, body }) => saveGiftCardDelivery(db, website, actor, body) });
  app.route({
    ...checkGiftCardBalanceContract,
    handler: async ({ website, actor, body, ip }) =>
      checkGiftCardBalance(db, website, actor, { code: body.code, visitor: clientAddressKey(ip) }, services.rateLimits),
  });
  app.route({ ...listOwnerGiftCardsContract, handler: async ({ website, actor, query }) => listOwnerGiftCards(db, website, actor, query) });
  app.route({ ...disableGiftCardContract, handler: async ({ website, actor, params }) => disableGiftCard(db, website, actor, params.giftCardId) });
}
