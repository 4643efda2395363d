/**
 * The automatic-discounts domain (issue 38 item 5; table automatic_discounts): the owner's calls, and the live
 * discounts a cart, a checkout and a product page apply through the shared engine
 * (@vitrine/commerce checkout/automatic-discounts.ts, where the stacking rules are written down).
 */
export { registerAutomaticDiscountRoutes } from './routes';
export { liveAutomaticDiscounts } from './queries';
