import type { PurchaseDetail } from './dom-events';
import type { SourceEnvironment } from './event-names';

/**
 * What the tracking client needs to know about the page, written by the server (server/src/pages/tracking-context.ts)
 * into every storefront page as `<script type="application/json" id="vitrine-tracking">` (site.layout.html). A data
 * block: browsers never run it, so the CSP needs no exception.
 */
export const TRACKING_CONTEXT_ELEMENT_ID = 'vitrine-tracking';

export interface TrackingPageContext {
  websiteId: string;
  /** The theme the site uses (census `templateId`, legacy payload `templateId`). */
  templateId: string;
  /** The website's locale (`website_locale`), e.g. 'en-US'. */
  websiteLocale: string;
  /** Platform §2's page-type code (1 collection, 50 item, 100 not found, 103 lock screen, 106 member area denied…). */
  pageType: number;
  itemId: string | null;
  /** Platform §3's record type of the item (11 store item), or null. */
  recordType: number | null;
  collectionId: string | null;
  /** A signed-in account holder of this website (a contributor) is looking at the page. */
  accountHolder: boolean;
  /** …and their only role on it is viewer (storefront §6: still tracked, outside /config). */
  viewerOnly: boolean;
  /** The account holder's id and locale, sent only for a viewer-only account (legacy payload, event content). */
  memberAccountId: string | null;
  memberLocale: string | null;
  /** The global disable flag: the website's `analyticsDisabled` setting or the server's ANALYTICS_DISABLED. */
  disabled: boolean;
  /** The website restricts analytics cookies: they are cleared and nothing is tracked (storefront §4). */
  cookieRestrictions: boolean;
  /** Platform §3's source environment (ANALYTICS_SOURCE_ENVIRONMENT, else prod or dev by NODE_ENV). */
  sourceEnvironment: SourceEnvironment;
  /** The order-confirmed page's order, as the purchase event carries it. */
  purchase?: PurchaseDetail;
}

/** The page's tracking context, or null when the page carries none (or an unreadable one). */
export function readTrackingContext(doc: Document = document): TrackingPageContext | null {
  try {
    const parsed: unknown = JSON.parse(doc.getElementById(TRACKING_CONTEXT_ELEMENT_ID)?.textContent || 'null');
    return parsed && typeof parsed === 'object' && typeof (parsed as TrackingPageContext).websiteId === 'string' ? (parsed as TrackingPageContext) : null;
  } catch {
    return null;
  }
}
