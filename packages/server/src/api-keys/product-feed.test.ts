// databases: one — key rules and the feed answers; no lock, race or transaction of its own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FEED_MESSAGES } from '@vitrine/contracts';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { escapeXml, plainTextOf } from './feed-xml';

let server: TestServer;
let manager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  manager = await ownerVisitor(server, 'storeManager');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** The feed as an ads platform fetches it: no cookies, nothing but the URL. */
const fetchFeed = (url: string) => server.app.inject({ method: 'GET', url: new URL(url).pathname });

/** The g: fields of each item, by g:id. */
function itemsOf(xml: string): Map<string, Record<string, string>> {
  const items = new Map<string, Record<string, string>>();
  for (const [, body] of xml.matchAll(/<item>([\s\S]*?)<\/item>/g)) {
    const fields = Object.fromEntries([...body.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)].map(([, name, value]) => [name, value]));
    items.set(fields.id, fields);
  }
  return items;
}

describe('the dynamic ads feed', () => {
  it('has a URL to copy, and the URL answers Google Merchant RSS with every variant of every product', async () => {
    const settings = await manager.get('/api/owner/product-feed');
    expect(settings.statusCode).toBe(200);
    const { feedUrl, pixelId } = settings.json();
    expect(feedUrl).toMatch(/^http:\/\/localhost(:80)?\/api\/product-feed\/[A-Za-z0-9_-]{32}$/);
    expect(pixelId).toBeNull();
    expect((await manager.get('/api/owner/product-feed')).json().feedUrl).toBe(feedUrl);

    const feed = await fetchFeed(feedUrl);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(feed.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">')).toBe(true);
    const items = itemsOf(feed.body);
    const variantCount = (await db().selectFrom('variants').select('id').execute()).length;
    expect(items.size).toBe(variantCount);

    const shirt = demoProductId('linen-shirt');
    expect(items.get('SHIRT-S-NAVY')).toEqual({
      id: 'SHIRT-S-NAVY',
      title: 'Linen Shirt – S / Navy',
      description: expect.any(String),
      link: expect.stringMatching(/^http:\/\/localhost(:80)?\/shop\/p\/linen-shirt$/),
      image_link: expect.stringMatching(/^http:\/\/localhost(:80)?\/.+/),
      availability: 'in stock',
      price: '45.00 USD',
      item_group_id: shirt,
      brand: 'Vitrine Demo Store',
      condition: 'new',
    });
    expect(items.get('SHIRT-M-NAVY')).toMatchObject({ availability: 'out of stock', price: '48.00 USD' });
    expect(items.get('TOTE')).toMatchObject({ title: 'Canvas Tote', price: '30.00 USD', sale_price: '22.00 USD' });
    expect(items.get('TOTE')!.item_group_id).toBeUndefined();
    expect(items.get('LAMP')).toMatchObject({ availability: 'out of stock' });
    expect(items.get('EBOOK')).toMatchObject({ availability: 'in stock' });
    expect(items.get('STICKERS')).toMatchObject({ availability: 'in stock' });
  });

  it('escapes every value and leaves archived products out', async () => {
    const { feedUrl } = (await manager.get('/api/owner/product-feed')).json();
    await db().updateTable('products').set({ title: 'Fish & Chips <b>"Vase"</b> \u0001', excerpt: '<p>Tom&#39;s &amp; <i>best</i></p>' }).where('id', '=', demoProductId('ceramic-vase')).execute();
    await db().updateTable('products').set({ archived_at: new Date() }).where('id', '=', demoProductId('wool-blanket')).execute();
    const feed = (await fetchFeed(feedUrl)).body;
    expect(feed).toContain('<g:title>Fish &amp; Chips &lt;b&gt;&quot;Vase&quot;&lt;/b&gt; </g:title>');
    expect(feed).toContain('<g:description>Tom&apos;s &amp; best</g:description>');
    expect(feed).not.toContain('\u0001');
    expect(itemsOf(feed).has('VASE')).toBe(true);
    expect(itemsOf(feed).has('BLANKET')).toBe(false);
  });

  it('a rotated token retires the old URL; unknown and malformed tokens are refused', async () => {
    const before = (await manager.get('/api/owner/product-feed')).json().feedUrl;
    const rotated = await manager.post('/api/owner/product-feed/token', {});
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json().feedUrl;
    expect(after).not.toBe(before);
    const old = await fetchFeed(before);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: PRODUCT_FEED_MESSAGES.feedToken });
    expect((await fetchFeed(after)).statusCode).toBe(200);
    const malformed = await server.app.inject({ method: 'GET', url: '/api/product-feed/not!a!token' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: PRODUCT_FEED_MESSAGES.feedToken, errors: { feedToken: PRODUCT_FEED_MESSAGES.feedToken } });
  });

  it('saves a pixel id of digits, refuses others with a field error, and null removes it', async () => {
    const saved = await manager.put('/api/owner/product-feed/pixel', { pixelId: '123456789012345' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().pixelId).toBe('123456789012345');
    expect((await manager.get('/api/owner/product-feed')).json().pixelId).toBe('123456789012345');
    for (const pixelId of ['abc', '123', '1'.repeat(21), 123456789012345, ' 123456789012345', '12345678901234\u0000']) {
      const answer = await manager.put('/api/owner/product-feed/pixel', { pixelId });
      expect(answer.statusCode, String(pixelId)).toBe(400);
      if (typeof pixelId !== 'string' || !pixelId.includes('\u0000')) {
        expect(answer.json()).toEqual({ message: PRODUCT_FEED_MESSAGES.pixelId, errors: { pixelId: PRODUCT_FEED_MESSAGES.pixelId } });
      }
    }
    expect((await manager.put('/api/owner/product-feed/pixel', {})).statusCode).toBe(400);
    expect((await manager.get('/api/owner/product-feed')).json().pixelId).toBe('123456789012345');
    const cleared = await manager.put('/api/owner/product-feed/pixel', { pixelId: null });
    expect(cleared.json().pixelId).toBeNull();
  });

  it('a viewer may see the URL but not change it', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.get('/api/owner/product-feed')).statusCode).toBe(200);
    expect((await viewer.post('/api/owner/product-feed/token', {})).statusCode).toBe(403);
    expect((await viewer.put('/api/owner/product-feed/pixel', { pixelId: '123456789012345' })).statusCode).toBe(403);
  });
});

describe('feed XML text', () => {
  it('escapes the five characters and drops what XML 1.0 cannot hold', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('x\u0000y\u0008z\uFFFE\uD800!')).toBe('xyz!');
    expect(escapeXml('tab\tline\nok 😀')).toBe('tab\tline\nok 😀');
  });

  it('reads HTML as plain text', () => {
    expect(plainTextOf('<p>One&nbsp;<b>two</b></p><script>alert(1)</script> three &lt;4&gt;')).toBe('One two three <4>');
    expect(plainTextOf('x'.repeat(10), 5)).toBe('xxxx…');
  });
});
