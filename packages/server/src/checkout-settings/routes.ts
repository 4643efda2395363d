import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createCouponContract,
  createShippingZoneContract,
  createTaxRuleContract,
  deleteCouponContract,
  deleteShippingZoneContract,
  deleteTaxRuleContract,
  getCouponContract,
  getShippingZoneContract,
  listCouponsContract,
  listShippingZonesContract,
  listTaxRulesContract,
  replaceCouponContract,
  replaceShippingZoneContract,
  replaceTaxRuleContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import {
  createCoupon,
  createShippingZone,
  createTaxRule,
  deleteCoupon,
  deleteShippingZone,
  deleteTaxRule,
  getCoupon,
  getShippingZone,
  listCoupons,
  listShippingZones,
  listTaxRules,
  replaceCoupon,
  replaceShippingZone,
  replaceTaxRule,
} from './service';

/** The owner's checkout settings (issue 17): shipping zones with their rates, tax rules, coupons. */
export function registerCheckoutSettingsRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...listShippingZonesContract, handler: async ({ website, actor }) => listShippingZones(db, website, actor) });
  app.route({
    ...createShippingZoneContract,
    handler: async ({ website, actor, body }, reply) => {
      const created = await createShippingZone(db, website, actor, body);
      reply.status(201);
      return created;
    },
  });
  app.route({ ...getShippingZoneContract, handler: async ({ website, actor, params }) => getShippingZone(db, website, actor, params.zoneId) });
  app.route({ ...replaceShippingZoneContract, handler: async ({ website, actor, params, body }) => replaceShippingZone(db, website, actor, params.zoneId, body) });
  app.route({ ...deleteShippingZoneContract, handler: async ({ website, actor, params }) => deleteShippingZone(db, website, actor, params.zoneId) });

  app.route({ ...listTaxRulesContract, handler: async ({ website, actor }) => listTaxRules(db, website, actor) });
  app.route({
    ...createTaxRuleContract,
    handler: async ({ website, actor, body }, reply) => {
      const created = await createTaxRule(db, website, actor, body);
      reply.status(201);
      return created;
    },
  });
  app.route({ ...replaceTaxRuleContract, handler: async ({ website, actor, params, body }) => replaceTaxRule(db, website, actor, params.ruleId, body) });
  app.route({ ...deleteTaxRuleContract, handler: async ({ website, actor, params }) => deleteTaxRule(db, website, actor, params.ruleId) });

  app.route({ ...listCouponsContract, handler: async ({ website, actor }) => listCoupons(db, website, actor) });
  app.route({
    ...createCouponContract,
    handler: async ({ website, actor, body }, reply) => {
      const created = await createCoupon(db, website, actor, body);
      reply.status(201);
      return created;
    },
  });
  app.route({ ...getCouponContract, handler: async ({ website, actor, params }) => getCoupon(db, website, actor, params.couponId) });
  app.route({ ...replaceCouponContract, handler: async ({ website, actor, params, body }) => replaceCoupon(db, website, actor, params.couponId, body) });
  app.route({ ...deleteCouponContract, handler: async ({ website, actor, params }) => deleteCoupon(db, website, actor, params.couponId) });
}
