// databases: one — the catalog's answers and rules; its races are proven by stores and stock-adjust on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_CATALOG_MESSAGES, type ProductBody } from '@vitrine/contracts';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { buildApp } from '../app';
import { CATALOG_CACHE_TTL_MS } from '../pages/catalog-cache';
import { MANAGE_MESSAGES } from './manage';
import { PRODUCT_RULE_MESSAGES } from './product-rules';

let server: TestServer;
let owner: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  owner = await ownerVisitor(server, 'storeManager');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const PRODUCTS = '/api/owner/products';

const plan = { billingPeriod: { value: 2, unit: 'WEEK' as const }, numBillingCycles: 6 };

/** A product of each type, every field the owner may set. */
const BODIES: Record<'physical' | 'digital' | 'service' | 'giftCard', ProductBody> = {
  physical: {
    productType: 1,
    title: 'Merino Scarf',
    excerpt: '<p>Warm.</p>',
    body: '<p>Knitted in one piece.</p>',
    variantOptionOrdering: ['Color', 'Length'],
    variants: [
      { sku: 'SCARF-RED-S', optionValues: [{ optionName: 'Color', value: 'Red' }, { optionName: 'Length', value: 'Short' }], priceCents: 3900, qtyInStock: 4 },
      {
        sku: 'SCARF-RED-L',
        optionValues: [{ optionName: 'Color', value: 'Red' }, { optionName: 'Length', value: 'Long' }],
        priceCents: 4500,
        salePriceCents: 3500,
        onSale: true,
        qtyInStock: 2,
      },
    ],
    isSubscribable: true,
    subscriptionPlan: plan,
    additionalFieldsForm: { id: 'monogram', name: 'Monogram', fields: [{ id: 'letters', type: 'text', title: 'Letters' }] },
    useCustomAddButtonText: true,
    customAddButtonText: 'Wrap it',
    merchandising: {
      scarcityEnabled: true,
      scarcityText: 'Only {qty} left',
      scarcityShownByDefault: false,
      customSoldOutText: 'Gone for winter',
      restockNotificationsEnabled: true,
      restockNotificationMessages: { CTAText: 'Tell me when it is back' },
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
    },
    tags: ['winter', 'x'.repeat(50)],
    categories: ['Accessories', 'y'.repeat(25)],
  },
  digital: { productType: 2, title: 'Field Guide PDF', variants: [{ sku: 'GUIDE-PDF', priceCents: 900, unlimited: true }] },
  service: {
    productType: 3,
    title: 'Weekly Lesson',
    variants: [{ sku: 'LESSON', priceCents: 5000, qtyInStock: 8 }],
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
  },
  giftCard: {
    productType: 4,
    title: 'Studio Gift Card',
    variantOptionOrdering: ['Amount'],
    variants: [
      { sku: 'STUDIO-GC-20', optionValues: [{ optionName: 'Amount', value: '$20' }], priceCents: 2000, unlimited: true },
      { sku: 'STUDIO-GC-40', optionValues: [{ optionName: 'Amount', value: '$40' }], priceCents: 4000, unlimited: true },
    ],
  },
};

