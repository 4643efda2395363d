/**
 * The subscriptions domain (tables subscriptions, subscription_renewals; issue 17 item 8): a paid order's
 * subscription line starts one (startSubscriptionsForOrder, from orders' onOrderPaid), a job renews it on schedule
 * (SubscriptionRenewalJob), and the shopper (a signed link, or their account) or the owner cancels it.
 */
export { startSubscriptionsForOrder } from './start';
export { renewalIdempotencyKey, RenewalRefused, type RenewalOrder, type RenewalOrderInput, type RenewalOrderRecorder, type RenewalRefusalReason } from './renewal-port';
export { SubscriptionRenewalJob, type RenewalJobOptions, type RenewalOutcome, type RenewalRound } from './renewals';
export { cancelAccountSubscription, cancelSubscriptionByLink, listAccountSubscriptions, SUBSCRIPTION_MESSAGES, type CancelledBy } from './cancel';
export { cancelOwnerSubscription, listOwnerSubscriptions } from './owner';
export { manageLinksFor, SubscriptionManageLinks } from './manage-links';
export { buildAccountPageParts, buildManagePageParts, manageLinksForOrder, SUBSCRIPTION_PAGE_TEXT, type SubscriptionsPageParts } from './pages';
export { subscriptionView, SUBSCRIPTION_STATUS_LABELS, type SubscriptionView } from './subscription-json';
export { registerSubscriptionRoutes, SUBSCRIPTION_FORM_MESSAGES } from './routes';
