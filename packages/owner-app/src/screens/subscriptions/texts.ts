import type { SubscriptionStatusName } from '@vitrine/contracts';

/** The Subscriptions screen's words. */
export const SUBSCRIPTION_TEXTS = {
  title: 'Subscriptions',
  intro: 'Subscriptions renew on their own: each renewal charges the saved payment method and makes an order. A failed renewal is tried again after 1, 3 and 5 days, then cancelled.',
  status: 'Status',
  allStatuses: 'All statuses',
  caption: (statusWords: string) => (statusWords ? `${statusWords} subscriptions, newest first` : 'Subscriptions, newest first'),
  customer: 'Customer',
  product: 'Product',
  price: 'Price',
  nextRenewal: 'Next renewal',
  cycles: 'Billed',
  actions: 'Actions',
  none: '—',
  test: 'Test',
  noSubscriptions: 'No subscriptions yet',
  noSubscriptionsHelp: 'A subscription starts when a shopper buys a subscription product.',
  noneWithStatus: (statusWords: string) => `No ${statusWords.toLowerCase()} subscriptions`,
  cancel: 'Cancel subscription',
  cancelNamed: (product: string, email: string) => `Cancel ${product} for ${email}`,
  cancelTitle: 'Cancel this subscription?',
  cancelMessage: (product: string, email: string) => `${email} will not be charged for ${product} again, and gets a mail saying the store cancelled it. This cannot be undone.`,
  keep: 'Keep subscription',
  cancelled: (product: string, email: string) => `${product} for ${email} is cancelled.`,
  alreadyCancelled: (product: string, email: string) => `${product} for ${email} was already over: nothing changed.`,
  pages: 'Pages',
  firstPage: 'First page',
  nextPage: 'Next page',
  notAllowed: 'Your role does not include orders',
  notAllowedHelp: 'Subscriptions hold customers’ details, so only the roles that read orders see them. Ask an admin if you need them.',
} as const;

export const SUBSCRIPTION_STATUS_WORDS: Readonly<Record<SubscriptionStatusName, string>> = {
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  completed: 'Completed',
};
