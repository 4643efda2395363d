// databases: one — the catalog's answers and rules; its races are proven by stores and stock-adjust on both
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_CATALOG_MESSAGES } from '@vitrine/contracts';
import { demoProductId, openTestServer, ownerVisitor, stockOf, TestVisitor, type TestServer } from '../testing';
import { CSV_MESSAGES, CsvProductReader, parseAmount } from './csv-format';
import { CSV_IMPORT_MESSAGES } from './csv-import';
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

const EXPORT = '/api/owner/products/export.csv';
const IMPORT = '/api/owner/products/import';

const importCsv = (csv: string, contentType = 'text/csv') => owner.request({ method: 'POST', url: IMPORT, payload: csv, headers: { 'content-type': contentType } });

type Row = Record<string, string>;
const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: [...new Set(rows.flatMap((row) => Object.keys(row)))] });

async function exported(): Promise<Row[]> {
  const answer = await owner.get(EXPORT);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
  return parse(answer.body, { columns: true }) as Row[];
}

async function ownerProducts() {
  const ids = (await server.database.db.selectFrom('products').select('id').orderBy('id').execute()).map((row) => row.id);
  return Promise.all(ids.map(async (id) => (await owner.get(`/api/owner/products/${id}`)).json().product));
}

async function productCount(): Promise<number> {
  return Number((await server.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

describe('amounts', () => {
  it('reads decimal amounts in minor units, refusing what the currency cannot hold', () => {
    expect(parseAmount('19.99', 2)).toBe(1999);
    expect(parseAmount('19', 2)).toBe(1900);
    expect(parseAmount('19.5', 2)).toBe(1950);
    expect(parseAmount('19.500', 2)).toBe(1950);
    expect(parseAmount('19.999', 2)).toBeUndefined();
    expect(parseAmount('1,000.00', 2)).toBeUndefined();
    expect(parseAmount('-1', 2)).toBeUndefined();
    expect(parseAmount('500', 0)).toBe(500);
    expect(parseAmount('500.5', 0)).toBeUndefined();
  });
});

describe('the row reader', () => {
  it('refuses a cell holding NUL (for callers that skip the HTTP edge)', () => {
    const reader = new CsvProductReader('USD');
    reader.checkHeader(['Handle', 'Title', 'Variant SKU', 'Variant Price']);
    reader.add({ Handle: 'nul', Title: 'A\u0000B', 'Variant SKU': 'N', 'Variant Price': '1' }, 2);
    expect(reader.refused).toEqual([{ row: 2, column: 'Title', message: CSV_MESSAGES.nul }]);
    expect(reader.products).toEqual([]);
  });

  it("reads the export's formula guard back", () => {
    const reader = new CsvProductReader('USD');
    reader.checkHeader(['Handle', 'Title', 'Variant SKU', 'Variant Price']);
    reader.add({ Handle: 'minus', Title: "'-20% off", 'Variant SKU': "'=SKU", 'Variant Price': '1' }, 2);
    expect(reader.products[0]).toMatchObject({ title: '-20% off', variants: [{ sku: '=SKU' }] });
  });
});

describe('GET /api/owner/products/export.csv', () => {
  it("writes Shopify's columns, a row per variant, the sale as Price below Compare At", async () => {
    const rows = await exported();
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Published', 'Option1 Name', 'Option1 Value', 'Variant SKU', 'Variant Inventory Qty', 'Variant Price', 'Variant Compare At Price', 'Image Src', 'Image Position', 'Image Alt Text', 'Status']));
    const shirt = rows.filter((row) => row.Handle === 'linen-shirt');
    expect(shirt.map((row) => row['Variant SKU'])).toEqual(['SHIRT-S-WHITE', 'SHIRT-S-NAVY', 'SHIRT-M-WHITE', 'SHIRT-M-NAVY']);
    expect(shirt[0]).toMatchObject({ Title: 'Linen Shirt', Type: 'Physical', Tags: 'apparel, summer', Published: 'TRUE', Status: 'active', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Option2 Name': 'Color', 'Option2 Value': 'White', 'Variant Price': '45.00', 'Variant Inventory Qty': '12', 'Image Position': '1' });
    expect(shirt[1]).toMatchObject({ Title: '', 'Option1 Name': '', 'Option1 Value': 'S', 'Option2 Value': 'Navy' });
    expect(rows.find((row) => row.Handle === 'canvas-tote')).toMatchObject({ 'Variant Price': '22.00', 'Variant Compare At Price': '30.00', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title' });
    expect(rows.find((row) => row.Handle === 'gift-card')).toMatchObject({ Type: 'Gift Card', 'Gift Card': 'TRUE', 'Variant Inventory Tracker': '', 'Variant Inventory Qty': '' });
  });

  it('is for owners who manage the catalog', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.get(EXPORT)).statusCode).toBe(403);
  });
});

describe('POST /api/owner/products/import', () => {
  it('reads its own export back without changing anything', async () => {
    const before = await ownerProducts();
    const file = (await owner.get(EXPORT)).body;
    const answer = await importCsv(file);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ created: 0, updated: before.length, variants: expect.any(Number) });
    expect(await ownerProducts()).toEqual(before);
  });

  it("imports a Shopify file: options, continuation rows, sale prices, stock, images kept as references", async () => {
    const rows: Row[] = [
      { Handle: 'wool-socks', Title: 'Wool Socks', 'Body (HTML)': '<p>Warm feet.</p>', Vendor: 'Acme', Type: 'Socks', Tags: 'winter, wool', Published: 'TRUE', 'Option1 Name': 'Size', 'Option1 Value': 'M', 'Option2 Name': 'Color', 'Option2 Value': 'Grey', 'Variant SKU': 'SOCK-M-GREY', 'Variant Inventory Tracker': 'shopify', 'Variant Inventory Qty': '10', 'Variant Price': '12.00', 'Variant Compare At Price': '15.00', 'Image Src': 'https://cdn.example.com/socks-grey.jpg', 'Image Position': '1', 'Image Alt Text': 'Grey socks', 'Variant Image': 'https://cdn.example.com/socks-grey.jpg', Status: 'active' },
      { Handle: 'wool-socks', 'Option1 Value': 'L', 'Option2 Value': 'Grey', 'Variant SKU': 'SOCK-L-GREY', 'Variant Inventory Tracker': 'shopify', 'Variant Inventory Qty': '0', 'Variant Price': '12.00', 'Image Src': 'https://cdn.example.com/socks-back.jpg', 'Image Position': '2' },
      { Handle: 'wool-socks', 'Image Src': 'https://cdn.example.com/socks-pair.jpg', 'Image Position': '3', 'Image Alt Text': 'A pair' },
      { Handle: 'e-gift', Title: 'E-Gift', Type: 'gift card', 'Gift Card': 'TRUE', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant SKU': 'EGIFT', 'Variant Inventory Tracker': '', 'Variant Price': '25', Status: 'draft' },
    ];
    const answer = await importCsv(csvOf(rows));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ created: 2, updated: 0, variants: 3 });

    const socksId = (await server.database.db.selectFrom('products').select('id').where('url_id', '=', 'wool-socks').executeTakeFirstOrThrow()).id;
    const socks = (await owner.get(`/api/owner/products/${socksId}`)).json().product;
    expect(socks).toMatchObject({ title: 'Wool Socks', productType: 1, body: '<p>Warm feet.</p>', tags: ['winter', 'wool'], variantOptionOrdering: ['Size', 'Color'], archivedAt: null });
    expect(socks.variants).toMatchObject([
      { sku: 'SOCK-M-GREY', priceCents: 1500, salePriceCents: 1200, onSale: true, qtyInStock: 10, unlimited: false, optionValues: [{ optionName: 'Size', value: 'M' }, { optionName: 'Color', value: 'Grey' }] },
      { sku: 'SOCK-L-GREY', priceCents: 1200, onSale: false, qtyInStock: 0 },
    ]);
    const page = (await new TestVisitor(server.app).get('/shop/p/wool-socks?format=json')).json();
    expect(page.item.items.map((image: { assetUrl: string }) => image.assetUrl)).toEqual([
      'https://cdn.example.com/socks-grey.jpg',
      'https://cdn.example.com/socks-back.jpg',
      'https://cdn.example.com/socks-pair.jpg',
    ]);
    expect(page.item.items[0]).toMatchObject({ altText: 'Grey socks', filename: 'socks-grey.jpg' });
    expect(socks.variants[0].imageIds).toEqual([page.item.items[0].id]);

    const giftId = (await server.database.db.selectFrom('products').select('id').where('url_id', '=', 'e-gift').executeTakeFirstOrThrow()).id;
    const gift = (await owner.get(`/api/owner/products/${giftId}`)).json().product;
    expect(gift).toMatchObject({ productType: 4, variantOptionOrdering: [], archivedAt: expect.any(String) });
    expect(gift.variants).toMatchObject([{ sku: 'EGIFT', priceCents: 2500, unlimited: true }]);
  });

  it('updates an existing product by its Handle: new prices and stock show at once', async () => {
    const rows = (await exported()).filter((row) => row.Handle === 'ceramic-vase');
    rows[0]!['Variant Price'] = '66.00';
    rows[0]!['Variant Inventory Qty'] = '4';
    const answer = await importCsv(csvOf(rows));
    expect(answer.json()).toMatchObject({ created: 0, updated: 1 });
    const page = (await new TestVisitor(server.app).get('/shop/p/ceramic-vase?format=json')).json();
    expect(page.item.structuredContent.variants[0]).toMatchObject({ priceMoney: { value: '66.00' }, qtyInStock: 4 });
  });

  it('refuses a file with bad rows, naming every one, and writes nothing', async () => {
    const before = await productCount();
    const vaseStock = await stockOf(server.database.db, 'VASE');
    const rows: Row[] = [
      { Handle: 'good-one', Title: 'Good', 'Variant SKU': 'GOOD-1', 'Variant Price': '5.00', 'Variant Inventory Qty': '3' },
      { Handle: 'ceramic-vase', Title: 'Ceramic Vase', 'Variant SKU': 'VASE', 'Variant Price': '1.00', 'Variant Inventory Qty': '0' },
      { Handle: 'Bad Handle', Title: 'X', 'Variant SKU': 'X', 'Variant Price': '1' },
      { Handle: 'bad-price', Title: 'Bad price', 'Variant SKU': 'BP', 'Variant Price': '12.345', 'Variant Inventory Qty': '-2' },
      { Handle: 'no-title', Title: '', 'Variant SKU': 'NT', 'Variant Price': '1', Tags: 'x'.repeat(51) },
      { Handle: 'bad-image', Title: 'Bad image', 'Variant SKU': 'BI', 'Variant Price': '1', 'Image Src': 'javascript:alert(1)' },
    ];
    const answer = await importCsv(csvOf(rows));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: CSV_IMPORT_MESSAGES.refused(4),
      errors: {
        'row 4: Handle': CSV_MESSAGES.handle,
        'row 5: Variant Price': CSV_MESSAGES.price(2),
        'row 5: Variant Inventory Qty': CSV_MESSAGES.qty,
        'row 6: Title': CSV_MESSAGES.title,
        'row 6: Tags': CSV_MESSAGES.tag,
        'row 7: Image Src': CSV_MESSAGES.imageSrc,
      },
    });
    expect(await productCount()).toBe(before);
    expect(await stockOf(server.database.db, 'VASE')).toBe(vaseStock);
  });

  it('refuses rows that break the product rules or clash with other products, and writes nothing', async () => {
    const before = await productCount();
    const rows: Row[] = [
      { Handle: 'fresh-one', Title: 'Fresh', 'Variant SKU': 'FRESH-1', 'Variant Price': '5.00' },
      { Handle: 'thief', Title: 'Thief', 'Variant SKU': 'PEN', 'Variant Price': '5.00' },
      { Handle: 'twins', Title: 'Twins', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant SKU': 'TW-1', 'Variant Price': '1' },
      { Handle: 'twins', 'Option1 Value': 'S', 'Variant SKU': 'TW-2', 'Variant Price': '1' },
      { Handle: 'fresh-one', Title: 'Again', 'Variant SKU': 'FRESH-2', 'Variant Price': '5.00' },
    ];
    const answer = await importCsv(csvOf(rows));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({
      'row 6: Handle': CSV_MESSAGES.handleAgain,
    });
    const fixed = await importCsv(csvOf(rows.slice(0, 4)));
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json()).toEqual({
      message: CSV_IMPORT_MESSAGES.refused(2),
      errors: { 'row 3: Variant SKU': MANAGE_MESSAGES.skuTaken, 'row 5: Option1 Value': PRODUCT_RULE_MESSAGES.sameOptions },
    });
    expect(await productCount()).toBe(before);
    expect(await server.database.db.selectFrom('products').select('id').where('url_id', '=', 'fresh-one').execute()).toEqual([]);
  });

  it('refuses what is not a product CSV: JSON, a broken file, missing columns, no products, NUL, too large', async () => {
    const json = await owner.post(IMPORT, { products: [] });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: OWNER_CATALOG_MESSAGES.csv });
    const broken = await importCsv('Handle,Title,Variant SKU,Variant Price\nx,"unclosed,A,1\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file is not valid CSV: /);
    const columns = await importCsv('Handle,Name\nx,y\n');
    expect(columns.json()).toEqual({ message: CSV_IMPORT_MESSAGES.refused(1), errors: { 'row 1: Handle': CSV_MESSAGES.missingColumns } });
    expect((await importCsv('Handle,Title,Variant SKU,Variant Price\n')).json()).toEqual({ message: CSV_MESSAGES.empty });
    const nul = await importCsv('Handle,Title,Variant SKU,Variant Price\nnul,A\u0000B,N,1\n');
    // A streamed body is the import's to check (the HTTP edge reads only parsed bodies): the cell is refused.
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: CSV_IMPORT_MESSAGES.refused(1), errors: { 'row 2: Title': CSV_MESSAGES.nul } });
    const big = 'Handle,Title,Variant SKU,Variant Price\n' + 'x'.repeat(5 * 1024 * 1024 + 1);
    const tooLarge = await importCsv(big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: CSV_IMPORT_MESSAGES.tooLarge });
  });

  it('is for owners who manage the catalog', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.request({ method: 'POST', url: IMPORT, payload: 'Handle\n', headers: { 'content-type': 'text/csv' } })).statusCode).toBe(403);
    expect(demoProductId('linen-shirt')).toBeTruthy();
  });
});
