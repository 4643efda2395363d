/** The newsletter domain: the store's list of subscribers (table newsletter_subscribers); issue 14 builds the rest. */
export { subscribeToNewsletter } from './subscribers';
