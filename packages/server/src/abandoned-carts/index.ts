/** Abandoned-cart recovery (issue 38 item 3): tables abandoned_cart_settings, abandoned_cart_reminders. */
export { AbandonedCartJob, REMINDER_WINDOW_MS, type AbandonedCartJobOptions, type ReminderOutcome } from './reminders';
export { CartRestoreLinks, cartRestoreLinksFor, RESTORE_LINK_LIFETIME_MS } from './links';
export { registerAbandonedCartRoutes } from './routes';
