// databases: both — saves at once on one version
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OWNER_MESSAGES } from '../authorize';
import { POPUP_OVERLAY_MESSAGES, type PopupOverlayBody } from '@vitrine/contracts';
import { findDefaultWebsite } from '../websites';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import type { Website } from '../db/schema';
import { DEFAULT_POPUP_OVERLAY } from './service';

/*
 * The popup overlay's owner calls and what storefront pages carry of it, on the real app and database (PGlite;
 * PostgreSQL with TEST_DATABASE_URL).
 */

const URL = '/api/owner/popup-overlay';
const AGAIN = '/api/owner/popup-overlay/show-again';

let server: TestServer;
let website: Website;
let admin: TestVisitor;
let editor: TestVisitor;
let viewer: TestVisitor;
let storeManager: TestVisitor;
let imageId: string;
let imageFilename: string;
let newsletterFormId: string;
let contactFormId: string;

beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  [admin, editor, viewer, storeManager] = await Promise.all([
    ownerVisitor(server, 'admin'),
    ownerVisitor(server, 'editor'),
    ownerVisitor(server, 'viewer'),
    ownerVisitor(server, 'storeManager'),
  ]);
  const image = await db().selectFrom('images').select(['id', 'filename']).where('website_id', '=', website.id).orderBy('id').executeTakeFirstOrThrow();
  imageId = image.id;
  imageFilename = image.filename;
  const forms = await db().selectFrom('forms').select(['id', 'kind']).where('website_id', '=', website.id).where('deleted_at', 'is', null).execute();
  newsletterFormId = forms.find((form) => form.kind === 'newsletter')!.id;
  contactFormId = forms.find((form) => form.kind === 'form')!.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await db().deleteFrom('popup_overlays').execute();
});

const db = () => server.database.db;

const design: PopupOverlayBody = {
  enabled: true,
  layout: 'image-left',
  heading: 'Ten percent off your first order',
  body: 'Join the list.\nWe write once a month.',
  imageId: null,
  action: 'button',
  buttonLabel: 'Shop the sale',
  buttonUrl: '/shop',
  formId: null,
  trigger: 'delay',
  delaySeconds: 4,
  scrollPercent: 50,
  position: 'BOTTOM_RIGHT',
  pages: 'all',
  overlayColor: '#1A2B3C',
  overlayOpacity: 40,
};

/** The popup island's props on a page's HTML, or undefined when the page carries none. */
function popupOn(html: string): Record<string, unknown> | undefined {
  const match = /<div data-island="PopupOverlay">(.*?)<\/div><script type="application\/json" data-island-props>(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[2]!) as { popup: Record<string, unknown> }).popup : undefined;
}

describe('GET /api/owner/popup-overlay', () => {
  it('answers the defaults, disabled, before the first save; every content reader may read', async () => {
    for (const owner of [admin, editor, viewer, storeManager]) {
      const answer = await owner.get(URL);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(DEFAULT_POPUP_OVERLAY);
    }
    expect(DEFAULT_POPUP_OVERLAY).toMatchObject({ enabled: false, version: 1, updatedAt: null, trigger: 'delay', delaySeconds: 5, position: 'CENTER_CENTER' });
  });

  it('refuses a visitor who is not signed in as an owner', async () => {
    const stranger = new TestVisitor(server.app);
    await stranger.visit('/');
    const answer = await stranger.get(URL);
    expect(answer.statusCode).toBe(401);
  });
});

