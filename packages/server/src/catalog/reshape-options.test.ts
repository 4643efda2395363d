// databases: both — its subject is one transaction that deletes or archives variants behind foreign keys (savepoints), and racing writes to one product
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce/add-to-cart';
import { CART_MESSAGES } from '@vitrine/commerce/cart';
import type { ProductBody } from '@vitrine/contracts';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

let server: TestServer;
let owner: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  owner = await ownerVisitor(server, 'storeManager');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const PRODUCTS = '/api/owner/products';
const VASE = () => demoProductId('ceramic-vase');

/** The vase's body with one option, Glaze, of these values: each a new variant (no id), as the editor sends a reshape. */
function glazed(values: readonly string[], skuPrefix = 'VASE'): ProductBody {
  return {
    productType: 1,
    title: 'Ceramic Vase',
    variantOptionOrdering: ['Glaze'],
    variants: values.map((value) => ({
      sku: `${skuPrefix}-${value.toUpperCase()}`,
      optionValues: [{ optionName: 'Glaze', value }],
      priceCents: 6400,
      qtyInStock: 5,
    })),
  };
}

async function shopperWith(lines: Array<[productId: string, sku: string | undefined]>): Promise<TestVisitor> {
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/shop');
  for (const [itemId, sku] of lines) {
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId, ...(sku ? { sku } : {}), quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
  }
  return shopper;
}

const variantRows = (productId: string) =>
  db().selectFrom('variants').select(['id', 'sku', 'archived_at']).where('product_id', '=', productId).orderBy('display_index').orderBy('sku').execute();
const storefrontSkus = async () =>
  ((await new TestVisitor(server.app).get('/shop/p/ceramic-vase?format=json')).json().item.structuredContent.variants as Array<{ sku: string }>).map((v) => v.sku);

describe("reshaping a sold product's options", () => {
  it('archives the variant an order names, creates the new ones, and the order still reads what it bought', async () => {
    const buyer = await shopperWith([[VASE(), undefined]]);
    const placed = await buyer.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'vase@reshape.test' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    const [sold] = await variantRows(VASE());

    const reshaped = await owner.put(`${PRODUCTS}/${VASE()}`, glazed(['Rust', 'Sage']));
    expect(reshaped.statusCode, reshaped.body).toBe(200);
    // The owner's variant table shows the new variants only.
    expect(reshaped.json().product.variants.map((v: { sku: string; optionValues: unknown }) => [v.sku, v.optionValues])).toEqual([
      ['VASE-RUST', [{ optionName: 'Glaze', value: 'Rust' }]],
      ['VASE-SAGE', [{ optionName: 'Glaze', value: 'Sage' }]],
    ]);
    expect((await owner.get(`${PRODUCTS}/${VASE()}`)).json().product.variants).toHaveLength(2);

    // The sold variant is kept, archived.
    const rows = await variantRows(VASE());
    expect(rows.find((row) => row.id === sold!.id)).toMatchObject({ sku: 'VASE', archived_at: expect.any(Date) });
    expect(rows.filter((row) => row.archived_at === null).map((row) => row.sku)).toEqual(['VASE-RUST', 'VASE-SAGE']);

    // The order reads its line as bought.
    const order = (await owner.get(`/api/owner/orders/${orderId}`)).json().order;
    expect(order.items).toMatchObject([{ sku: 'VASE', productName: 'Ceramic Vase', quantity: 1, unitPrice: { value: '64.00', currency: 'USD' } }]);

    // The storefront offers the new variants only, and counts only their stock.
    expect(await storefrontSkus()).toEqual(['VASE-RUST', 'VASE-SAGE']);
    const stock = await new TestVisitor(server.app).get(`/api/commerce/inventory/stock/?itemId=${VASE()}`);
    expect(stock.json().results.map((record: { sku: string }) => record.sku)).toEqual(['VASE-RUST', 'VASE-SAGE']);
    const listed = (await owner.get(`${PRODUCTS}?q=ceramic`)).json().products.find((p: { id: string }) => p.id === VASE());
    expect(listed).toMatchObject({ totalStock: 10 });
    expect(listed.variants.map((v: { sku: string }) => v.sku)).toEqual(['VASE-RUST', 'VASE-SAGE']);
    // Its sku is free again for a variant on sale; the archived one is never offered for it.
    const unknown = await (await shopperWith([])).post('/api/commerce/shopping-cart/entries', { itemId: VASE(), sku: 'VASE', quantity: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ADD_TO_CART_MESSAGES.variantUnavailable);
  });

  it('deletes the variants nothing points at', async () => {
    const before = await variantRows(VASE());
    const reshaped = await owner.put(`${PRODUCTS}/${VASE()}`, glazed(['Rust', 'Sage', 'Ink'], 'VASE2'));
    expect(reshaped.statusCode, reshaped.body).toBe(200);
    const after = await variantRows(VASE());
    // VASE-RUST and VASE-SAGE were never bought nor carted: gone. The sold VASE stays archived.
    expect(after.map((row) => row.sku).sort()).toEqual(['VASE', 'VASE2-INK', 'VASE2-RUST', 'VASE2-SAGE']);
    expect(after.filter((row) => before.some((old) => old.id === row.id)).map((row) => row.sku)).toEqual(['VASE']);
  });

  it('leaves a cart line on an archived variant out of the cart at its next read, and out of checkout', async () => {
    const tote = demoProductId('canvas-tote');
    const onlyVase = await shopperWith([[VASE(), 'VASE2-RUST']]);
    const both = await shopperWith([[VASE(), 'VASE2-INK'], [tote, 'TOTE']]);
    expect((await owner.put(`${PRODUCTS}/${VASE()}`, glazed(['Sage'], 'VASE2'))).statusCode).toBe(200);
    expect((await variantRows(VASE())).filter((row) => row.archived_at !== null).map((row) => row.sku).sort()).toEqual(['VASE', 'VASE2-INK', 'VASE2-RUST']);

    const emptied = (await onlyVase.get('/api/commerce/shopping-cart')).json();
    expect(emptied).toMatchObject({ entries: [], subtotalCents: 0, totalQuantity: 0 });
    const refused = await onlyVase.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'rust@reshape.test' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CART_MESSAGES.empty);

    const cart = (await both.get('/api/commerce/shopping-cart')).json();
    expect(cart.entries.map((entry: { chosenVariant: { sku: string } }) => entry.chosenVariant.sku)).toEqual(['TOTE']);
    const placed = await both.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'ink@reshape.test' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.items.map((item: { sku: string }) => item.sku)).toEqual(['TOTE']);
    expect(cart.subtotalCents).toBe(2200);
  });

  it('serialises racing reshapes: each answers 200, one shape wins whole, no sku twice on sale', async () => {
    const shapes = [glazed(['Moss', 'Clay'], 'RACE-A'), glazed(['Moss', 'Clay', 'Ash'], 'RACE-B'), glazed(['Clay'], 'RACE-A')];
    const answers = await Promise.all(shapes.map((body) => owner.put(`${PRODUCTS}/${VASE()}`, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const live = (await variantRows(VASE())).filter((row) => row.archived_at === null).map((row) => row.sku).sort();
    expect(shapes.map((body) => body.variants.map((v) => v.sku).sort())).toContainEqual(live);
    expect((await storefrontSkus()).sort()).toEqual(live);
  });
});
