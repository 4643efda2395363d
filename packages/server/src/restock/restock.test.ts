// databases: both — a sign-up made once under repeats; keyset pages
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_MESSAGES, RESTOCK_DEFAULT_TEXTS, RESTOCK_MESSAGES } from '@vitrine/contracts';
import { demoProductId, demoVariantId, openTestServer, ownerVisitor, setStock, solveCaptcha, TestVisitor, type TestServer } from '../testing';
import { DEMO_RESTOCK_SIGN_UPS } from './demo';
import { RESTOCK_SEND_MESSAGES } from './owner-service';
import { RESTOCK_SIGN_UP_MESSAGES } from './sign-up';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ publicUrl: 'https://shop.example.com' });
});
afterAll(async () => {
  await server?.close();
});

const SIGN_UP = '/api/site-users/account/notifications/restock';
const shirt = demoProductId('linen-shirt');
const navyM = demoVariantId('SHIRT-M-NAVY');
const lamp = demoProductId('vintage-lamp');
const lampVariant = demoVariantId('LAMP');

async function shopper(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  return visitor;
}
/** A sign-up as the restock box sends it: the demo website has a captcha, so a solved challenge goes with it. */
const signUp = async (email: string, overrides: Record<string, unknown> = {}) => {
  const visitor = await shopper();
  const captchaToken = 'captchaToken' in overrides ? undefined : await solveCaptcha(visitor);
  return visitor.post(SIGN_UP, { isJoinMailingList: false, productId: shirt, variantId: navyM, siteVisitorEmail: email, captchaToken, ...overrides });
};
const waiting = (variantId: string) =>
  server.database.db.selectFrom('restock_signups').selectAll().where('variant_id', '=', variantId).where('notified_at', 'is', null).execute();
const count = async (table: 'restock_signups' | 'newsletter_subscribers' | 'mail_outbox') =>
  Number((await server.database.db.selectFrom(table).select(server.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('restock sign-up', () => {
  it('signs an address up for a sold-out variant once; a repeat is a success', async () => {
    const first = await signUp('Wait.For.It@Example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ signedUp: true, alreadySignedUp: false });
    const again = await signUp('wait.for.it@example.com');
    expect(again.json()).toEqual({ signedUp: true, alreadySignedUp: true });
    expect((await waiting(navyM)).filter((row) => row.email === 'wait.for.it@example.com')).toHaveLength(1);
  });

  it('adds the address to the newsletter when the shopper opts in', async () => {
    await signUp('news@example.com', { isJoinMailingList: true });
    const subscriber = await server.database.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'news@example.com').executeTakeFirst();
    expect(subscriber).toMatchObject({ source: 'restock' });
  });

  it('refuses bad input with the spec\'s words and writes nothing', async () => {
    const before = [await count('restock_signups'), await count('newsletter_subscribers')];
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ siteVisitorEmail: '' }, 400, RESTOCK_MESSAGES.emailBlank],
      [{ siteVisitorEmail: '   ' }, 400, RESTOCK_MESSAGES.emailBlank],
      [{ siteVisitorEmail: 'not-an-email' }, 400, RESTOCK_MESSAGES.emailInvalid],
      [{ siteVisitorEmail: `${'a'.repeat(290)}@example.com` }, 400, RESTOCK_MESSAGES.emailInvalid],
      [{ productId: 'no-such-product' }, 404, RESTOCK_SIGN_UP_MESSAGES.noProduct],
      [{ variantId: demoVariantId('SHIRT-S-WHITE') }, 409, RESTOCK_SIGN_UP_MESSAGES.inStock],
      [{ variantId: lampVariant }, 404, RESTOCK_SIGN_UP_MESSAGES.noVariant],
      [{ isJoinMailingList: 'yes' }, 400, 'isJoinMailingList must be true or false.'],
      // The website has a captcha: a sign-up without a solution, or with a bad one, is refused.
      [{ captchaToken: undefined }, 400, RESTOCK_MESSAGES.captchaMissing],
      [{ captchaToken: '' }, 400, RESTOCK_MESSAGES.captchaMissing],
      [{ captchaToken: 'forged' }, 400, CAPTCHA_MESSAGES.invalid],
    ];
    for (const [overrides, status, message] of cases) {
      const answer = await signUp('refused@example.com', { isJoinMailingList: true, ...overrides });
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(answer.json().message, JSON.stringify(overrides)).toBe(message);
    }
    const missing = await (await shopper()).post(SIGN_UP, { productId: shirt, variantId: navyM });
    expect(missing.statusCode).toBe(400);
    // The email's rules come before the captcha's, as the box shows them.
    expect((await signUp('', { captchaToken: undefined })).json().message).toBe(RESTOCK_MESSAGES.emailBlank);
    expect([await count('restock_signups'), await count('newsletter_subscribers')]).toEqual(before);
  });
});

