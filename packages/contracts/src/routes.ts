import { ANALYTICS_CONTRACTS, OWNER_ANALYTICS_CONTRACTS } from './analytics';
import { CART_CONTRACTS } from './cart';
import type { RouteContract } from './contract';
import { CRUMB_CONTRACTS } from './crumb';
import { HEALTH_CONTRACTS } from './health';
import { MAIL_CONTRACTS } from './mail';
import { MAIL_TEMPLATE_CONTRACTS } from './mail-templates';
import { RESTOCK_CONTRACTS } from './restock';
import { CAPTCHA_CONTRACTS } from './captcha';
import { FORM_CONTRACTS } from './forms';
import { OWNER_ACCOUNT_CONTRACTS } from './owner';
import { OWNER_CATALOG_CONTRACTS } from './owner-catalog';
import { OWNER_IMAGE_CONTRACTS } from './owner-images';
import { OWNER_MEDIA_CONTRACTS } from './owner-media';
import { SITE_FOOTER_CONTRACTS } from './site-footer';
import { SITE_ANNOUNCEMENT_CONTRACTS } from './site-announcement';
import { OWNER_ORDER_CONTRACTS } from './owner-orders';
import { FULFILMENT_CONTRACTS } from './fulfilments';
import { ABANDONED_CART_CONTRACTS } from './abandoned-carts';
import { OWNER_SITE_CONTRACTS } from './owner-site';
import { SITE_IDENTITY_CONTRACTS } from './site-identity';
import { OWNER_THEME_CONTRACTS } from './owner-themes';
import { OWNER_SITE_ARCHIVE_CONTRACTS } from './owner-site-archives';
import { OWNER_SITE_IMPORT_CONTRACTS } from './owner-site-imports';
import { OWNER_REDIRECT_CONTRACTS } from './owner-redirects';
import { SITE_STYLES_CONTRACTS } from './site-styles';
import { SITE_TEMPLATE_CONTRACTS } from './site-templates';
import { OWNER_CHECKOUT_CONTRACTS } from './owner-checkout';
import { OWNER_AUTOMATIC_DISCOUNT_CONTRACTS } from './owner-automatic-discounts';
import { OWNER_SUBSCRIPTION_CONTRACTS } from './owner-subscriptions';
import { REVIEW_CONTRACTS } from './reviews';
import { OWNER_REVIEW_CONTRACTS } from './owner-reviews';
import { OWNER_DOWNLOAD_CONTRACTS } from './owner-downloads';
import { GIFT_CARD_CONTRACTS } from './gift-cards';
import { OWNER_GIFT_CARD_CONTRACTS } from './owner-gift-cards';
import { OWNER_EXPERIMENT_CONTRACTS } from './owner-experiments';
import { SESSION_REPLAY_CONTRACTS } from './session-replay';
import { EXPERIMENT_CONTRACTS } from './experiments';
import { OWNER_POPUP_OVERLAY_CONTRACTS } from './owner-popup-overlay';
import { OWNER_MEMBER_CONTRACTS } from './owner-members';
import { MEMBER_CONTRACTS } from './members';
import { OWNER_FORM_CONTRACTS } from './owner-forms';
import { OWNER_CONTENT_CONTRACTS } from './owner-content';
import { OWNER_COURSE_CONTRACTS } from './owner-courses';
import { OWNER_NEWSLETTER_CONTRACTS } from './owner-newsletter';
import { OWNER_CAMPAIGN_CONTRACTS } from './owner-campaigns';
import { COMMENT_CONTRACTS } from './comments';
import { OWNER_COMMENT_CONTRACTS } from './owner-comments';
import { OWNER_CONTRIBUTOR_CONTRACTS } from './owner-contributors';
import { OWNER_DOMAIN_CONTRACTS, PLATFORM_HOST_CONTRACTS } from './owner-domains';
import { ORDER_CONTRACTS } from './orders';
import { PAYMENT_CONTRACTS } from './payments';
import { CHECKOUT_CONTRACTS } from './checkout';
import { SITE_USER_CONTRACTS } from './site-users';
import { WEBHOOK_CONTRACTS } from './webhooks';
import { HEADLESS_CONTRACTS } from './headless';

