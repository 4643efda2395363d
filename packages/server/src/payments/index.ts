/**
 * The payments domain (issue 17 item 5): the Stripe adapter of the orders' PaymentProvider, Stripe's webhook (table
 * payment_events) and the Stripe sources of the checkout page's Content-Security-Policy.
 */
export { StripePaymentProvider, STRIPE_MESSAGES, type StripeProviderOptions } from './stripe-provider';
export { stripeSettingsFromEnv, DEFAULT_PAYMENT_EXPIRY_MINUTES, type StripeSettings } from './stripe-settings';
export { signStripePayload, verifyStripeSignature, SIGNATURE_MESSAGES, SIGNATURE_TOLERANCE_SECONDS } from './webhook-signature';
export { handleStripeEvent, HANDLED_STRIPE_EVENTS, WEBHOOK_MESSAGES, type WebhookOutcome } from './webhook';
export { CHECKOUT_PAGE_ROUTES, STRIPE_CHECKOUT_SOURCES } from './content-security';
export { registerPaymentRoutes } from './routes';