describe('where the restock box goes', () => {
  it('puts a view on each sold-out variant of a product that offers notices, with the store texts over the defaults', async () => {
    const shirtPage = (await (await shopper()).get('/shop/p/linen-shirt?format=json')).json();
    expect(shirtPage.item.restockNotificationViews).toEqual([{ variantId: navyM, hiddenByDefault: true }]);
    expect(shirtPage.item.restockNotificationMessages).toEqual(RESTOCK_DEFAULT_TEXTS);
    expect(shirtPage.productMerchandisingContext[shirt]).toMatchObject({ mailingListSignUpEnabled: true, mailingListOptInByDefault: false });
    const lampPage = (await (await shopper()).get('/shop/p/vintage-lamp?format=json')).json();
    // One variant: its box shows at once.
    expect(lampPage.item.restockNotificationViews).toEqual([{ variantId: lampVariant, hiddenByDefault: false }]);
    expect(lampPage.item.restockNotificationMessages).toMatchObject({ buttonText: 'Notify me', placeholderText: RESTOCK_DEFAULT_TEXTS.placeholderText });
    // The template formatter reads the same views.
    expect(lampPage.productMerchandisingContext[lamp].restockNotificationViews).toEqual(lampPage.item.restockNotificationViews);
  });

  it('refuses sign-ups for a product whose box is off', async () => {
    await setStock(server.database.db, 'TOTE', 0);
    try {
      const page = (await (await shopper()).get('/shop/p/canvas-tote?format=json')).json();
      expect(page.item.restockNotificationViews).toEqual([]);
      const answer = await signUp('tote@example.com', { productId: demoProductId('canvas-tote'), variantId: demoVariantId('TOTE') });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(RESTOCK_SIGN_UP_MESSAGES.notOffered);
    } finally {
      await setStock(server.database.db, 'TOTE', 40);
    }
  });
});

describe('restock sign-up and the captcha', () => {
  it('takes a solution once: the same solution again is refused', async () => {
    const visitor = await shopper();
    const captchaToken = await solveCaptcha(visitor);
    const body = { isJoinMailingList: false, productId: shirt, variantId: navyM, captchaToken };
    expect((await visitor.post(SIGN_UP, { ...body, siteVisitorEmail: 'once@example.com' })).statusCode).toBe(200);
    const replay = await visitor.post(SIGN_UP, { ...body, siteVisitorEmail: 'twice@example.com' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: CAPTCHA_MESSAGES.replayed, errors: { captchaToken: CAPTCHA_MESSAGES.replayed } });
    expect((await waiting(navyM)).map((row) => row.email)).not.toContain('twice@example.com');
  });
});

