import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  addCartEntryContract,
  applyCouponContract,
  applyGiftCardContract,
  removeGiftCardContract,
  getShoppingCartContract,
  removeCouponContract,
  updateCheckoutContract,
  removeCartEntryContract,
  startExpressCheckoutContract,
  startSubscriptionContract,
  updateCartEntryAdditionalFieldsContract,
  updateCartEntryQuantityContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { setCartCookie } from '../http/cookies';
import {
  addEntry,
  createSingleItemCart,
  emptyCart,
  readCartOfToken,
  readVisitorCart,
  removeEntry,
  updateEntryAdditionalFields,
  updateEntryQuantity,
} from './service';
import { applyCoupon, applyGiftCard, removeCoupon, removeGiftCard, updateCheckout } from './checkout';

/** Cart calls of storefront spec §7, plus update-quantity and remove-entry for the cart page. */
export function registerCartRoutes(fastify: FastifyInstance, { db, secureCookies }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    ...getShoppingCartContract,
    // mock=true answers an empty cart without looking anything up (a client's placeholder render).
    handler: async ({ website, actor, query }) => {
      if (query.mock === 'true') return emptyCart(website);
      return query.cartToken ? readCartOfToken(db, website, query.cartToken) : readVisitorCart(db, website, actor);
    },
  });

  // Checkout's answers on the cart (cart/checkout.ts): each answers the cart with its totals recomputed.
  app.route({ ...updateCheckoutContract, handler: async ({ website, actor, body }) => updateCheckout(db, website, actor, body) });
  app.route({ ...applyCouponContract, handler: async ({ website, actor, body }) => applyCoupon(db, website, actor, body) });
  app.route({
    ...removeCouponContract,
    handler: async ({ website, actor, params, query }) => removeCoupon(db, website, actor, { code: params.code, cartToken: query.cartToken }),
  });
  app.route({ ...applyGiftCardContract, handler: async ({ website, actor, body }) => applyGiftCard(db, website, actor, body) });
  app.route({
    ...removeGiftCardContract,
    handler: async ({ website, actor, params, query }) => removeGiftCard(db, website, actor, { last4: params.last4, cartToken: query.cartToken }),
  });

  app.route({
    ...addCartEntryContract,
    handler: async ({ website, actor, body }, reply) => {
      const { newCartToken, ...answer } = await addEntry(db, website, actor, body);
      if (newCartToken) setCartCookie(reply, newCartToken, secureCookies);
      return answer;
    },
  });

  app.route({
    ...updateCartEntryQuantityContract,
    handler: async ({ website, actor, params, body }) => updateEntryQuantity(db, website, actor, { entryId: params.entryId, quantity: body.quantity }),
  });

  app.route({
    ...updateCartEntryAdditionalFieldsContract,
    handler: async ({ website, actor, params, body }) => updateEntryAdditionalFields(db, website, actor, { ...body, entryId: params.entryId }),
  });

  app.route({
    ...removeCartEntryContract,
    handler: async ({ website, actor, params }) => removeEntry(db, website, actor, { entryId: params.entryId }),
  });

  app.route({
    ...startSubscriptionContract,
    handler: async ({ website, actor, body }) => {
      const { qty, ...rest } = body;
      return createSingleItemCart(db, website, actor, { ...rest, quantity: qty, kind: 'subscription' });
    },
  });

  app.route({
    ...startExpressCheckoutContract,
    handler: async ({ website, actor, body }) => createSingleItemCart(db, website, actor, { ...body, kind: 'express' }),
  });
}
