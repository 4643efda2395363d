// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_NAME, EVENT_PATHS, eventContent, legacyPayload, recordLegacyEvent, resolvedLocale, trackEvent } from './events';
import { TRACKING_MESSAGES } from './messages';
import { forgetAnalyticsIdInMemory } from './session';
import { formFields, pageContext, resetBrowser, stubNetwork } from './test-support/browser';

/** Every content field of platform §3, and our event_id. */
const CONTENT_FIELDS = [
  'analytics_id', 'browser_language', 'browser_window_height', 'browser_window_width', 'client_name', 'client_version',
  'marketing_id', 'page_host', 'page_path', 'page_query_params', 'page_referrer_url', 'session_id', 'enduser_user_agent',
  'event_occurrence_timestamp', 'browser_locale', 'custom_schema_name', 'source_environment', 'context_website_id',
  'destination_url', 'member_account_id', 'object_identifier', 'resolved_locale', 'website_locale', 'member_account_locale',
  'event_id',
];

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetBrowser('/shop/p/linen-shirt/');
  forgetAnalyticsIdInMemory();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  document.cookie = 'ss_cvr=visitor-1|1|1|1|1;Path=/';
  document.cookie = 'crumb=crumb-1;Path=/';
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the newer tracker’s content (platform §3, §5)', () => {
  it('fills in every field of platform §3, plus a fresh event_id', () => {
    document.cookie = 'SS_MID=campaign-7;Path=/';
    history.replaceState(null, '', '/shop/p/linen-shirt/?utm_source=mail');
    const content = eventContent(pageContext({ sourceEnvironment: 'qa' }), 'add-to-cart', { sku: 'SQ-1' }, 1_700_000_000_000);
    expect(Object.keys(content).sort()).toEqual([...CONTENT_FIELDS, 'sku'].sort());
    expect(content).toMatchObject({
      sku: 'SQ-1',
      client_name: CLIENT_NAME,
      marketing_id: 'campaign-7',
      page_host: location.host,
      page_path: '/shop/p/linen-shirt',
      page_query_params: 'utm_source=mail',
      enduser_user_agent: navigator.userAgent,
      event_occurrence_timestamp: 1_700_000_000_000,
      custom_schema_name: 'add-to-cart',
      source_environment: 'qa',
      context_website_id: 'website-1',
      object_identifier: 'item-1',
      destination_url: null,
      resolved_locale: 'en-US',
      website_locale: 'en-US',
      browser_window_width: innerWidth,
    });
    const again = eventContent(pageContext(), 'add-to-cart', {});
    expect(again.event_id).not.toBe(content.event_id);
    expect(again.analytics_id).toBe(content.analytics_id);
    expect(again.session_id).toBe(content.session_id);
  });

  it('lets the caller name the destination and the object; overwriting anything else is warned', () => {
    const content = eventContent(pageContext(), 'related-product-click', { destination_url: '/shop/p/vase', object_identifier: 'vase', page_path: '/mine', session_id: 'mine' });
    expect(content).toMatchObject({ destination_url: '/shop/p/vase', object_identifier: 'vase', page_path: '/shop/p/linen-shirt' });
    expect(content.session_id).not.toBe('mine');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Analytics: auto-populated fields overwrote the ones supplied: page_path, session_id');
  });

  it('resolves the locale from the website, then the page language, then en-US', () => {
    expect(resolvedLocale(pageContext({ websiteLocale: 'fr-CA' }))).toBe('fr-CA');
    document.documentElement.lang = 'de-DE';
    expect(resolvedLocale(pageContext({ websiteLocale: '' }))).toBe('de-DE');
    document.documentElement.lang = '';
    expect(resolvedLocale(pageContext({ websiteLocale: '' }))).toBe('en-US');
  });
});