describe('the store\'s restock calls', () => {
  it('groups waiting sign-ups by variant with their count and stock', async () => {
    await signUp('lamp@example.com', { productId: lamp, variantId: lampVariant });
    const manager = await ownerVisitor(server, 'storeManager');
    const { signUpGroups, hasNextPage, nextPageCursor } = (await manager.get(`${SIGN_UP}/groups`)).json();
    expect(hasNextPage).toBe(false);
    expect(nextPageCursor).toBeNull();
    const shirtGroup = signUpGroups.find((group: { variantId: string }) => group.variantId === navyM);
    expect(shirtGroup).toMatchObject({ productId: shirt, productTitle: 'Linen Shirt', sku: 'SHIRT-M-NAVY', variantLabel: 'M / Navy', inStock: false });
    expect(shirtGroup.count).toBe((await waiting(navyM)).length);
    // The demo seeds a few waiting shoppers (restock/demo.ts); the lamp has those and this one.
    const seededForLamp = DEMO_RESTOCK_SIGN_UPS.filter((signUp) => signUp.sku === 'LAMP').length;
    expect(seededForLamp).toBeGreaterThan(0);
    expect(signUpGroups.find((group: { variantId: string }) => group.variantId === lampVariant)).toMatchObject({ count: seededForLamp + 1, inStock: false, variantLabel: '' });
  });

  it('refuses to send while the variant is sold out, then mails each waiting address once, with the variant chosen', async () => {
    const manager = await ownerVisitor(server, 'storeManager');
    const refused = await manager.post(`${SIGN_UP}/send`, { productId: shirt, variantId: navyM });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: RESTOCK_SEND_MESSAGES.stillSoldOut });
    const waitingBefore = (await waiting(navyM)).map((row) => row.email).sort();
    await setStock(server.database.db, 'SHIRT-M-NAVY', 5);
    try {
      // Two owners press send at the same moment.
      const [one, two] = await Promise.all([
        manager.post(`${SIGN_UP}/send`, { productId: shirt, variantId: navyM }),
        (await ownerVisitor(server, 'admin')).post(`${SIGN_UP}/send`, { productId: shirt, variantId: navyM }),
      ]);
      expect([one.json().notified, two.json().notified].sort((a, b) => a - b)).toEqual([0, waitingBefore.length]);
      const notices = await server.database.db.selectFrom('mail_outbox').selectAll().where('template', '=', 'restock-notice').execute();
      expect(notices.map((mail) => mail.to_address).sort()).toEqual(waitingBefore);
      const notice = notices[0]!;
      expect(notice).toMatchObject({ kind: 'marketing', subject: 'Linen Shirt is back in stock at Vitrine Demo Store' });
      expect(notice.text_body).toContain('Linen Shirt (M / Navy) is back in stock');
      expect(notice.text_body).toContain('https://shop.example.com/shop/p/linen-shirt?sku=SHIRT-M-NAVY');
      expect(notice.headers['List-Unsubscribe']).toMatch(/^<https:\/\/shop\.example\.com\/mail\/unsubscribe\?token=/);
      expect(notice.html_body).toContain('>Unsubscribe</a>');
      expect(await waiting(navyM)).toEqual([]);
    } finally {
      await setStock(server.database.db, 'SHIRT-M-NAVY', 0);
    }
  });

  it('sends several at once, saying why one could not go', async () => {
    const manager = await ownerVisitor(server, 'storeManager');
    const answer = await manager.post(`${SIGN_UP}/send/all`, {
      sendRequests: [{ productId: lamp, variantId: lampVariant }, { productId: 'no-such-product', variantId: 'x' }],
    });
    expect(answer.json()).toEqual({
      results: [
        { productId: lamp, variantId: lampVariant, notified: 0, message: RESTOCK_SEND_MESSAGES.stillSoldOut },
        { productId: 'no-such-product', variantId: 'x', notified: 0, message: RESTOCK_SIGN_UP_MESSAGES.noProduct },
      ],
    });
    expect((await manager.post(`${SIGN_UP}/send/all`, { sendRequests: [] })).statusCode).toBe(400);
  });

  it('pages through 1,000 sign-ups, each exactly once, while new ones arrive', async () => {
    const website = await server.database.db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    const rows = Array.from({ length: 1000 }, (_, index) => ({
      id: `bulk-${String(index).padStart(4, '0')}`, website_id: website.id, product_id: lamp, variant_id: lampVariant,
      email: `bulk-${index}@example.com`, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index % 7)),
    }));
    for (let start = 0; start < rows.length; start += 250) await server.database.db.insertInto('restock_signups').values(rows.slice(start, start + 250)).execute();
    const manager = await ownerVisitor(server, 'reporting');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: { signUps: { email: string }[]; nextPageCursor: string | null } = (await manager.get(`${SIGN_UP}?productId=${lamp}&variantId=${lampVariant}${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...answer.signUps.map((signUp: { email: string }) => signUp.email));
      cursor = answer.nextPageCursor;
      pages += 1;
      if (pages === 3) expect((await signUp('latecomer@example.com', { productId: lamp, variantId: lampVariant })).statusCode).toBe(200);
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((email) => email.startsWith('bulk-'))).toHaveLength(1000);
    expect(seen).toContain('latecomer@example.com');
  });
});