describe('PUT /api/owner/popup-overlay', () => {
  it('saves the whole design, the colour in lower case, and reads it back with the picture address; the version stays', async () => {
    const saved = await admin.put(URL, { ...design, imageId });
    expect(saved.statusCode, saved.body).toBe(200);
    const json = saved.json();
    expect(json).toMatchObject({
      ...design,
      imageId,
      imageUrl: `/images/${imageId}/${imageFilename}`,
      overlayColor: '#1a2b3c',
      version: 1,
    });
    expect(typeof json.imageAlt).toBe('string');
    expect(Date.parse(json.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await editor.get(URL)).json()).toEqual(json);
    const again = await editor.put(URL, { ...design, imageId, heading: 'Twelve percent off' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ heading: 'Twelve percent off', version: 1 });
  });

  it('stores hostile text verbatim, and the page escapes it', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const saved = await admin.put(URL, { ...design, layout: 'none', heading: hostile, body: `${hostile}\n&amp;`, buttonLabel: '"><b>x</b>' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ heading: hostile, body: `${hostile}\n&amp;`, buttonLabel: '"><b>x</b>' });
    const page = await new TestVisitor(server.app).get('/');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    expect(popupOn(page.body)).toMatchObject({ heading: hostile, body: `${hostile}\n&amp;`, action: { kind: 'button', label: '"><b>x</b>', url: '/shop' } });
  });

  it('keeps no picture for the layout without one, and no form for a button', async () => {
    const saved = await admin.put(URL, { ...design, layout: 'none', imageId, formId: newsletterFormId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ imageId: null, imageUrl: null, formId: null });
  });

  it('refuses what spans fields with errors by field', async () => {
    const answer = await admin.put(URL, { ...design, imageId: null, buttonLabel: ' ', buttonUrl: 'javascript:alert(1)' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: POPUP_OVERLAY_MESSAGES.invalid,
      errors: { imageId: POPUP_OVERLAY_MESSAGES.imageRequired, buttonLabel: POPUP_OVERLAY_MESSAGES.buttonLabel, buttonUrl: POPUP_OVERLAY_MESSAGES.buttonUrl },
    });
    const unknownImage = await admin.put(URL, { ...design, imageId: 'img_missing' });
    expect(unknownImage.json()).toEqual({ message: POPUP_OVERLAY_MESSAGES.invalid, errors: { imageId: POPUP_OVERLAY_MESSAGES.unknownImage } });
    const noForm = await admin.put(URL, { ...design, imageId, action: 'newsletter' });
    expect(noForm.json()).toEqual({ message: POPUP_OVERLAY_MESSAGES.invalid, errors: { formId: POPUP_OVERLAY_MESSAGES.formRequired } });
    const contactForm = await admin.put(URL, { ...design, imageId, action: 'newsletter', formId: contactFormId });
    expect(contactForm.statusCode).toBe(400);
    expect(contactForm.json()).toEqual({ message: POPUP_OVERLAY_MESSAGES.invalid, errors: { formId: POPUP_OVERLAY_MESSAGES.notNewsletter } });
    expect((await admin.get(URL)).json()).toEqual(DEFAULT_POPUP_OVERLAY);
  });

  it("refuses each field's own shape with its message", async () => {
    const cases: Array<[Partial<Record<keyof PopupOverlayBody, unknown>>, keyof PopupOverlayBody, string]> = [
      [{ heading: '' }, 'heading', POPUP_OVERLAY_MESSAGES.heading],
      [{ heading: '   ' }, 'heading', POPUP_OVERLAY_MESSAGES.heading],
      [{ heading: 'x'.repeat(151) }, 'heading', POPUP_OVERLAY_MESSAGES.heading],
      [{ body: 'x'.repeat(1001) }, 'body', POPUP_OVERLAY_MESSAGES.body],
      [{ layout: 'image-bottom' }, 'layout', POPUP_OVERLAY_MESSAGES.layout],
      [{ action: 'link' }, 'action', POPUP_OVERLAY_MESSAGES.action],
      [{ buttonUrl: `https://example.com/${'a'.repeat(2070)}` }, 'buttonUrl', POPUP_OVERLAY_MESSAGES.buttonUrl],
      [{ trigger: 'exit' }, 'trigger', POPUP_OVERLAY_MESSAGES.trigger],
      [{ delaySeconds: 121 }, 'delaySeconds', POPUP_OVERLAY_MESSAGES.delaySeconds],
      [{ delaySeconds: -1 }, 'delaySeconds', POPUP_OVERLAY_MESSAGES.delaySeconds],
      [{ delaySeconds: 1.5 }, 'delaySeconds', POPUP_OVERLAY_MESSAGES.delaySeconds],
      [{ scrollPercent: 0 }, 'scrollPercent', POPUP_OVERLAY_MESSAGES.scrollPercent],
      [{ scrollPercent: 101 }, 'scrollPercent', POPUP_OVERLAY_MESSAGES.scrollPercent],
      [{ position: 'MIDDLE' }, 'position', POPUP_OVERLAY_MESSAGES.position],
      [{ pages: 'cart' }, 'pages', POPUP_OVERLAY_MESSAGES.pages],
      [{ overlayColor: 'red' }, 'overlayColor', POPUP_OVERLAY_MESSAGES.overlayColor],
      [{ overlayOpacity: 101 }, 'overlayOpacity', POPUP_OVERLAY_MESSAGES.overlayOpacity],
      [{ enabled: 'yes' }, 'enabled', POPUP_OVERLAY_MESSAGES.enabled],
      [{ imageId: 7 }, 'imageId', POPUP_OVERLAY_MESSAGES.imageId],
    ];
    for (const [change, field, message] of cases) {
      const answer = await admin.put(URL, { ...design, imageId, ...change });
      expect(answer.statusCode, `${field} ${answer.body}`).toBe(400);
      expect(answer.json().errors?.[field], JSON.stringify(change)).toBe(message);
    }
    const missing = await admin.put(URL, { enabled: true });
    expect(missing.statusCode).toBe(400);
  });

  it('is content:write: a viewer and a store manager are refused, an editor may', async () => {
    for (const owner of [viewer, storeManager]) {
      const answer = await owner.put(URL, { ...design, imageId });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
      expect((await owner.post(AGAIN)).statusCode).toBe(403);
    }
    expect((await editor.put(URL, { ...design, imageId })).statusCode).toBe(200);
  });
});

