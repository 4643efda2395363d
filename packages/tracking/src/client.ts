import { CENSUS_PATHS, clearCensusCookies, recordCensus, renewVisitorCookies } from './census';
import { readCookie } from './cookies';
import { SHOPPER_EVENTS } from './dom-events';
import type { BufferedEvent, EventBuffer, ScriptErrorDetail } from './event-buffer';
import { isEventSchemaName, type EventSchemaName } from './event-names';
import { recordLegacyEvent, trackEvent } from './events';
import type { ErrorReporter } from './error-reporter';
import type { TrackingPageContext } from './page-context';
import { startPageView, type PageViewCall } from './page-view';
import { startPerformanceCollector } from './performance-collector';
import { forgetAnalyticsIds, sessionInfo } from './session';
import { pagePath, skipsPageView, trackingSkipReason, type SkipReason } from './skip-rules';
import { VISITOR_COOKIE } from './visitor-cookie';

/**
 * The shopper tracking client: the census hit and the page-view event of each page, the storefront's DOM events
 * turned into tracker events and census calls, the performance collector (in this chunk: every tracked page runs it)
 * and the error reporter (its own chunk, imported with the first error). Started by the storefront once the page is
 * idle, with the page's context and the buffer that kept what happened before. A page view is one request
 * (page-view.ts): the hit, the page-view event and every event replayed from the buffer go together, and its answer
 * gives the collector its pageLoadId.
 */
export interface TrackingClient {
  /** Why nothing is tracked on this page (storefront §6), or null. Also on `<html data-tracking>`. */
  readonly skipped: SkipReason | null;
  /** Sends an event to the newer tracker (rejections warned and swallowed); false when skipped or not sent. */
  track(name: EventSchemaName, content: Record<string, unknown>): Promise<boolean>;
  /** Sends an event to the legacy tracker. */
  recordEvent(event: string, extras?: Record<string, unknown>): Promise<void>;
  /** Stops listening to the page (and the buffer). */
  stop(): void;
}

export interface StartTrackingOptions {
  /** Load the performance collector (default true). */
  collectPerformance?: boolean;
}

type Detail = Record<string, any>;

/** The newer tracker's event for each DOM event, and the content it takes from the event's detail. */
const EVENT_CONTENTS: Record<string, [EventSchemaName, (detail: Detail) => Record<string, unknown>]> = {
  [SHOPPER_EVENTS.productView]: ['visit-product-page', (d) => ({ product: d.product })],
  [SHOPPER_EVENTS.reviewsTab]: ['reviews-tab', (d) => ({ product: d.product })],
  [SHOPPER_EVENTS.reviewsAnchorLink]: ['reviews-anchor-link', (d) => ({ product: d.product })],
  [SHOPPER_EVENTS.addToCart]: ['add-to-cart', (d) => ({ product: d.product, sku: d.sku, quantity: d.quantity, currency: d.currency })],
  [SHOPPER_EVENTS.removeFromCart]: ['remove-from-cart', (d) => ({ product: d.product, sku: d.sku, quantity: d.quantity, currency: d.currency })],
  [SHOPPER_EVENTS.viewCart]: ['view-cart', (d) => ({ cart: d.cart })],
  [SHOPPER_EVENTS.relatedProductDisplay]: ['related-product-display', (d) => ({ products: d.products })],
  [SHOPPER_EVENTS.relatedProductClick]: ['related-product-click', (d) => ({ product_url: d.url, product_title: d.title, destination_url: d.url })],
  [SHOPPER_EVENTS.relatedProductAdd]: ['related-product-add', (d) => ({ product_url: d.url, product_title: d.title })],
  [SHOPPER_EVENTS.newsletterSubscribe]: ['newsletter-subscribe', (d) => ({ form_id: d.formId, block_id: d.blockId })],
  [SHOPPER_EVENTS.formSubmitSuccess]: ['form-submit-success', (d) => ({ form_id: d.formId, block_id: d.blockId })],
  [SHOPPER_EVENTS.purchase]: ['purchase', (d) => ({ order_id: d.order_id, revenue: d.revenue, products: d.products })],
};

/**
 * Storefront §6 tracks nothing on the not-found, lock-screen and access-denied pages, but §7 names two events that
 * happen only on the access-denied page: those alone are sent there (no census hit, no page view, nothing else).
 */
const SENT_ON_UNTRACKED_PAGES: ReadonlySet<string> = new Set<EventSchemaName>(['access-denied-view', 'join-cta-click']);