async function productCount(): Promise<number> {
  const row = await server.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/owner/products', () => {
  it('creates a product of every type, with everything it was given, and answers it (201)', async () => {
    for (const [kind, body] of Object.entries(BODIES)) {
      const answer = await owner.post(PRODUCTS, body);
      expect(answer.statusCode, `${kind}: ${answer.body}`).toBe(201);
      const { product } = answer.json();
      expect(product).toMatchObject({ productType: body.productType, title: body.title, archivedAt: null });
      expect(product.variants.map((variant: { sku: string }) => variant.sku)).toEqual(body.variants.map((variant) => variant.sku));
      const read = await owner.get(`${PRODUCTS}/${product.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().product).toEqual(product);
    }
  });

  it('stores every field of a physical product and shows it on the product page', async () => {
    const { product } = (await owner.post(PRODUCTS, { ...BODIES.physical, title: 'Merino Scarf Two', variants: BODIES.physical.variants.map((v) => ({ ...v, sku: `${v.sku}-2` })) })).json();
    expect(product).toMatchObject({
      urlId: 'merino-scarf-two',
      fullUrl: '/shop/p/merino-scarf-two',
      excerpt: '<p>Warm.</p>',
      body: '<p>Knitted in one piece.</p>',
      variantOptionOrdering: ['Color', 'Length'],
      isSubscribable: true,
      subscriptionPlan: plan,
      additionalFieldsForm: BODIES.physical.additionalFieldsForm,
      useCustomAddButtonText: true,
      customAddButtonText: 'Wrap it',
      merchandising: BODIES.physical.merchandising,
      tags: BODIES.physical.tags,
      categories: BODIES.physical.categories,
      onSale: true,
    });
    expect(product.variants[1]).toMatchObject({ priceCents: 4500, salePriceCents: 3500, onSale: true, qtyInStock: 2, unlimited: false });

    const page = (await new TestVisitor(server.app).get('/shop/p/merino-scarf-two?format=json')).json();
    expect(page.item).toMatchObject({
      title: 'Merino Scarf Two',
      scarcityEnabled: true,
      scarcityText: 'Only {qty} left',
      customSoldOutText: 'Gone for winter',
      mailingListSignUpEnabled: true,
      structuredContent: { productType: 1, isSubscribable: true, subscriptionPlan: plan, additionalFieldsFormId: 'monogram', variantOptionOrdering: ['Color', 'Length'] },
    });
    expect(page.item.structuredContent.variants[1]).toMatchObject({ qtyInStock: 2, onSale: true });
  });

  it("leaves the newsletter opt-in unticked unless the owner says otherwise (issue 31 item 7)", async () => {
    const merchandising = { restockNotificationsEnabled: true, mailingListSignUpEnabled: true };
    const body = (title: string, sku: string, extra: object) => ({ ...BODIES.digital, productType: 1, title, variants: [{ sku, priceCents: 900, qtyInStock: 0 }], merchandising: { ...merchandising, ...extra } });
    const unsaid = await owner.post(PRODUCTS, body('Opt In Unsaid', 'OPT-UNSAID', {}));
    expect(unsaid.statusCode, unsaid.body).toBe(201);
    const chosen = await owner.post(PRODUCTS, body('Opt In Chosen', 'OPT-CHOSEN', { mailingListOptInByDefault: true }));
    expect(chosen.statusCode, chosen.body).toBe(201);
    const visitor = new TestVisitor(server.app);
    const itemOf = async (slug: string) => (await visitor.get(`/shop/p/${slug}?format=json`)).json().item;
    expect(await itemOf(unsaid.json().product.urlId)).toMatchObject({ mailingListSignUpEnabled: true, mailingListOptInByDefault: false });
    expect(await itemOf(chosen.json().product.urlId)).toMatchObject({ mailingListSignUpEnabled: true, mailingListOptInByDefault: true });
  });

  it('takes uploaded pictures by id, in order, for the product and its variants; an unknown id writes nothing', async () => {
    const pictures = await server.database.db.selectFrom('images').select(['id', 'alt_text']).orderBy('id').limit(2).execute();
    expect(pictures).toHaveLength(2);
    const ids = pictures.map((picture) => picture.id);
    const body = {
      ...BODIES.digital, title: 'Pictured Pattern', imageIds: [ids[1]!, ids[0]!],
      variants: BODIES.digital.variants.map((variant) => ({ ...variant, sku: `${variant.sku}-PIC`, imageIds: [ids[0]!] })),
    };
    const created = await owner.post(PRODUCTS, body);
    expect(created.statusCode, created.body).toBe(201);
    const { product } = created.json();
    expect(product.images.map((image: { id: string }) => image.id)).toEqual([ids[1], ids[0]]);
    expect(product.images[0].assetUrl).toMatch(new RegExp(`^/images/${ids[1]}/`));
    const before = await productCount();
    const refused = await owner.post(PRODUCTS, { ...body, title: 'Not Pictured', imageIds: ['no-such-picture'], variants: body.variants.map((v) => ({ ...v, sku: `${v.sku}-X`, imageIds: [] })) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ imageIds: MANAGE_MESSAGES.unknownImage });
    expect(await productCount()).toBe(before);
  });

  it('numbers the address when the title is already taken', async () => {
    const first = (await owner.post(PRODUCTS, { productType: 1, title: 'Linen Shirt', variants: [{ sku: 'LS-COPY-1', priceCents: 100 }] })).json();
    const second = (await owner.post(PRODUCTS, { productType: 1, title: 'Linen Shirt', variants: [{ sku: 'LS-COPY-2', priceCents: 100 }] })).json();
    expect(first.product.urlId).toBe('linen-shirt-1');
    expect(second.product.urlId).toBe('linen-shirt-2');
  });

  it('refuses bad fields, each with its message, and writes nothing', async () => {
    const before = await productCount();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ ...BODIES.digital, productType: 6 }, { productType: OWNER_CATALOG_MESSAGES.productType }],
      [{ ...BODIES.digital, title: '' }, { title: OWNER_CATALOG_MESSAGES.title }],
      [{ ...BODIES.digital, title: 'a\u0000b' }, {}],
      [{ ...BODIES.digital, urlId: 'Not A Slug' }, { urlId: OWNER_CATALOG_MESSAGES.urlId }],
      [{ ...BODIES.digital, tags: ['x'.repeat(51)] }, { tags: OWNER_CATALOG_MESSAGES.tags }],
      [{ ...BODIES.digital, categories: ['y'.repeat(26)] }, { categories: OWNER_CATALOG_MESSAGES.categories }],
      [{ ...BODIES.digital, variants: [] }, { variants: OWNER_CATALOG_MESSAGES.variants }],
      [{ ...BODIES.digital, variants: [{ sku: 'X', priceCents: -1 }] }, { variants: OWNER_CATALOG_MESSAGES.variants }],
      [{ ...BODIES.digital, variants: [{ sku: 'X', priceCents: 1.5 }] }, { variants: OWNER_CATALOG_MESSAGES.variants }],
      [{ ...BODIES.digital, variants: [{ sku: 'X', priceCents: 1e20 }] }, { variants: OWNER_CATALOG_MESSAGES.variants }],
      [{ ...BODIES.digital, subscriptionPlan: { billingPeriod: { value: 1, unit: 'DAY' }, numBillingCycles: 0 } }, { subscriptionPlan: OWNER_CATALOG_MESSAGES.subscriptionPlan }],
      [{ ...BODIES.digital, merchandising: { scarcityEnabled: 'yes' } }, { merchandising: OWNER_CATALOG_MESSAGES.merchandising }],
      [{ ...BODIES.digital, surprise: 1 }, { surprise: 'Unknown field.' }],
    ];
    for (const [body, errors] of cases) {
      const answer = await owner.post(PRODUCTS, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.json().errors ?? {}).toMatchObject(errors);
    }
    expect(await productCount()).toBe(before);
  });

  it('applies the rules between fields: subscriptions, options, skus, sale prices, the form', async () => {
    const before = await productCount();
    const cases: Array<[ProductBody, Record<string, string>]> = [
      [{ ...BODIES.digital, isSubscribable: true, subscriptionPlan: plan }, { isSubscribable: PRODUCT_RULE_MESSAGES.notSubscribable }],
      [{ ...BODIES.giftCard, isSubscribable: true, subscriptionPlan: plan }, { isSubscribable: PRODUCT_RULE_MESSAGES.notSubscribable }],
      [{ ...BODIES.service, subscriptionPlan: null }, { subscriptionPlan: PRODUCT_RULE_MESSAGES.planMissing }],
      [{ ...BODIES.digital, variants: [...BODIES.digital.variants, { sku: 'GUIDE-2', priceCents: 1 }] }, { variants: PRODUCT_RULE_MESSAGES.digitalOneVariant }],
      [{ ...BODIES.giftCard, variants: [BODIES.giftCard.variants[0]!, { ...BODIES.giftCard.variants[0]!, sku: 'OTHER' }] }, { 'variants.1.optionValues': PRODUCT_RULE_MESSAGES.sameOptions }],
      [{ ...BODIES.giftCard, variants: [BODIES.giftCard.variants[0]!, { ...BODIES.giftCard.variants[1]!, sku: 'STUDIO-GC-20' }] }, { 'variants.1.sku': PRODUCT_RULE_MESSAGES.duplicateSku }],
      [{ ...BODIES.giftCard, variants: [{ sku: 'GC-NO-OPT', priceCents: 100 }] }, { 'variants.0.optionValues': PRODUCT_RULE_MESSAGES.optionValuesMismatch(['Amount']) }],
      [{ productType: 1, title: 'Two', variants: [{ sku: 'T1', priceCents: 1 }, { sku: 'T2', priceCents: 1 }] }, { variants: PRODUCT_RULE_MESSAGES.needsOptions }],
      [{ productType: 1, title: 'Sale', variants: [{ sku: 'S1', priceCents: 100, salePriceCents: 100, onSale: true }] }, { 'variants.0.salePriceCents': PRODUCT_RULE_MESSAGES.saleNotBelow }],
      [{ ...BODIES.digital, additionalFieldsForm: { name: 'no id' } }, { additionalFieldsForm: PRODUCT_RULE_MESSAGES.formId }],
      [{ ...BODIES.digital, tags: ['  '] }, { tags: PRODUCT_RULE_MESSAGES.blankTag }],
      [{ ...BODIES.digital, variants: [{ ...BODIES.digital.variants[0]!, id: 'abc' }] }, { 'variants.0.id': PRODUCT_RULE_MESSAGES.newVariantWithId }],
    ];
    for (const [body, errors] of cases) {
      const answer = await owner.post(PRODUCTS, body);
      expect(answer.statusCode, JSON.stringify(errors)).toBe(400);
      expect(answer.json().errors).toEqual(errors);
      expect(answer.json().message).toBe(Object.values(errors)[0]);
    }
    expect(await productCount()).toBe(before);
  });

  it('refuses a sku or an address another product has (409), and an unknown store (400)', async () => {
    const before = await productCount();
    const sku = await owner.post(PRODUCTS, { productType: 1, title: 'Copy', variants: [{ sku: 'VASE', priceCents: 1 }] });
    expect(sku.statusCode).toBe(409);
    expect(sku.json().errors).toEqual({ 'variants.0.sku': MANAGE_MESSAGES.skuTaken });
    const url = await owner.post(PRODUCTS, { productType: 1, title: 'Copy', urlId: 'ceramic-vase', variants: [{ sku: 'VASE-COPY', priceCents: 1 }] });
    expect(url.statusCode).toBe(409);
    expect(url.json().errors).toEqual({ urlId: MANAGE_MESSAGES.urlIdTaken });
    const store = await owner.post(PRODUCTS, { productType: 1, title: 'Copy', storeId: 'nope', variants: [{ sku: 'VASE-COPY', priceCents: 1 }] });
    expect(store.statusCode).toBe(400);
    expect(store.json().errors).toEqual({ storeId: MANAGE_MESSAGES.noStore });
    expect(await productCount()).toBe(before);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await owner.get(`${PRODUCTS}/no-such-product`)).json()).toEqual({ message: MANAGE_MESSAGES.productNotFound });
    expect((await owner.put(`${PRODUCTS}/no-such-product`, BODIES.digital)).statusCode).toBe(404);
    expect((await owner.post(`${PRODUCTS}/no-such-product/archive`)).statusCode).toBe(404);
  });
});

describe('PUT /api/owner/products/:productId', () => {
  it('edits fields and variants: keeps, changes, adds and removes variants, leaves stock alone', async () => {
    const { product } = (await owner.post(PRODUCTS, { ...BODIES.giftCard, title: 'Edit Me', variants: BODIES.giftCard.variants.map((v) => ({ ...v, sku: `E-${v.sku}`, unlimited: false, qtyInStock: 7 })) })).json();
    const [twenty, forty] = product.variants;
    const answer = await owner.put(`${PRODUCTS}/${product.id}`, {
      productType: 4,
      title: 'Edited',
      urlId: 'edited-card',
      tags: ['gifts'],
      variantOptionOrdering: ['Amount'],
      variants: [
        // Swapped skus and a new price; a new variant; the $40 one removed.
        { id: twenty.id, sku: forty.sku, optionValues: [{ optionName: 'Amount', value: '$20' }], priceCents: 2100, qtyInStock: 999 },
        { sku: 'E-NEW-60', optionValues: [{ optionName: 'Amount', value: '$60' }], priceCents: 6000, qtyInStock: 3 },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const edited = answer.json().product;
    expect(edited).toMatchObject({ id: product.id, title: 'Edited', urlId: 'edited-card', tags: ['gifts'] });
    expect(edited.variants).toMatchObject([
      { id: twenty.id, sku: forty.sku, priceCents: 2100, qtyInStock: 7 },
      { sku: 'E-NEW-60', priceCents: 6000, qtyInStock: 3 },
    ]);
  });

  it('keeps a variant weight (grams) for weight-based shipping: set, kept when left out, cleared with null, refused when not whole', async () => {
    const scarf = BODIES.physical.variants[0]!;
    const created = (await owner.post(PRODUCTS, { ...BODIES.physical, title: 'Weighed', isSubscribable: false, subscriptionPlan: null, variantOptionOrdering: ['Color', 'Length'], variants: [{ ...scarf, sku: 'W-1', weightGrams: 180 }] })).json().product;
    expect(created.variants[0].weightGrams).toBe(180);
    const put = (weight: object) => owner.put(`${PRODUCTS}/${created.id}`, { ...BODIES.physical, title: 'Weighed', urlId: created.urlId, isSubscribable: false, subscriptionPlan: null, variants: [{ ...scarf, id: created.variants[0].id, sku: 'W-1', ...weight }] });
    expect((await put({})).json().product.variants[0].weightGrams).toBe(180);
    expect((await put({ weightGrams: null })).json().product.variants[0].weightGrams).toBeNull();
    const refused = await put({ weightGrams: 1.5 });
    expect(refused.statusCode).toBe(400);
    // Inside the variants list, a field's failure is told with the list's message, which names weights.
    expect(refused.json()).toEqual({ message: OWNER_CATALOG_MESSAGES.variants, errors: { variants: OWNER_CATALOG_MESSAGES.variants } });
    expect(OWNER_CATALOG_MESSAGES.variants).toContain('a weight in whole grams');
  });

  it("refuses another product's variant id and writes nothing", async () => {
    const { product } = (await owner.post(PRODUCTS, { productType: 1, title: 'Lonely', variants: [{ sku: 'LONELY', priceCents: 1 }] })).json();
    const answer = await owner.put(`${PRODUCTS}/${product.id}`, { productType: 1, title: 'Changed', variants: [{ id: 'not-mine', sku: 'LONELY', priceCents: 2 }] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ 'variants.0.id': MANAGE_MESSAGES.notThisProductsVariant });
    expect((await owner.get(`${PRODUCTS}/${product.id}`)).json().product).toEqual(product);
  });

  it('removes a variant that a cart holds by archiving it (reshape-options.test.ts has the rest)', async () => {
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/shop');
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('engraved-pen'), quantity: 1, additionalFields: JSON.stringify({ 'text-engraving': 'AB' }) });
    expect(added.statusCode, added.body).toBe(200);
    const pen = (await owner.get(`${PRODUCTS}/${demoProductId('engraved-pen')}`)).json().product;
    const answer = await owner.put(`${PRODUCTS}/${pen.id}`, { productType: 1, title: pen.title, variants: [{ sku: 'PEN-NEW', priceCents: 2900 }] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().product.variants.map((variant: { sku: string }) => variant.sku)).toEqual(['PEN-NEW']);
    const kept = await server.database.db.selectFrom('variants').select(['sku', 'archived_at']).where('id', '=', pen.variants[0].id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ sku: pen.variants[0].sku, archived_at: expect.any(Date) });
  });

  it('shows an edited price on the next product page view, and on related product cards', async () => {
    const visitor = new TestVisitor(server.app);
    const vasePrice = async () => (await visitor.get('/shop/p/ceramic-vase?format=json')).json().item.structuredContent.variants[0].priceMoney.value;
    expect(await vasePrice()).toBe('64.00');
    // Seen once, so the related cards under the lamp (kept by the page cache) hold the vase's price.
    const relatedOf = async (slug: string) =>
      ((await visitor.get(`/shop/p/${slug}?format=json`)).json().relatedProducts as Array<{ id: string; structuredContent: { variants: Array<{ priceMoney: { value: string } }> } }>).find(
        (item) => item.id === demoProductId('ceramic-vase'),
      );
    expect(await relatedOf('vintage-lamp')).toBeDefined();
    const vase = (await owner.get(`${PRODUCTS}/${demoProductId('ceramic-vase')}`)).json().product;
    const edit = await owner.put(`${PRODUCTS}/${vase.id}`, {
      productType: 1,
      title: vase.title,
      tags: vase.tags,
      variants: [{ id: vase.variants[0].id, sku: 'VASE', priceCents: 7100 }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await vasePrice()).toBe('71.00');
    expect((await relatedOf('vintage-lamp'))!.structuredContent.variants[0]!.priceMoney.value).toBe('71.00');
  });
});

describe('another process', () => {
  it("shows an owner's edit within the page cache's lifetime", async () => {
    // A second app on the same database: its own page cache, as another server process has.
    const other = await buildApp({ db: server.database.db, databaseKind: server.database.kind });
    try {
      const visitor = new TestVisitor(other);
      const vaseOnLampPage = async () =>
        ((await visitor.get('/shop/p/vintage-lamp?format=json')).json().relatedProducts as Array<{ id: string; structuredContent: { variants: Array<{ priceMoney: { value: string } }> } }>).find(
          (item) => item.id === demoProductId('ceramic-vase'),
        )!.structuredContent.variants[0]!.priceMoney.value;
      const before = await vaseOnLampPage();
      const vase = (await owner.get(`${PRODUCTS}/${demoProductId('ceramic-vase')}`)).json().product;
      const newPrice = Number(vase.variants[0].priceCents) + 100;
      const edited = Date.now();
      await owner.put(`${PRODUCTS}/${vase.id}`, { productType: 1, title: vase.title, tags: vase.tags, variants: [{ id: vase.variants[0].id, sku: 'VASE', priceCents: newPrice }] });
      // The product page itself reads the price fresh in every process.
      expect((await visitor.get('/shop/p/ceramic-vase?format=json')).json().item.structuredContent.variants[0].priceMoney.value).toBe((newPrice / 100).toFixed(2));
      let shown = before;
      while (shown === before && Date.now() - edited < CATALOG_CACHE_TTL_MS + 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        shown = await vaseOnLampPage();
      }
      expect(shown).toBe((newPrice / 100).toFixed(2));
      expect(Date.now() - edited).toBeLessThanOrEqual(CATALOG_CACHE_TTL_MS + 1_000);
    } finally {
      await other.close();
    }
  }, 20_000);
});

describe('archive and restore', () => {
  it('takes an archived product off the storefront (page, store, search, cart) and brings it back', async () => {
    const { product } = (await owner.post(PRODUCTS, { productType: 1, title: 'Archivable Kettle', variants: [{ sku: 'KETTLE', priceCents: 5000, qtyInStock: 3 }] })).json();
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    const inStore = async () => ((await visitor.get('/shop?format=json')).json().items as Array<{ id: string }>).some((item) => item.id === product.id);
    const found = async () => ((await visitor.get('/search?q=kettle&format=json')).json().items as Array<{ id: string }>).some((item) => item.id === product.id);
    expect((await visitor.get('/shop/p/archivable-kettle')).statusCode).toBe(200);
    expect(await inStore()).toBe(true);
    expect(await found()).toBe(true);

    const archived = await owner.post(`${PRODUCTS}/${product.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().product.archivedAt).toEqual(expect.any(String));
    expect((await visitor.get('/shop/p/archivable-kettle')).statusCode).toBe(404);
    expect(await inStore()).toBe(false);
    expect(await found()).toBe(false);
    const add = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: product.id, quantity: 1 });
    expect(add.statusCode).toBe(404);
    // The owner still reads it.
    expect((await owner.get(`${PRODUCTS}/${product.id}`)).json().product.archivedAt).not.toBeNull();

    const restored = await owner.post(`${PRODUCTS}/${product.id}/restore`);
    expect(restored.json().product).toEqual({ ...product, archivedAt: null });
    expect((await visitor.get('/shop/p/archivable-kettle')).statusCode).toBe(200);
    expect(await inStore()).toBe(true);
  });
});

describe('who may', () => {
  it('lets a viewer read products but not change them', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.get(`${PRODUCTS}/${demoProductId('ceramic-vase')}`)).statusCode).toBe(200);
    expect((await viewer.post(PRODUCTS, BODIES.digital)).statusCode).toBe(403);
  });
});
