import { randomUUID } from 'node:crypto';
import { formatVisitorCookie } from '@vitrine/tracking';

/** For the analytics tests: event contents that pass their schemas, and census cookies. */

export const SHOPPER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const BOT_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export function censusCookie(id: string, visitCount = 1, hitCount = 1, nowMs = Date.now()): string {
  return formatVisitorCookie({ id, firstSeenMs: nowMs - 1000, visitStartMs: nowMs, visitCount, hitCount });
}

export const productContext = (id = 'prod-1', name = 'Linen Shirt') => ({
  id,
  name,
  productType: 'PHYSICAL',
  variants: [{ sku: 'SHIRT-M', price: { decimalValue: '45.00' }, attributes: { Size: 'M' } }],
  price: { decimalValue: '45.00' },
});

export function eventContent(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event_id: randomUUID(),
    analytics_id: 'analytics-1',
    session_id: 'session-1',
    page_path: '/shop/p/linen-shirt',
    event_occurrence_timestamp: Date.now(),
    context_website_id: 'website-1',
    client_name: 'vitrine-tracking',
    client_version: '1.0.0',
    source_environment: 'prod',
    resolved_locale: 'en-US',
    ...fields,
  };
}

export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
