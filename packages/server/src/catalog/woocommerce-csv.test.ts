// databases: one — how WooCommerce's rows become products; the import's transaction and its SQL are csv.test.ts's and redirects.test.ts's on both
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_MESSAGES } from './csv-format';
import { CSV_IMPORT_MESSAGES } from './csv-import';
import { WOOCOMMERCE_MESSAGES, WooCommerceProductReader } from './woocommerce-csv';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

/*
 * WooCommerce's product CSV (issue 37 item 5's last part): a simple product, a variable one with its variations
 * (one listed before its parent), sale prices, stock and unlimited stock, drafts archived; imported beside Shopify's
 * on the same call, with WooCommerce's old addresses `/product/{slug}/` redirected; bad rows named by WooCommerce's
 * columns, nothing written.
 */

const COLUMNS = ['ID', 'Type', 'SKU', 'Name', 'Published', 'Description', 'In stock?', 'Stock', 'Weight (kg)', 'Sale price', 'Regular price', 'Tags', 'Images', 'Parent', 'Attribute 1 name', 'Attribute 1 value(s)', 'Attribute 2 name', 'Attribute 2 value(s)'];
type Row = Partial<Record<(typeof COLUMNS)[number], string>>;
const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: COLUMNS });

const FILE: Row[] = [
  { ID: '11', Type: 'simple', SKU: 'WC-MUG', Name: 'Stoneware Mug', Published: '1', Description: '<p>Glazed.</p>', 'In stock?': '1', Stock: '12', 'Weight (kg)': '0.35', 'Sale price': '18', 'Regular price': '22', Tags: 'kitchen, ceramics', Images: 'https://shop.example/wp-content/uploads/mug.jpg' },
  { ID: '13', Type: 'variation', SKU: 'WC-APRON-S', Name: 'Linen Apron - Small', 'In stock?': '1', Stock: '3', 'Regular price': '40', Parent: 'id:12', 'Attribute 1 name': 'Size', 'Attribute 1 value(s)': 'Small' },
  { ID: '12', Type: 'variable', SKU: '', Name: 'Linen Apron', Published: '1', Description: 'Sturdy.', 'Attribute 1 name': 'Size', 'Attribute 1 value(s)': 'Small, Large' },
  { ID: '14', Type: 'variation', SKU: '', Name: 'Linen Apron - Large', 'In stock?': '1', Stock: '', 'Regular price': '44', Parent: 'id:12', 'Attribute 1 name': 'Size', 'Attribute 1 value(s)': 'Large' },
  { ID: '15', Type: 'simple, virtual', SKU: 'WC-CLASS', Name: 'Glazing Class', Published: '0', 'In stock?': '0', 'Regular price': '95' },
];

