/**
 * The JSON Schema of each newer-tracker event's content (one file per event schema name of @vitrine/tracking's
 * EVENT_SCHEMA_NAMES), and the common fields they all `$ref` (common.json). The server compiles them once with Ajv
 * (server/src/analytics/event-schemas.ts); `POST /api/v1/clanker/validate-event-content/{schemaName}` answers with them.
 * Plain JSON so that any tool (or the tracking client's own tests) can read them.
 */
import type { EventSchemaName } from '@vitrine/tracking';
import common from './common.json' with { type: 'json' };
import pageView from './page-view.json' with { type: 'json' };
import siteSearch from './site-search.json' with { type: 'json' };
import heartbeat from './heartbeat.json' with { type: 'json' };
import audio from './audio.json' with { type: 'json' };
import video from './video.json' with { type: 'json' };
import visitProductPage from './visit-product-page.json' with { type: 'json' };
import addToCart from './add-to-cart.json' with { type: 'json' };
import viewCart from './view-cart.json' with { type: 'json' };
import removeFromCart from './remove-from-cart.json' with { type: 'json' };
import relatedProductDisplay from './related-product-display.json' with { type: 'json' };
import relatedProductClick from './related-product-click.json' with { type: 'json' };
import relatedProductAdd from './related-product-add.json' with { type: 'json' };
import reviewsTab from './reviews-tab.json' with { type: 'json' };
import reviewsAnchorLink from './reviews-anchor-link.json' with { type: 'json' };
import accessDeniedView from './access-denied-view.json' with { type: 'json' };
import joinCtaClick from './join-cta-click.json' with { type: 'json' };
import videoListView from './video-list-view.json' with { type: 'json' };
import videoDetailView from './video-detail-view.json' with { type: 'json' };
import thirdPartyVideoClick from './third-party-video-click.json' with { type: 'json' };
import newsletterSubscribe from './newsletter-subscribe.json' with { type: 'json' };
import formSubmitSuccess from './form-submit-success.json' with { type: 'json' };
import purchase from './purchase.json' with { type: 'json' };
import adminPanel from './admin-panel.json' with { type: 'json' };
import experimentExposure from './experiment-exposure.json' with { type: 'json' };

/** common.json: the fields every event carries, and the definitions (product, money) the events refer to. */
export const ANALYTICS_COMMON_EVENT_SCHEMA: object = common;

/** One JSON Schema per event schema name. */
export const ANALYTICS_EVENT_SCHEMAS: Readonly<Record<EventSchemaName, object>> = {
  'page-view': pageView,
  'site-search': siteSearch,
  'heartbeat': heartbeat,
  'audio': audio,
  'video': video,
  'visit-product-page': visitProductPage,
  'add-to-cart': addToCart,
  'view-cart': viewCart,
  'remove-from-cart': removeFromCart,
  'related-product-display': relatedProductDisplay,
  'related-product-click': relatedProductClick,
  'related-product-add': relatedProductAdd,
  'reviews-tab': reviewsTab,
  'reviews-anchor-link': reviewsAnchorLink,
  'access-denied-view': accessDeniedView,
  'join-cta-click': joinCtaClick,
  'video-list-view': videoListView,
  'video-detail-view': videoDetailView,
  'third-party-video-click': thirdPartyVideoClick,
  'newsletter-subscribe': newsletterSubscribe,
  'form-submit-success': formSubmitSuccess,
  'purchase': purchase,
  'admin-panel': adminPanel,
  'experiment-exposure': experimentExposure,
};
