/**
 * The checkout-settings domain (issue 17; tables shipping_zones, shipping_rates, tax_rules, coupons,
 * coupon_redemptions): the owner's calls, and what the checkout asks of it — the rules in the engine's shapes,
 * the coupons a cart names, and the race-safe claim of a coupon's use in the order's transaction.
 */
export { registerCheckoutSettingsRoutes } from './routes';
export {
  checkoutRulesFor,
  claimCouponUse,
  couponUsageFor,
  findCouponsByCodes,
  MAX_CODES_LOOKED_UP,
  releaseCouponUses,
  type CheckoutCoupon,
  type CheckoutRules,
  type CheckoutShippingRate,
  type CheckoutShippingZone,
  type CheckoutTaxRule,
  type CouponClaim,
} from './checkout';
export { normaliseCouponCode, parseIsoDate, readScope } from './rules';
export { scopeIdErrors } from './queries';
export { pricesIncludeTaxOf } from './service';
export { seedDemoCheckoutSettings, DEMO_COUPON_CODE } from './demo';