/** Every call of the HTTP API, in the order of the server README's table: for OpenAPI and route-table tests. */
export const ROUTE_CONTRACTS: readonly RouteContract[] = [
  ...CART_CONTRACTS,
  ...ORDER_CONTRACTS,
  ...PAYMENT_CONTRACTS,
  ...CHECKOUT_CONTRACTS,
  ...SITE_USER_CONTRACTS,
  ...OWNER_ACCOUNT_CONTRACTS,
  ...OWNER_CONTRIBUTOR_CONTRACTS,
  ...OWNER_DOMAIN_CONTRACTS,
  ...OWNER_CATALOG_CONTRACTS,
  ...OWNER_ORDER_CONTRACTS,
  ...FULFILMENT_CONTRACTS,
  ...ABANDONED_CART_CONTRACTS,
  ...OWNER_IMAGE_CONTRACTS,
  ...OWNER_MEDIA_CONTRACTS,
  ...OWNER_SITE_CONTRACTS,
  ...SITE_IDENTITY_CONTRACTS,
  ...SITE_FOOTER_CONTRACTS,
  ...SITE_ANNOUNCEMENT_CONTRACTS,
  ...OWNER_THEME_CONTRACTS,
  ...OWNER_SITE_ARCHIVE_CONTRACTS,
  ...OWNER_SITE_IMPORT_CONTRACTS,
  ...OWNER_REDIRECT_CONTRACTS,
  ...SITE_STYLES_CONTRACTS,
  ...SITE_TEMPLATE_CONTRACTS,
  ...OWNER_CHECKOUT_CONTRACTS,
  ...OWNER_AUTOMATIC_DISCOUNT_CONTRACTS,
  ...OWNER_SUBSCRIPTION_CONTRACTS,
  ...REVIEW_CONTRACTS,
  ...OWNER_REVIEW_CONTRACTS,
  ...OWNER_DOWNLOAD_CONTRACTS,
  ...GIFT_CARD_CONTRACTS,
  ...OWNER_GIFT_CARD_CONTRACTS,
  ...OWNER_EXPERIMENT_CONTRACTS,
  ...SESSION_REPLAY_CONTRACTS,
  ...EXPERIMENT_CONTRACTS,
  ...RESTOCK_CONTRACTS,
  ...CAPTCHA_CONTRACTS,
  ...FORM_CONTRACTS,
  ...OWNER_FORM_CONTRACTS,
  ...OWNER_CONTENT_CONTRACTS,
  ...OWNER_COURSE_CONTRACTS,
  ...OWNER_NEWSLETTER_CONTRACTS,
  ...OWNER_CAMPAIGN_CONTRACTS,
  ...COMMENT_CONTRACTS,
  ...OWNER_COMMENT_CONTRACTS,
  ...OWNER_POPUP_OVERLAY_CONTRACTS,
  ...OWNER_MEMBER_CONTRACTS,
  ...WEBHOOK_CONTRACTS,
  ...HEADLESS_CONTRACTS,
  ...MEMBER_CONTRACTS,
  ...ANALYTICS_CONTRACTS,
  ...OWNER_ANALYTICS_CONTRACTS,
  ...MAIL_CONTRACTS,
  ...MAIL_TEMPLATE_CONTRACTS,
  ...CRUMB_CONTRACTS,
  ...HEALTH_CONTRACTS,
  ...PLATFORM_HOST_CONTRACTS,
];

const byRoute = new Map(ROUTE_CONTRACTS.map((contract) => [`${contract.method} ${contract.url}`, contract]));

/**
 * The contract of a matched route, from Fastify's `request.method` and `request.routeOptions.url`
 * (the pattern, `/…/entries/:entryId/quantity`). HEAD is answered by the GET route.
 */
export function contractFor(method: string, url: string | undefined): RouteContract | undefined {
  if (url === undefined) return undefined;
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return byRoute.get(`${verb} ${url}`);
}
