import { computeCartTotals, type CartEntry, type ShoppingCart, type Variant } from '@vitrine/commerce';
import type { StorefrontProduct } from '../types';

/** Builders for tests: a product, a variant and a cart in the shapes the server sends. */

export function variant(overrides: Partial<Variant> = {}): Variant {
  return {
    id: 'v1',
    sku: 'SKU-1',
    attributes: {},
    optionValues: [],
    price: 1250,
    salePrice: 0,
    onSale: false,
    priceMoney: { currency: 'USD', value: '12.50' },
    salePriceMoney: { currency: 'USD', value: '0.00' },
    qtyInStock: 10,
    unlimited: false,
    ...overrides,
  };
}

export function product(
  overrides: Partial<StorefrontProduct> = {},
  content: Partial<NonNullable<StorefrontProduct['structuredContent']>> = {},
): StorefrontProduct {
  return {
    id: 'item-1',
    collectionId: 'shop',
    title: 'Linen Shirt',
    urlId: 'linen-shirt',
    fullUrl: '/shop/p/linen-shirt',
    ...overrides,
    structuredContent: {
      productType: 1,
      variants: [variant()],
      isSubscribable: false,
      useCustomAddButtonText: false,
      customAddButtonText: '',
      variantOptionOrdering: [],
      ...content,
    },
  };
}

/** A shirt in two sizes and two colours (four variants). */
export function shirtWithOptions(stock = 10): StorefrontProduct {
  const variants: Variant[] = [];
  let n = 0;
  for (const size of ['Small', 'Large']) {
    for (const color of ['Red', 'Blue']) {
      n += 1;
      variants.push(
        variant({
          id: `v${n}`,
          sku: `SHIRT-${size}-${color}`,
          attributes: { Size: size, Color: color },
          optionValues: [
            { optionName: 'Size', value: size },
            { optionName: 'Color', value: color },
          ],
          qtyInStock: stock,
          imageIds: [`img-${color.toLowerCase()}`],
        }),
      );
    }
  }
  return product(
    {
      items: [
        { id: 'img-red', assetUrl: '/images/red.jpg', altText: 'Red linen shirt' },
        { id: 'img-blue', assetUrl: '/images/blue.jpg', altText: 'Blue linen shirt' },
      ],
    },
    { variants, variantOptionOrdering: ['Size', 'Color'] },
  );
}

export function entry(overrides: Partial<CartEntry> = {}): CartEntry {
  const quantity = overrides.quantity ?? 1;
  const price = overrides.purchasePriceCents ?? 1250;
  return {
    id: 'entry-1',
    itemId: 'item-1',
    chosenVariant: { sku: 'SKU-1', attributes: {} },
    quantity,
    title: 'Linen Shirt',
    subTotal: price * quantity,
    purchasePriceCents: price,
    additionalFields: null,
    productType: 1,
    ...overrides,
  };
}

export function cart(entries: CartEntry[] = []): ShoppingCart {
  return {
    id: 'cart-1',
    websiteId: 'site-1',
    orderId: null,
    created: 0,
    isPurchased: false,
    entries,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    currency: 'USD',
    ...computeCartTotals(entries),
  };
}

/** A fetch stand-in answering with the given status and JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A minimal Response for component tests run under fake timers (a real
 * Response's body stream may wait on timers). Only what requestJson reads.
 */
export function fakeResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

/** Lets pending promise callbacks (the fake fetch, state updates) run inside act. */
export async function flushPromises(): Promise<void> {
  const { act } = await import('@testing-library/react');
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}