describe('POST /api/owner/popup-overlay/show-again', () => {
  it('bumps the version by one and keeps the design', async () => {
    await admin.put(URL, { ...design, imageId });
    const answer = await editor.post(AGAIN);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ version: 2, heading: design.heading, enabled: true });
    expect((await admin.post(AGAIN)).json().version).toBe(3);
  });

  it('two at once make two versions, never one', async () => {
    await admin.put(URL, { ...design, imageId });
    const answers = await Promise.all([admin.post(AGAIN), editor.post(AGAIN), admin.post(AGAIN)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await admin.get(URL)).json().version).toBe(4);
  });

  it('two first saves at once leave one row', async () => {
    const answers = await Promise.all([admin.put(URL, { ...design, imageId }), editor.put(URL, { ...design, imageId, heading: 'Other' })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await db().selectFrom('popup_overlays').select(['heading', 'version']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(1);
  });
});

describe('what storefront pages carry', () => {
  const visitor = () => new TestVisitor(server.app);

  it('nothing while disabled or never saved', async () => {
    expect(popupOn((await visitor().get('/')).body)).toBeUndefined();
    await admin.put(URL, { ...design, imageId, enabled: false });
    expect(popupOn((await visitor().get('/')).body)).toBeUndefined();
  });

  it('an enabled popup at once after the save, with the fields the island needs; a new version at once after show-again', async () => {
    await admin.put(URL, { ...design, imageId });
    const page = await visitor().get('/shop');
    expect(page.statusCode).toBe(200);
    expect(popupOn(page.body)).toEqual({
      websiteId: website.id,
      version: 1,
      layout: 'image-left',
      heading: design.heading,
      body: design.body,
      image: { url: `/images/${imageId}/${imageFilename}`, alt: expect.any(String) },
      action: { kind: 'button', label: 'Shop the sale', url: '/shop' },
      trigger: { kind: 'delay', seconds: 4 },
      position: 'BOTTOM_RIGHT',
      overlayColor: '#1a2b3c',
      overlayOpacity: 40,
    });
    await admin.post(AGAIN);
    expect(popupOn((await visitor().get('/shop')).body)?.version).toBe(2);
    await admin.put(URL, { ...design, imageId, trigger: 'scroll', scrollPercent: 60 });
    expect(popupOn((await visitor().get('/shop')).body)?.trigger).toEqual({ kind: 'scroll', percent: 60 });
  });

  it('home only, all but the cart, and never on checkout', async () => {
    await admin.put(URL, { ...design, imageId, pages: 'home' });
    expect(popupOn((await visitor().get('/')).body)).toBeDefined();
    expect(popupOn((await visitor().get('/shop')).body)).toBeUndefined();
    await admin.put(URL, { ...design, imageId, pages: 'not-cart' });
    expect(popupOn((await visitor().get('/shop')).body)).toBeDefined();
    expect(popupOn((await visitor().get('/cart')).body)).toBeUndefined();
    await admin.put(URL, { ...design, imageId, pages: 'all' });
    expect(popupOn((await visitor().get('/cart')).body)).toBeDefined();
    const checkout = await visitor().get('/checkout');
    expect(checkout.body).not.toContain('data-island="PopupOverlay"');
  });

  it("a newsletter popup carries its form in the site form island's shape; a deleted form shows none", async () => {
    const saved = await admin.put(URL, { ...design, layout: 'image-top', imageId, action: 'newsletter', formId: newsletterFormId, buttonLabel: '', buttonUrl: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    const popup = popupOn((await visitor().get('/')).body);
    expect(popup?.action).toMatchObject({ kind: 'newsletter', form: { id: newsletterFormId, kind: 'newsletter', fields: expect.any(Array) } });
    await db().updateTable('forms').set({ deleted_at: new Date() }).where('id', '=', newsletterFormId).execute();
    try {
      const refused = await admin.put(URL, { ...design, layout: 'image-top', imageId, action: 'newsletter', formId: newsletterFormId, buttonLabel: '', buttonUrl: '' });
      expect(refused.json().errors).toEqual({ formId: POPUP_OVERLAY_MESSAGES.notNewsletter });
      // The saved popup still names the form: with the form gone, pages show no popup (show-again forgets the cache).
      await admin.post(AGAIN);
      expect(popupOn((await visitor().get('/')).body)).toBeUndefined();
    } finally {
      await db().updateTable('forms').set({ deleted_at: null }).where('id', '=', newsletterFormId).execute();
    }
  });
});
