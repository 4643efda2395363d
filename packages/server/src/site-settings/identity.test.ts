// databases: one — the identity's rules and what pages, the head and mail show of it; its locks (the website row FOR UPDATE, the pictures FOR SHARE) are productImageRecords', proven on both by images/product-texts.test.ts
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_IDENTITY_MESSAGES, type ImageAssetJson, type SiteIdentityJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import type { Website } from '../db/schema';
import { newId } from '../ids';
import { demoProductId, openTestServer, ownerVisitor, TEST_SHIPPING_ADDRESS, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';

/*
 * Settings → Site (issue 33 item 1): the owner's calls, who may make them and what they refuse, then the header,
 * footer, <title>, Open Graph, icons and mail after a change, on the next request.
 */

const URL = '/api/owner/site-settings/identity';

let server: TestServer;
let website: Website;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const BOUNDARY = '----vitrine-identity-test';
async function upload(width: number, height: number, filename: string, format: 'png' | 'avif' = 'png'): Promise<ImageAssetJson> {
  const picture = sharp({ create: { width, height, channels: 4, background: '#24382b' } });
  const bytes = await (format === 'png' ? picture.png() : picture.avif({ effort: 0 })).toBuffer();
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/${format}\r\n\r\n`);
  const answer = await admin.request({
    method: 'POST',
    url: '/api/owner/images',
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const identityRow = () =>
  server.database.db
    .selectFrom('websites')
    .select(['site_title', 'site_tagline', 'logo_image_id', 'logo_alt_text', 'favicon_image_id', 'social_image_id', 'identity_pictures'])
    .where('id', '=', website.id)
    .executeTakeFirstOrThrow();

const page = async (path = '/') => (await new TestVisitor(server.app).get(path)).body;
const between = (html: string, start: string, end: string) => html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)) + end.length);
const header = (html: string) => between(html, '<header class="site-header">', '</header>');
const footerBrand = (html: string) => between(html, '<div class="footer-brand">', '</div>');
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const meta = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

describe('GET/PUT /api/owner/site-settings/identity: who may', () => {
  it('answers the demo identity to any role with site:read: its title, tagline and no pictures', async () => {
    const answer = await (await ownerVisitor(server, 'viewer')).get(URL);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      siteTitle: 'Vitrine Demo Store', tagline: 'Well-made things for every day, chosen to last.',
      logoImageId: null, logoAltText: '', logoUrl: null, faviconImageId: null, faviconUrl: null, socialImageId: null, socialImageUrl: null,
    } satisfies SiteIdentityJson);
  });

  it('lets admins and website managers change it; refuses editors, store managers and viewers (403), signed out (401)', async () => {
    const before = await identityRow();
    const stranger = new TestVisitor(server.app);
    await stranger.visit();
    const signedOut = await stranger.put(URL, { siteTitle: 'Taken' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(OWNER_MESSAGES.notSignedIn);
    for (const role of ['editor', 'storeManager', 'viewer', 'reporting'] as const) {
      const refused = await (await ownerVisitor(server, role)).put(URL, { siteTitle: `Renamed by ${role}` });
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().message).toBe(OWNER_MESSAGES.notAllowed);
    }
    expect(await identityRow()).toEqual(before);
    const manager = await ownerVisitor(server, 'websiteManager');
    const renamed = await manager.put(URL, { siteTitle: '  Linen\n& Clay  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // One line, trimmed; the other fields kept.
    expect(renamed.json()).toMatchObject({ siteTitle: 'Linen & Clay', tagline: 'Well-made things for every day, chosen to last.' });
    expect((await admin.put(URL, { siteTitle: 'Vitrine Demo Store' })).json()).toMatchObject({ siteTitle: 'Vitrine Demo Store' });
  });
});

describe('the identity’s field errors (400, nothing written)', () => {
  it('names every broken rule at once: title, logo alt text, pictures unknown, another website’s, a favicon not square or too small, a social picture too small or AVIF', async () => {
    const wide = await upload(300, 100, 'wide.png');
    const tiny = await upload(16, 16, 'tiny.png');
    const small = await upload(150, 100, 'small.png');
    const before = await identityRow();
    const allWrong = await admin.put(URL, { siteTitle: ' \n ', logoImageId: 'nosuchpicture', faviconImageId: wide.id, socialImageId: small.id });
    expect(allWrong.statusCode).toBe(400);
    expect(allWrong.json()).toEqual({
      message: SITE_IDENTITY_MESSAGES.siteTitleRequired,
      errors: {
        siteTitle: SITE_IDENTITY_MESSAGES.siteTitleRequired,
        logoImageId: SITE_IDENTITY_MESSAGES.pictureUnknown,
        logoAltText: SITE_IDENTITY_MESSAGES.logoAltTextRequired,
        faviconImageId: 'The favicon must be square or nearly square: this picture is 300 × 100 pixels.',
        socialImageId: 'The social sharing picture must be at least 200 × 200 pixels (1200 × 630 is best): this picture is 150 × 100.',
      },
    });
    expect((await admin.put(URL, { faviconImageId: tiny.id })).json().errors).toEqual({ faviconImageId: 'The favicon must be at least 32 × 32 pixels: this picture is 16 × 16.' });
    const avif = await upload(400, 300, 'photo.avif', 'avif');
    expect((await admin.put(URL, { socialImageId: avif.id })).json().errors).toEqual({ socialImageId: SITE_IDENTITY_MESSAGES.socialAvif });

    // A picture of another website: refused as unknown, never linked.
    const otherWebsiteId = newId();
    const otherImageId = newId();
    await server.database.db.insertInto('websites').values({ id: otherWebsiteId, identifier: `other-${otherWebsiteId}`, site_title: 'Other', captcha_site_key: null }).execute();
    await server.database.db
      .insertInto('images')
      .values({ id: otherImageId, website_id: otherWebsiteId, filename: 'their-logo.png', content_type: 'image/png', width: 400, height: 100, color_data: JSON.stringify({ topLeft: '#000000', topRight: '#000000', bottomLeft: '#000000', bottomRight: '#000000', center: '#000000' }) })
      .execute();
    const theirs = await admin.put(URL, { logoImageId: otherImageId, logoAltText: 'Their logo', socialImageId: otherImageId });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual({ message: SITE_IDENTITY_MESSAGES.pictureUnknown, errors: { logoImageId: SITE_IDENTITY_MESSAGES.pictureUnknown, socialImageId: SITE_IDENTITY_MESSAGES.pictureUnknown } });
    expect(await identityRow()).toEqual(before);
  });

  it('refuses text past its limit, a picture that is not an id, unknown fields and an empty body, by the contract’s words', async () => {
    const before = await identityRow();
    const long = await admin.put(URL, { siteTitle: 'x'.repeat(101), tagline: 'y'.repeat(201), logoAltText: 'z'.repeat(251), faviconImageId: 42, colour: 'red' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: SITE_IDENTITY_MESSAGES.siteTitle,
      errors: { siteTitle: SITE_IDENTITY_MESSAGES.siteTitle, tagline: SITE_IDENTITY_MESSAGES.tagline, logoAltText: SITE_IDENTITY_MESSAGES.logoAltText, faviconImageId: SITE_IDENTITY_MESSAGES.pictureId, colour: 'Unknown field.' },
    });
    expect((await admin.put(URL, { siteTitle: 'x'.repeat(100) })).statusCode).toBe(200);
    const empty = await admin.put(URL, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: SITE_IDENTITY_MESSAGES.empty });
    expect((await admin.put(URL, { siteTitle: before.site_title })).statusCode).toBe(200);
    expect(await identityRow()).toEqual(before);
  });
});

describe('the storefront and mail after a change, on the next request', () => {
  let logo: ImageAssetJson;
  let favicon: ImageAssetJson;
  let social: ImageAssetJson;

  it('shows the title as text, the tagline in the footer and the theme’s icon while there is no logo', async () => {
    const html = await page('/shop');
    expect(header(html)).toContain('<a class="site-title" href="/">Vitrine Demo Store</a>');
    expect(header(html)).not.toContain('<img');
    expect(footerBrand(html)).toContain('<p class="site-tagline">Well-made things for every day, chosen to last.</p>');
    expect(titleOf(html)).toBe('Shop · Vitrine Demo Store');
    expect(html).toContain('<link rel="icon" href="/assets/theme/favicon.svg" type="image/svg+xml">');
  });

  it('renames the site, sets the tagline, logo, favicon and social picture: header, footer, <title>, Open Graph and icons follow', async () => {
    logo = await upload(600, 200, 'logo.png');
    favicon = await upload(64, 60, 'icon.png');
    social = await upload(1200, 630, 'share.png');
    const saved = await admin.put(URL, {
      siteTitle: 'Linen & Clay', tagline: 'Pots <and> linen, made slowly.', logoImageId: logo.id, logoAltText: 'Linen & Clay "home"', faviconImageId: favicon.id, socialImageId: social.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      siteTitle: 'Linen & Clay', tagline: 'Pots <and> linen, made slowly.',
      logoImageId: logo.id, logoAltText: 'Linen & Clay "home"', logoUrl: logo.assetUrl,
      faviconImageId: favicon.id, faviconUrl: favicon.assetUrl, socialImageId: social.id, socialImageUrl: social.assetUrl,
    });
    expect((await admin.get(URL)).json()).toEqual(saved.json());

    const html = await page('/shop');
    // The logo in place of the title, named by its alt text, sized for the theme's 240 × 48 and 140 × 40 boxes.
    expect(header(html)).toContain(
      `<a class="site-title site-title--logo" href="/"><img class="site-logo" src="${logo.assetUrl}?format=500w" ` +
        `srcset="${logo.assetUrl}?format=100w 100w, ${logo.assetUrl}?format=300w 300w, ${logo.assetUrl}?format=500w 500w, ${logo.assetUrl} 600w" ` +
        `sizes="(max-width: 760px) 120px, 144px" alt="Linen &amp; Clay &quot;home&quot;" width="600" height="200"></a>`,
    );
    expect(header(html)).not.toContain('Vitrine Demo Store');
    expect(footerBrand(html)).toContain('<a class="site-title" href="/">Linen &amp; Clay</a>');
    expect(footerBrand(html)).toContain('<p class="site-tagline">Pots &lt;and&gt; linen, made slowly.</p>');
    expect(html).toContain('<p>© Linen &amp; Clay · Powered by Vitrine</p>');
    expect(titleOf(html)).toBe('Shop · Linen &amp; Clay');
    expect(meta(html, 'og:site_name')).toBe('Linen &amp; Clay');
    expect(html).toContain(`<link rel="icon" href="${favicon.assetUrl}?format=icon-32" type="image/png" sizes="32x32">`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="${favicon.assetUrl}?format=icon-180">`);
    expect(html).not.toContain('/assets/theme/favicon.svg');

    // A page without a picture of its own shares the social picture; a product keeps its own.
    const home = await page('/');
    expect(titleOf(home)).toBe('Linen &amp; Clay');
    expect(meta(home, 'og:image')).toBe(`http://localhost${social.assetUrl}?format=1500w`);
    expect(home).toContain('<meta name="twitter:card" content="summary_large_image">');
    const product = await page('/shop/p/linen-shirt');
    expect(titleOf(product)).toMatch(/^Linen Shirt · Linen &amp; Clay$/);
    expect(meta(product, 'og:image')).not.toContain(social.id);
    // The JSON context carries the identity.
    const json = (await new TestVisitor(server.app).get('/shop?format=json')).json();
    expect(json.website).toMatchObject({ siteTitle: 'Linen & Clay', siteTagLine: 'Pots <and> linen, made slowly.', logo: { alt: 'Linen & Clay "home"', width: 600, height: 200 } });
  });

  it('serves the favicon as square PNGs of 32 and 180 px, and the mail logo as a PNG', async () => {
    for (const [format, size] of [['icon-32', 32], ['icon-180', 180]] as const) {
      const icon = await new TestVisitor(server.app).get(`${favicon.assetUrl}?format=${format}`);
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(icon.headers.etag).toBe(`"${favicon.id}-${format}"`);
      const drawn = await sharp(icon.rawPayload).metadata();
      expect([drawn.format, drawn.width, drawn.height, drawn.hasAlpha]).toEqual(['png', size, size, true]);
    }
    const mailCopy = await new TestVisitor(server.app).get(`${logo.assetUrl}?format=png-500w`);
    expect(mailCopy.headers['content-type']).toBe('image/png');
    expect((await sharp(mailCopy.rawPayload).metadata()).width).toBe(500);
    expect((await new TestVisitor(server.app).get(`${logo.assetUrl}?format=icon-64`)).statusCode).toBe(400);
  });

  it('shows the logo on the checkout’s focused layout, and puts it and the new name in the order confirmation mail', async () => {
    const shopper = new TestVisitor(server.app);
    await shopper.visit();
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 })).statusCode).toBe(200);
    const checkout = (await shopper.get('/checkout')).body;
    expect(checkout).toContain(`<a class="site-title site-title--logo checkout-site-title" href="/"><img class="site-logo" src="${logo.assetUrl}?format=500w"`);
    expect(titleOf(checkout)).toBe('Checkout · Linen &amp; Clay');
    const placed = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'identity@example.com' });
    expect(placed.statusCode, placed.body).toBe(201);
    const mail = await server.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'identity@example.com').executeTakeFirstOrThrow();
    expect(mail.from_address).toMatch(/^"Linen & Clay" </);
    expect(mail.subject).toMatch(/from Linen & Clay is confirmed$/);
    expect(mail.html_body).toMatch(new RegExp(`<img src="https?://[^"]+${logo.assetUrl}\\?format=png-500w" alt="Linen &amp; Clay &quot;home&quot;" width="120" height="40"`));
    expect(mail.html_body).toContain('You receive this message from Linen &amp; Clay.');
  });

  it('falls back to the title as text when the logo is removed, and when its picture is deleted', async () => {
    const removed = await admin.put(URL, { logoImageId: null });
    expect(removed.json()).toMatchObject({ logoImageId: null, logoAltText: '', logoUrl: null, faviconImageId: favicon.id });
    expect(header(await page('/cart'))).toContain('<a class="site-title" href="/">Linen &amp; Clay</a>');

    // Set again, then the picture deleted: the row drops it (migration 040) and this process's pages follow at once.
    expect((await admin.put(URL, { logoImageId: logo.id, logoAltText: 'Linen & Clay' })).statusCode).toBe(200);
    expect(header(await page('/cart'))).toContain('class="site-logo"');
    expect((await admin.delete(`/api/owner/images/${logo.id}`)).statusCode).toBe(200);
    expect((await identityRow()).logo_image_id).toBeNull();
    expect(header(await page('/cart'))).toContain('<a class="site-title" href="/">Linen &amp; Clay</a>');
    expect((await admin.get(URL)).json()).toMatchObject({ logoImageId: null, logoUrl: null });
  });
});
