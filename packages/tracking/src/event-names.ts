/**
 * The event schemas of the newer tracker (`POST /api/v1/clanker/events`, `{ eventSchemaName, eventContent }`):
 * the shopping and gated-content events of storefront §7, the analytics event types of platform §3, the site
 * form events of storefront §4 and the purchase. The server holds one JSON Schema per name
 * (packages/contracts/src/analytics-events/) and validates each event's content with it.
 */
export const EVENT_SCHEMA_NAMES = [
  // platform §3 analytics event types
  'page-view',
  'site-search',
  'heartbeat',
  'audio',
  'video',
  // storefront §7 commerce shopping events
  'visit-product-page',
  'add-to-cart',
  'view-cart',
  'remove-from-cart',
  'related-product-display',
  'related-product-click',
  'related-product-add',
  'reviews-tab',
  'reviews-anchor-link',
  // storefront §7 gated-content events
  'access-denied-view',
  'join-cta-click',
  'video-list-view',
  'video-detail-view',
  'third-party-video-click',
  // storefront §4 site form events
  'newsletter-subscribe',
  'form-submit-success',
  // storefront §7: the order-confirmed page's purchase
  'purchase',
  // platform §2: an owner's admin panel reports what happened in it (panel-events.ts), sent by the owner app
  'admin-panel',
  // issue 19: a visitor's first exposure to an experiment (recorded by the server, once per visitor and experiment)
  'experiment-exposure',
] as const;
export type EventSchemaName = (typeof EVENT_SCHEMA_NAMES)[number];

/** Platform §3: analytics event types and their codes. */
export const ANALYTICS_EVENT_TYPES = { pageView: 1, siteSearch: 2, heartbeat: 10, audio: 20, video: 21 } as const;

/** Platform §3: where an event comes from, and the environments the tracker reports. */
export const EVENT_SOURCES = ['WEB', 'IOS', 'ANDROID', 'SERVER'] as const;
export const SOURCE_ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export type SourceEnvironment = (typeof SOURCE_ENVIRONMENTS)[number];

export function isEventSchemaName(name: unknown): name is EventSchemaName {
  return typeof name === 'string' && (EVENT_SCHEMA_NAMES as readonly string[]).includes(name);
}
