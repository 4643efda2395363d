/** The newsletter domain: the store's list of subscribers with double opt-in (table newsletter_subscribers). */
export {
  confirmNewsletterSubscription, requestNewsletterSubscription, subscribeToNewsletter, unsubscribeFromNewsletter, type NewsletterRequestOutcome,
} from './subscribers';
export { exportNewsletterSubscribersCsv, listNewsletterSubscribers } from './owner-subscribers';
export { registerOwnerNewsletterRoutes } from './owner-routes';