describe('sending to the newer tracker (platform §7, §8)', () => {
  it('goes by beacon with a form-encoded eventSchemaName and eventContent (a JSON string)', async () => {
    const network = stubNetwork();
    await expect(trackEvent(pageContext(), 'view-cart', { cart: { item_count: 2 } })).resolves.toBe(true);
    expect(network.sent).toHaveLength(1);
    const [sent] = network.sent;
    expect(sent).toMatchObject({ url: '/api/v1/clanker/events', via: 'beacon' });
    const fields = formFields(sent!.body);
    expect(Object.keys(fields)).toEqual(['eventSchemaName', 'eventContent']);
    expect(fields.eventSchemaName).toBe('view-cart');
    expect(JSON.parse(fields.eventContent!)).toMatchObject({ cart: { item_count: 2 }, custom_schema_name: 'view-cart' });
  });

  it('falls back to a JSON POST (with the crumb header) without a beacon, or when the beacon refuses', async () => {
    const network = stubNetwork();
    network.beacon = false;
    await trackEvent(pageContext(), 'page-view', {});
    network.beacon = 'refuse';
    await trackEvent(pageContext(), 'page-view', {});
    expect(network.sent.map((request) => request.via)).toEqual(['fetch', 'fetch']);
    const [sent] = network.sent;
    expect(sent!.headers).toMatchObject({ 'content-type': 'application/json', 'x-csrf-token': 'crumb-1' });
    const body = JSON.parse(sent!.body);
    expect(Object.keys(body)).toEqual(['eventSchemaName', 'eventContent']);
    expect(typeof body.eventContent).toBe('string');
  });

  it('succeeds on exactly 200 or 202; anything else is warned and rejects with its status', async () => {
    const network = stubNetwork();
    network.beacon = false;
    for (const status of [200, 202]) {
      network.status = status;
      await expect(trackEvent(pageContext(), 'page-view', {})).resolves.toBe(true);
    }
    for (const status of [201, 204, 400, 404, 500]) {
      network.status = status;
      await expect(trackEvent(pageContext(), 'page-view', {})).rejects.toThrow(`Error tracking event: HTTP Status ${status}`);
      expect(warn).toHaveBeenLastCalledWith(`Error tracking event: HTTP Status ${status}`);
    }
    expect(TRACKING_MESSAGES.httpStatus(418)).toBe('Error tracking event: HTTP Status 418');
  });

  it("rejects 'no payload' without content", async () => {
    const network = stubNetwork();
    await expect(trackEvent(pageContext(), 'page-view', undefined)).rejects.toThrow('no payload');
    await expect(trackEvent(pageContext(), 'page-view', null)).rejects.toThrow('no payload');
    expect(network.sent).toEqual([]);
  });

  it('sends nothing for a visitor without the census cookie (platform §6)', async () => {
    const network = stubNetwork();
    document.cookie = 'ss_cvr=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    await expect(trackEvent(pageContext(), 'page-view', {})).resolves.toBe(false);
    await recordLegacyEvent(pageContext(), 'cart-page-form-open');
    expect(network.sent).toEqual([]);
  });
});

describe('the legacy tracker (platform §3, §7)', () => {
  it('posts the crumb, the event name and the payload as JSON, form-encoded', async () => {
    const network = stubNetwork();
    history.replaceState(null, '', '/cart/#line-2');
    await recordLegacyEvent(pageContext({ memberAccountId: 'viewer-1', memberLocale: 'fr-FR' }), 'cart-page-form-open', { itemId: 'item-9' });
    const [sent] = network.sent;
    expect(sent).toMatchObject({ url: EVENT_PATHS.legacy, via: 'fetch' });
    expect(sent!.url).toBe('/api/events/RecordEvent');
    const fields = formFields(sent!.body);
    expect(fields).toMatchObject({ crumb: 'crumb-1', event: 'cart-page-form-open' });
    expect(JSON.parse(fields.data!)).toEqual({
      itemId: 'item-9',
      websiteId: 'website-1',
      memberAccountId: 'viewer-1',
      website_locale: 'en-US',
      member_locale: 'fr-FR',
      templateId: 'vitrine-default',
      variantId: null,
      pageHash: 'line-2',
      pagePath: '/cart',
    });
    expect(Object.keys(legacyPayload(pageContext()))).toEqual(['websiteId', 'memberAccountId', 'website_locale', 'member_locale', 'templateId', 'variantId', 'pageHash', 'pagePath']);
  });
});