export function startTracking(context: TrackingPageContext, buffer?: EventBuffer, options: StartTrackingOptions = {}): TrackingClient {
  const path = pagePath();
  const listening = new AbortController();
  const skipped = trackingSkipReason(context, path);
  document.documentElement.dataset.tracking = skipped ? `skipped-${skipped}` : 'on';
  if (skipped === 'cookie-restrictions') {
    clearCensusCookies();
    forgetAnalyticsIds();
  }

  const sends = (name: EventSchemaName) => !skipped || (skipped === 'page-type' && SENT_ON_UNTRACKED_PAGES.has(name));
  // While the client starts on a tracked page, events join the page view's one request instead of going alone.
  let pageView: PageViewCall | null = null;
  const track = (name: EventSchemaName, content: Record<string, unknown>) => {
    if (!sends(name)) return Promise.resolve(false);
    // A visitor whose first page is the access-denied page has no visitor cookie yet (no hit made it): make it.
    if (skipped && !readCookie(VISITOR_COOKIE)) renewVisitorCookies();
    if (content && typeof content === 'object' && pageView?.add(name, content)) return Promise.resolve(true);
    return trackEvent(context, name, content).catch(() => false);
  };

  let reporter: Promise<ErrorReporter> | undefined;
  const reportError = (detail: ScriptErrorDetail) => {
    reporter ??= import('./error-reporter').then((module) => module.startErrorReporter(context.websiteId));
    reporter.then((loaded) => loaded.report(detail), () => undefined);
  };

  const handle = ({ type, detail }: BufferedEvent) => {
    // Errors are diagnostics, not the shopper's analytics: reported unless tracking is off for the whole site.
    if (type === 'error') return skipped === 'disabled' || skipped === 'editing-area' || reportError(detail as ScriptErrorDetail);
    const d = (detail ?? {}) as Detail;
    if (skipped) return void (type === SHOPPER_EVENTS.track && isEventSchemaName(d.name) && sends(d.name) && track(d.name, d.content));
    const event = EVENT_CONTENTS[type];
    if (event) return void track(event[0], event[1](d));
    if (type === SHOPPER_EVENTS.track && isEventSchemaName(d.name)) return void track(d.name, d.content);
    if (type === SHOPPER_EVENTS.quickViewOpen && d.itemId) return void recordCensus(context, CENSUS_PATHS.quickView(String(d.itemId)));
    if (type === SHOPPER_EVENTS.formRender) return void recordCensus(context, CENSUS_PATHS.formRender, { formId: d.formId, blockId: d.blockId });
    if (type === SHOPPER_EVENTS.overlayView) return void recordCensus(context, CENSUS_PATHS.overlay, { overlayId: d.overlayId });
    if (type === SHOPPER_EVENTS.cartPageForm) return void recordLegacyEvent(context, `cart-page-product-form-${d.action}`, { itemId: d.itemId });
  };

  if (!skipped) {
    const session = sessionInfo();
    if (!skipsPageView(path)) {
      // The census cookie first: events go only to visitors who have one (platform §6).
      pageView = startPageView(context, renewVisitorCookies());
      void track('page-view', { is_first_landing: session.isFirstLanding, is_first_session: session.isFirstSession, page_title: document.title });
    }
    // Button blocks marked for the census: a render call each now, a click call on each click.
    const button = (element: Element) => ({ buttonText: element.textContent?.trim() ?? '', buttonUrl: element.getAttribute('href') ?? '' });
    for (const element of document.querySelectorAll('[data-census-button]')) void recordCensus(context, CENSUS_PATHS.buttonRender, button(element));
    document.addEventListener(
      'click',
      (event) => {
        const element = event.target instanceof Element ? event.target.closest('[data-census-button]') : null;
        if (element) void recordCensus(context, CENSUS_PATHS.buttonClick, button(element));
      },
      { signal: listening.signal },
    );
  }
  buffer?.drain(handle);
  if (!skipped) {
    // Everything the page had to tell so far is in the page view's call: send it, and let later events go alone.
    const pageLoadId = pageView?.send();
    pageView = null;
    if (options.collectPerformance !== false) void startPerformanceCollector(pageLoadId).catch(() => undefined);
  }

  return {
    skipped,
    track,
    recordEvent: (event, extras) => (skipped ? Promise.resolve() : recordLegacyEvent(context, event, extras)),
    stop() {
      listening.abort();
      buffer?.stop();
    },
  };
}