describe('the WooCommerce reader', () => {
  it('makes products of simple and variable rows, wherever a variation sits', () => {
    const reader = new WooCommerceProductReader('USD');
    expect(reader.checkHeader(COLUMNS)).toBe(true);
    FILE.forEach((row, index) => reader.add(row as Record<string, string>, index + 2));
    reader.finish();
    expect(reader.refused).toEqual([]);
    expect(reader.products.map((product) => [product.handle, product.title, product.productType, product.archived, product.optionNames])).toEqual([
      ['stoneware-mug', 'Stoneware Mug', 1, false, []],
      ['linen-apron', 'Linen Apron', 1, false, ['Size']],
      ['glazing-class', 'Glazing Class', 3, true, []],
    ]);
    const [mug, apron, glazing] = reader.products;
    expect(mug!.variants).toEqual([{ row: 2, sku: 'WC-MUG', optionValues: [], priceCents: 2200, salePriceCents: 1800, onSale: true, qtyInStock: 12, unlimited: false, imageSrc: '', weightGrams: 350 }]);
    expect(mug!.tags).toEqual(['kitchen', 'ceramics']);
    expect(mug!.images).toEqual([{ src: 'https://shop.example/wp-content/uploads/mug.jpg', position: 1, altText: '' }]);
    expect(apron!.variants.map((variant) => [variant.sku, variant.optionValues, variant.priceCents, variant.qtyInStock, variant.unlimited])).toEqual([
      ['WC-APRON-S', [{ optionName: 'Size', value: 'Small' }], 4000, 3, false],
      ['WC-14', [{ optionName: 'Size', value: 'Large' }], 4400, 0, true],
    ]);
    expect(glazing!.variants[0]).toMatchObject({ unlimited: false, qtyInStock: 0 });
  });

  it('names each bad row by its WooCommerce column', () => {
    const reader = new WooCommerceProductReader('USD');
    reader.checkHeader(COLUMNS);
    const rows: Row[] = [
      { ID: '1', Type: 'grouped', Name: 'Set', 'Regular price': '' },
      { ID: '2', Type: 'simple', SKU: 'A', Name: 'Cup', 'Regular price': 'cheap', Stock: '-1' },
      { ID: '3', Type: 'variation', SKU: 'B', Name: 'Orphan', 'Regular price': '5', Parent: 'id:99' },
      { ID: '4', Type: 'variable', SKU: 'C', Name: 'Empty', 'Attribute 1 name': 'Size' },
      { ID: '5', Type: 'simple', SKU: 'D', Name: 'Cup', 'Regular price': '5' },
    ];
    rows.forEach((row, index) => reader.add(row as Record<string, string>, index + 2));
    reader.finish();
    expect(reader.refused).toEqual(expect.arrayContaining([
      { row: 2, column: 'Type', message: WOOCOMMERCE_MESSAGES.type },
      { row: 3, column: 'Regular price', message: WOOCOMMERCE_MESSAGES.price(2) },
      { row: 3, column: 'Stock', message: WOOCOMMERCE_MESSAGES.stock },
      { row: 4, column: 'Parent', message: WOOCOMMERCE_MESSAGES.parent },
      { row: 5, column: 'Type', message: WOOCOMMERCE_MESSAGES.noVariations },
      { row: 6, column: 'Name', message: WOOCOMMERCE_MESSAGES.slugAgain },
    ]));
  });
});

describe('importing a WooCommerce file', () => {
  let server: TestServer;
  let owner: TestVisitor;
  beforeAll(async () => {
    server = await openTestServer();
    owner = await ownerVisitor(server, 'storeManager');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  const importCsv = (csv: string) => owner.request({ method: 'POST', url: '/api/owner/products/import', payload: csv, headers: { 'content-type': 'text/csv' } });

  it('imports it on the products import call, and WooCommerce\'s /product/{slug}/ addresses lead to the products here', async () => {
    const answer = await importCsv(csvOf(FILE));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ created: 3, updated: 0, variants: 4 });
    const shopper = new TestVisitor(server.app);
    const moved = await shopper.get('/product/linen-apron/');
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/shop/p/linen-apron']);
    expect((await shopper.get('/product/stoneware-mug?ref=pin')).headers.location).toBe('/shop/p/stoneware-mug?ref=pin');
    const page = await shopper.get('/shop/p/linen-apron?format=json');
    expect(page.statusCode).toBe(200);
    expect(page.json().item.title).toBe('Linen Apron');
    // Importing the same file again updates the products (by address and SKU); nothing is added twice.
    expect((await importCsv(csvOf(FILE))).json()).toEqual({ created: 0, updated: 3, variants: 4 });
  });

  it('refuses a file with a bad row whole, naming WooCommerce\'s columns', async () => {
    const before = await server.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const answer = await importCsv(csvOf([{ ID: '21', Type: 'simple', SKU: 'WC-OK', Name: 'Fine Bowl', 'Regular price': '30' }, { ID: '22', Type: 'simple', SKU: '', Name: '', 'Regular price': '3' }]));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: CSV_IMPORT_MESSAGES.refused(1), errors: { 'row 3: Name': WOOCOMMERCE_MESSAGES.name } });
    expect(await server.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    const noColumns = await importCsv('ID,Type,Name\n1,simple,Cup\n');
    expect(noColumns.json().errors).toEqual({ 'row 1: Handle': CSV_MESSAGES.missingColumns });
  });
});
