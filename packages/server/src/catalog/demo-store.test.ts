// databases: one — the catalog's answers and rules; its races are proven by stores and stock-adjust on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOnSale, isSoldOut } from '@vitrine/commerce/product';
import { isInstallmentInRange } from '@vitrine/commerce/installments';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import type { ProductItemJson } from './product-item';

let server: TestServer;
let items: ProductItemJson[];
beforeAll(async () => {
  server = await openTestServer();
  const response = await new TestVisitor(server.app).get('/shop?format=json');
  items = response.json().items;
});
afterAll(async () => {
  await server?.close();
});

const bySlug = (slug: string) => {
  const item = items.find((candidate) => candidate.urlId === slug);
  if (!item) throw new Error(`no demo product ${slug}`);
  return item;
};

describe('the demo store (issue 2, deliverable 5)', () => {
  it('is a USD site with the store at /shop and products at /shop/p/{slug}', async () => {
    const response = await new TestVisitor(server.app).get('/shop?format=json');
    const page = response.json();
    expect(page.websiteSettings.storeSettings.selectedCurrency).toBe('USD');
    expect(page.collection.fullUrl).toBe('/shop');
    for (const item of items) expect(item.fullUrl).toBe(`/shop/p/${item.urlId}`);
  });

  it('has a physical product with Size and Color, four variants or more, one sold out', () => {
    const shirt = bySlug('linen-shirt');
    expect(shirt.structuredContent.productType).toBe(1);
    expect(shirt.structuredContent.variantOptionOrdering).toEqual(['Size', 'Color']);
    expect(shirt.structuredContent.variants.length).toBeGreaterThanOrEqual(4);
    const soldOut = shirt.structuredContent.variants.filter((variant) => !variant.unlimited && variant.qtyInStock === 0);
    expect(soldOut.map((variant) => variant.attributes)).toEqual([{ Size: 'M', Color: 'Navy' }]);
    expect(isSoldOut(shirt)).toBe(false);
  });

  it('has a single-variant product on sale, a sold-out one, one with exactly 1 in stock and an unlimited one', () => {
    const tote = bySlug('canvas-tote');
    expect(tote.structuredContent.variants).toHaveLength(1);
    expect(isOnSale(tote)).toBe(true);
    expect(tote.structuredContent.variants[0]).toMatchObject({ price: 3000, salePrice: 2200, onSale: true, priceMoney: { currency: 'USD', value: '30.00' }, salePriceMoney: { currency: 'USD', value: '22.00' } });
    expect(isSoldOut(bySlug('vintage-lamp'))).toBe(true);
    expect(bySlug('ceramic-vase').structuredContent.variants[0]).toMatchObject({ qtyInStock: 1, unlimited: false });
    expect(bySlug('sticker-pack').structuredContent.variants[0].unlimited).toBe(true);
  });

  it('has an additional-fields product, a digital one, a service and a gift card with 25/50/100', () => {
    const pen = bySlug('engraved-pen');
    expect(pen.structuredContent.additionalFieldsFormId).toBe('engraving-form');
    expect(pen.structuredContent.additionalFieldsForm).toMatchObject({ id: 'engraving-form' });
    expect(bySlug('photography-ebook').structuredContent.productType).toBe(2);
    expect(bySlug('design-consultation').structuredContent.productType).toBe(3);
    const giftCard = bySlug('gift-card');
    expect(giftCard.structuredContent.productType).toBe(4);
    expect(giftCard.structuredContent.variants.map((variant) => variant.price)).toEqual([2500, 5000, 10000]);
  });

  it('has a monthly subscription product', () => {
    const coffee = bySlug('coffee-subscription');
    expect(coffee.structuredContent.isSubscribable).toBe(true);
    expect(coffee.structuredContent.subscriptionPlan).toEqual({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 });
  });

  it('has one product priced inside the installment range and one above it', async () => {
    const page = (await new TestVisitor(server.app).get('/shop/p/wool-blanket?format=json')).json();
    const { afterPayMin, afterPayMax, afterPayAvailable } = page.installments;
    expect(afterPayAvailable).toBe(true);
    expect(isInstallmentInRange(bySlug('wool-blanket').structuredContent.variants[0].price, afterPayMin, afterPayMax)).toBe(true);
    expect(isInstallmentInRange(bySlug('leather-armchair').structuredContent.variants[0].price, afterPayMin, afterPayMax)).toBe(false);
  });

  it('carries the merchandising fields on every item', () => {
    const shirt = bySlug('linen-shirt');
    expect(shirt).toMatchObject({ scarcityEnabled: true, scarcityText: 'Only {qty} left in stock', scarcityShownByDefault: false });
    expect(bySlug('vintage-lamp')).toMatchObject({ customSoldOutText: 'Gone for now', mailingListSignUpEnabled: true, mailingListOptInByDefault: false });
  });

  it("offers the restock box's newsletter opt-in unticked: consent is opt-in (issue 31 item 7)", () => {
    for (const item of items.filter((candidate) => candidate.mailingListSignUpEnabled)) {
      expect({ product: item.urlId, optedInByDefault: item.mailingListOptInByDefault }).toEqual({ product: item.urlId, optedInByDefault: false });
    }
    expect(bySlug('linen-shirt')).toMatchObject({ mailingListSignUpEnabled: true, mailingListOptInByDefault: false });
  });
});
