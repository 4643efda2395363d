// databases: both — the facet statement (jsonb, arrays, FILTER, window aggregates) must count the same on each engine
import { afterAll, describe, expect, it } from 'vitest';
import { createWebsite } from '../platform';
import { parseHtml } from '../reliability/html-safety';
import { openTestServer, TEST_SHIPPING_ADDRESS, TestVisitor } from '../testing';
import { FILTER_MESSAGES } from '../catalog';

/*
 * The shop's filters and sort (issue 38 item 1) on a fixture store written here, counted by hand: a plain loop over
 * the fixture below (`byHand`) says what every facet must count, and the page's JSON must agree, for each filter
 * alone and combined. A second website with the demo catalog is never counted.
 */

const PLATFORM = 'vitrine.test';
const DEMO_HOST = `demo.${PLATFORM}`;
const BRAVO_HOST = `bravo.${PLATFORM}`;
const server = await openTestServer({ platformDomain: PLATFORM, rateLimit: { max: 1_000_000_000 } });
afterAll(() => server.close());
const { db } = server.database;
await createWebsite(db, { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: true });
const demo = await db.selectFrom('websites').selectAll().where('identifier', '=', 'demo').executeTakeFirstOrThrow();

interface FixtureVariant { sku: string; options: Record<string, string>; price: number; sale?: number; qty?: number; unlimited?: boolean; archived?: boolean }
interface FixtureProduct { slug: string; type?: number; tags: string[]; price?: number; variants: FixtureVariant[]; archived?: boolean; created: string }

/** Listed in this order (display_index); the last two are never listed. Prices in cents. */
const FIXTURE: FixtureProduct[] = [
  { slug: 'tee', tags: ['jersey', 'summer'], created: '2026-01-03', variants: [
    { sku: 'TEE-S-RED', options: { Size: 'S', Colour: 'Red' }, price: 2000, qty: 5 },
    { sku: 'TEE-M-RED', options: { Size: 'M', Colour: 'Red' }, price: 2000, qty: 0 },
    { sku: 'TEE-L-BLUE', options: { Size: 'L', Colour: 'Blue' }, price: 2500, qty: 2 },
    // Archived by a reshape (migration 036): never listed, never counted.
    { sku: 'TEE-XL-RED', options: { Size: 'XL', Colour: 'Red' }, price: 100, qty: 9, archived: true },
  ] },
  { slug: 'hoodie', tags: ['jersey', 'winter'], created: '2026-01-05', variants: [
    { sku: 'HOODIE-M-GREY', options: { Size: 'M', Colour: 'Grey' }, price: 6000, qty: 3 },
    { sku: 'HOODIE-L-GREY', options: { Size: 'L', Colour: 'Grey' }, price: 6000, qty: 0 },
  ] },
  { slug: 'socks', tags: ['summer'], created: '2026-01-01', variants: [
    { sku: 'SOCKS-S-RED', options: { Size: 'S', Colour: 'Red' }, price: 1000, sale: 800, unlimited: true },
  ] },
  { slug: 'cap', tags: [], created: '2026-01-04', variants: [{ sku: 'CAP', options: {}, price: 1500, qty: 0 }] },
  // Digital: priced on the product, always in stock.
  { slug: 'zine', type: 2, price: 1200, tags: ['paper'], created: '2026-01-02', variants: [{ sku: 'ZINE', options: {}, price: 1200, unlimited: true }] },
  { slug: 'old-tee', tags: ['jersey'], archived: true, created: '2026-01-06', variants: [{ sku: 'OLD-M', options: { Size: 'M', Colour: 'Red' }, price: 500, qty: 5 }] },
  // A paywall product (members/) is sold through its member area only: never listed.
  { slug: 'members-pass', type: 5, tags: ['jersey'], created: '2026-01-07', variants: [{ sku: 'PASS', options: { Size: 'M' }, price: 900, unlimited: true }] },
];

const collectionId = 'fixture-filters-collection';
await db.insertInto('collections').values({ id: collectionId, website_id: demo.id, url_id: 'filters', title: 'Filters', type: 13 }).execute();
for (const [index, product] of FIXTURE.entries()) {
  const productId = `fixture-${product.slug}`;
  const optionNames = Object.keys(product.variants[0]!.options);
  await db.insertInto('products').values({
    id: productId, website_id: demo.id, collection_id: collectionId, url_id: product.slug, title: product.slug.toUpperCase(), product_type: product.type ?? 1,
    price_cents: product.price ?? 0, tags: JSON.stringify(product.tags), variant_option_ordering: JSON.stringify(optionNames), display_index: index,
    created_at: new Date(`${product.created}T12:00:00Z`), archived_at: product.archived ? new Date() : null,
  }).execute();
  for (const [position, variant] of product.variants.entries()) {
    await db.insertInto('variants').values({
      id: `fixture-${variant.sku}`, website_id: demo.id, product_id: productId, sku: variant.sku, display_index: position,
      option_values: JSON.stringify(Object.entries(variant.options).map(([optionName, value]) => ({ optionName, value }))),
      price_cents: variant.price, sale_price_cents: variant.sale ?? 0, on_sale: variant.sale !== undefined, qty_in_stock: variant.qty ?? 0,
      unlimited: variant.unlimited === true, archived_at: variant.archived ? new Date() : null,
    }).execute();
  }
}

interface Asked { price_min?: number; price_max?: number; available?: boolean; tag?: string[]; options?: Record<string, string[]> }

/** The facets, counted by hand over FIXTURE with the rule the README states (one variant meets every variant filter). */
function byHand(asked: Asked) {
  const listed = FIXTURE.filter((product) => !product.archived && product.type !== 5);
  const live = (product: FixtureProduct) => product.variants.filter((variant) => !variant.archived);
  const priceOf = (product: FixtureProduct, variant: FixtureVariant) => (product.type === 2 ? product.price! : (variant.sale ?? variant.price));
  const inStock = (product: FixtureProduct, variant: FixtureVariant) => product.type === 2 || variant.unlimited === true || (variant.qty ?? 0) > 0;
  const keyOf = (name: string) => name.toLowerCase();
  const optionsOf = (variant: FixtureVariant) => Object.fromEntries(Object.entries(variant.options).map(([name, value]) => [keyOf(name), value]));
  const groups = Object.entries(asked.options ?? {});
  const variantOk = (product: FixtureProduct, variant: FixtureVariant, except: string) => {
    const price = priceOf(product, variant);
    if (except !== 'price' && ((asked.price_min !== undefined && price < asked.price_min) || (asked.price_max !== undefined && price > asked.price_max))) return false;
    if (except !== 'available' && asked.available && !inStock(product, variant)) return false;
    return groups.every(([key, values]) => key === except || values.includes(optionsOf(variant)[key] ?? ''));
  };
  const tagOk = (product: FixtureProduct) => !asked.tag?.length || product.tags.some((tag) => asked.tag!.includes(tag));
  const matches = (product: FixtureProduct) => tagOk(product) && live(product).some((variant) => variantOk(product, variant, ''));
  const options = new Map<string, Map<string, number>>();
  for (const product of listed) for (const variant of live(product)) for (const [key, value] of Object.entries(optionsOf(variant))) {
    const values = options.get(key) ?? new Map<string, number>();
    options.set(key, values);
    const has = tagOk(product) && live(product).some((other) => optionsOf(other)[key] === value && variantOk(product, other, key));
    values.set(value, has ? 1 : 0);
  }
  // The counts per product (a value counted once per product).
  const optionCounts: Record<string, Record<string, number>> = {};
  for (const [key, values] of options) {
    optionCounts[key] = {};
    for (const value of values.keys()) {
      optionCounts[key]![value] = listed.filter((product) => tagOk(product) && live(product).some((variant) => optionsOf(variant)[key] === value && variantOk(product, variant, key))).length;
    }
  }
  const tags: Record<string, number> = {};
  for (const product of listed) for (const tag of product.tags) {
    tags[tag] = listed.filter((other) => other.tags.includes(tag) && live(other).some((variant) => variantOk(other, variant, ''))).length;
  }
  const prices = listed.filter(tagOk).flatMap((product) => live(product).filter((variant) => variantOk(product, variant, 'price')).map((variant) => priceOf(product, variant)));
  return {
    slugs: listed.filter(matches).map((product) => product.slug),
    total: listed.filter(matches).length,
    inStockCount: listed.filter((product) => tagOk(product) && live(product).some((variant) => inStock(product, variant) && variantOk(product, variant, 'available'))).length,
    priceRange: prices.length ? { minCents: Math.min(...prices), maxCents: Math.max(...prices) } : null,
    options: optionCounts,
    tags,
  };
}

/** The same ask as an address of the fixture store. */
function addressOf(asked: Asked, extra = ''): string {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(asked.options ?? {})) for (const value of values) params.append(key, value);
  for (const tag of asked.tag ?? []) params.append('tag', tag);
  if (asked.available) params.append('available', '1');
  if (asked.price_min !== undefined) params.append('price_min', String(asked.price_min / 100));
  if (asked.price_max !== undefined) params.append('price_max', String(asked.price_max / 100));
  return `/filters?${params}${extra}&format=json`;
}

interface PageJson {
  items: { urlId: string }[];
  facets: {
    total: number; inStockCount: number; priceRange: { minCents: number; maxCents: number } | null;
    options: { key: string; param: string; name: string; values: { value: string; count: number; selected: boolean }[] }[];
    tags: { tag: string; count: number; selected: boolean }[];
  };
  shopFilters: { countLabel: string; url: string; active: { label: string; removeUrl: string }[]; clearUrl: string };
  pagination: { total: number };
}

const shopper = new TestVisitor(server.app, undefined, { host: DEMO_HOST });
async function pageJson(url: string, visitor = shopper): Promise<PageJson> {
  const answer = await visitor.get(url);
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  return answer.json();
}

/** The page's facets in byHand's shape. */
function counted(page: PageJson) {
  return {
    slugs: page.items.map((item) => item.urlId),
    total: page.facets.total,
    inStockCount: page.facets.inStockCount,
    priceRange: page.facets.priceRange,
    options: Object.fromEntries(page.facets.options.map((option) => [option.key, Object.fromEntries(option.values.map((value) => [value.value, value.count]))])),
    tags: Object.fromEntries(page.facets.tags.map((tag) => [tag.tag, tag.count])),
  };
}

describe('shop filters: the facet counts', () => {
  it('with no filter: every listed product, each option value and tag counted once per product', async () => {
    const page = await pageJson('/filters?format=json');
    expect(counted(page)).toEqual(byHand({}));
    // Written out once, so the loop above cannot be wrong in the same way as the SQL.
    expect(page.items.map((item) => item.urlId)).toEqual(['tee', 'hoodie', 'socks', 'cap', 'zine']);
    expect(page.facets.total).toBe(5);
    expect(page.facets.inStockCount).toBe(4);
    expect(page.facets.priceRange).toEqual({ minCents: 800, maxCents: 6000 });
    expect(page.facets.options.map((option) => [option.name, option.param, option.values.map((value) => `${value.value}:${value.count}`)])).toEqual([
      ['Size', 'size', ['S:2', 'M:2', 'L:2']],
      ['Colour', 'colour', ['Red:2', 'Blue:1', 'Grey:1']],
    ]);
    expect(page.facets.tags.map((tag) => `${tag.tag}:${tag.count}`)).toEqual(['jersey:2', 'paper:1', 'summer:2', 'winter:1']);
    expect(page.shopFilters.countLabel).toBe('5 products');
  });

  const asks: [string, Asked][] = [
    ['size M', { options: { size: ['M'] } }],
    ['size M or L', { options: { size: ['M', 'L'] } }],
    ['in stock', { available: true }],
    ['size M, in stock (the tee\'s M is sold out: only the hoodie)', { options: { size: ['M'] }, available: true }],
    ['red, size L (no variant is both)', { options: { size: ['L'], colour: ['Red'] } }],
    ['price 10 to 25 (the socks\' sale price is 8)', { price_min: 1000, price_max: 2500 }],
    ['up to 12 (the zine\'s own price)', { price_max: 1200 }],
    ['tag summer', { tag: ['summer'] }],
    ['tags jersey or paper, in stock', { tag: ['jersey', 'paper'], available: true }],
    ['size S, red, up to 20, in stock, tag summer', { options: { size: ['S'], colour: ['Red'] }, price_max: 2000, available: true, tag: ['summer'] }],
    ['size XL (only an archived variant has it: nothing)', { options: { size: ['XL'] } }],
  ];
  for (const [name, asked] of asks) {
    it(`${name}: the list and every count equal the count by hand`, async () => {
      expect(counted(await pageJson(addressOf(asked)))).toEqual(byHand(asked));
    });
  }

  it('marks what is chosen, and says each filter in force with the address without it', async () => {
    const page = await pageJson('/filters?size=M&size=L&available=1&price_max=30&format=json');
    expect(page.facets.options[0]!.values.filter((value) => value.selected).map((value) => value.value)).toEqual(['M', 'L']);
    expect(page.shopFilters.active).toEqual([
      { label: 'Size: M', removeUrl: '/filters?size=L&available=1&price_max=30' },
      { label: 'Size: L', removeUrl: '/filters?size=M&available=1&price_max=30' },
      { label: 'In stock', removeUrl: '/filters?size=M&size=L&price_max=30' },
      { label: 'Price: Up to $30.00', removeUrl: '/filters?size=M&size=L&available=1' },
    ]);
    expect(page.shopFilters.clearUrl).toBe('/filters');
    expect(page.shopFilters.url).toBe('/filters?size=M&size=L&available=1&price_max=30');
  });

  it('ignores a name no option has (utm_source is not a filter), and reads option-{name} and any case', async () => {
    expect(counted(await pageJson('/filters?utm_source=mail&format=json'))).toEqual(byHand({}));
    expect(counted(await pageJson('/filters?option-size=M&Colour=Red&format=json'))).toEqual(byHand({ options: { size: ['M'], colour: ['Red'] } }));
  });
});

describe('shop filters: sorting', () => {
  const order = async (sort: string, extra = '') => (await pageJson(`/filters?sort=${sort}${extra}&format=json`)).items.map((item) => item.urlId);

  it('featured is the owner\'s order; price by the shown (lowest, sale) price; newest by creation', async () => {
    expect(await order('featured')).toEqual(['tee', 'hoodie', 'socks', 'cap', 'zine']);
    expect(await order('price-asc')).toEqual(['socks', 'zine', 'cap', 'tee', 'hoodie']);
    expect(await order('price-desc')).toEqual(['hoodie', 'tee', 'cap', 'zine', 'socks']);
    expect(await order('newest')).toEqual(['hoodie', 'cap', 'tee', 'zine', 'socks']);
    // Sorted and filtered together.
    expect(await order('price-desc', '&tag=summer')).toEqual(['tee', 'socks']);
  });

  it('best selling counts the units of paid orders (the orders domain\'s answer), then the owner\'s order', async () => {
    expect(await order('best-selling')).toEqual(['tee', 'hoodie', 'socks', 'cap', 'zine']);
    const buyer = new TestVisitor(server.app, undefined, { host: DEMO_HOST });
    for (const [sku, quantity] of [['HOODIE-M-GREY', 2], ['SOCKS-S-RED', 1]] as const) {
      const added = await buyer.post('/api/commerce/shopping-cart/entries', { itemId: `fixture-${sku.split('-')[0]!.toLowerCase()}`, sku, quantity });
      expect(added.statusCode, added.body).toBe(200);
    }
    const placed = await buyer.post('/api/commerce/orders', { email: 'filters@example.com', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(placed.statusCode, placed.body).toBeLessThan(300);
    expect(await order('best-selling')).toEqual(['hoodie', 'socks', 'tee', 'cap', 'zine']);
    // The sale took the hoodie's M to 1 in stock: still listed as in stock.
    expect(counted(await pageJson(addressOf({ options: { size: ['M'] }, available: true }))).slugs).toEqual(['hoodie']);
  });
});

describe('shop filters: addresses and bad values', () => {
  it('the JSON call refuses a bad value with 400 and says which; the page ignores it', async () => {
    const cases: [string, Record<string, string>][] = [
      ['price_min=abc', { price_min: FILTER_MESSAGES.price }],
      ['price_max=-5', { price_max: FILTER_MESSAGES.price }],
      ['price_min=12.345', { price_min: FILTER_MESSAGES.price }],
      ['price_min=50&price_max=10', { price_min: FILTER_MESSAGES.priceOrder }],
      ['available=yes', { available: FILTER_MESSAGES.available }],
      ['sort=cheapest', { sort: FILTER_MESSAGES.sort }],
      ['sort=relevance', { sort: FILTER_MESSAGES.sort }],
      [`size=${'x'.repeat(101)}`, { size: FILTER_MESSAGES.tooLong }],
      [Array.from({ length: 31 }, (_, index) => `tag=t${index}`).join('&'), { tag: FILTER_MESSAGES.tooMany }],
    ];
    for (const [query, errors] of cases) {
      const answer = await shopper.get(`/filters?${query}&format=json`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toEqual({ message: 'Some filters are not valid.', errors });
      // The page ignores it: it sends the shopper to the address without it.
      const html = await shopper.get(`/filters?${query}`);
      expect(html.statusCode, query).toBe(302);
    }
    expect(FILTER_MESSAGES.price).toBe('Enter a price of 0 or more, like 20 or 19.99.');
    // The page without the bad filter: all five products.
    const page = parseHtml((await shopper.get('/filters')).body);
    expect(page.querySelectorAll('.product-grid .product-card')).toHaveLength(5);
  });

  it('a plain GET form\'s empty fields, its order and the default sort become the one address by a redirect; other names are kept', async () => {
    const answer = await shopper.get('/filters?sort=featured&size=M&price_min=&price_max=&utm_source=mail');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/filters?size=M&utm_source=mail');
    expect((await shopper.get('/filters?size=M')).statusCode).toBe(200);
    const typed = await shopper.get('/filters?sort=price-asc&price_max=50&Size=M&price_min=20.00&design-preview=draft');
    expect(typed.statusCode).toBe(302);
    expect(typed.headers.location).toBe('/filters?size=M&price_min=20&price_max=50&sort=price-asc&design-preview=draft');
    // A bad value is ignored: the address without it.
    expect((await shopper.get('/filters?price_min=abc&size=M')).headers.location).toBe('/filters?size=M');
    expect((await shopper.get('/filters?size=M&price_min=20&price_max=50&sort=price-asc')).statusCode).toBe(200);
    const search = await shopper.get('/search?q=jersey&sort=relevance&available=');
    expect(search.statusCode).toBe(302);
    expect(search.headers.location).toBe('/search?q=jersey');
  });

  it('the page is a GET form of checkboxes named as the address, with the counts and the chosen ones ticked', async () => {
    const page = parseHtml((await shopper.get('/filters?size=M')).body);
    const form = page.querySelector('form#shop-filters-form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/filters');
    const box = (id: string) => page.querySelector(`#${id}`);
    expect(box('filter-size-1')?.getAttribute('name')).toBe('size');
    expect(box('filter-size-1')?.getAttribute('value')).toBe('M');
    expect(box('filter-size-1')?.hasAttribute('checked')).toBe(true);
    expect(page.querySelector('label[for="filter-size-1"]')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('M (2)');
    // Blue is only on the tee's L: with size M, no product has it (a disabled box with 0).
    expect(page.querySelector('label[for="filter-colour-1"]')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('Blue (0)');
    expect(box('filter-colour-1')?.hasAttribute('disabled')).toBe(true);
    expect(page.querySelector('select[name="sort"]')?.getAttribute('form')).toBe('shop-filters-form');
    expect(page.querySelector('[data-shop-count]')?.textContent).toBe('2 products');
    expect(Array.from(page.querySelectorAll('.product-card-title')).map((title) => title.textContent)).toEqual(['TEE', 'HOODIE']);
  });

  it('pages through a long list 48 at a time, the links keeping the filters', async () => {
    const many = 'fixture-many-collection';
    await db.insertInto('collections').values({ id: many, website_id: demo.id, url_id: 'many', title: 'Many', type: 13 }).execute();
    for (let index = 0; index < 50; index += 1) {
      await db.insertInto('products').values({ id: `many-${index}`, website_id: demo.id, collection_id: many, url_id: `many-${index}`, title: `Many ${index}`, product_type: 1, display_index: index }).execute();
      await db.insertInto('variants').values({ id: `many-v-${index}`, website_id: demo.id, product_id: `many-${index}`, sku: `MANY-${index}`, price_cents: 100 * (index + 1), qty_in_stock: 1 }).execute();
    }
    const first = await pageJson('/many?price_min=2&format=json');
    expect(first.items).toHaveLength(48);
    expect(first.pagination).toMatchObject({ page: 1, pageCount: 2, total: 49, nextPageUrl: '/many?price_min=2&page=2' });
    const second = await pageJson('/many?price_min=2&page=2&format=json');
    expect(second.items.map((item) => item.urlId)).toEqual(['many-49']);
  });
});

describe('shop filters: search and other websites', () => {
  it('search filters its matches the same way, sorted by relevance unless asked', async () => {
    const jersey = await pageJson('/search?q=jersey&format=json');
    expect(jersey.items.map((item) => item.urlId).sort()).toEqual(['hoodie', 'tee']);
    expect(jersey.facets.total).toBe(2);
    const inStockM = await pageJson('/search?q=jersey&size=M&available=1&format=json');
    expect(inStockM.items.map((item) => item.urlId)).toEqual(['hoodie']);
    expect(inStockM.facets.options.find((option) => option.key === 'size')?.values.map((value) => `${value.value}:${value.count}`)).toEqual(['S:1', 'M:1', 'L:1']);
    expect((await pageJson('/search?q=jersey&sort=price-asc&format=json')).items.map((item) => item.urlId)).toEqual(['tee', 'hoodie']);
  });

  it('a second website\'s products are never counted, and its own are counted on its own host', async () => {
    // Both websites sell the demo's Linen Shirt (sizes S and M): each counts its own one.
    const demoShop = await pageJson('/shop?size=M&format=json');
    const bravoShopper = new TestVisitor(server.app, undefined, { host: BRAVO_HOST });
    const bravoShop = await pageJson('/shop?size=M&format=json', bravoShopper);
    expect(demoShop.items.map((item) => item.urlId)).toEqual(['linen-shirt']);
    expect(bravoShop.items.map((item) => item.urlId)).toEqual(['linen-shirt']);
    expect(bravoShop.facets.options.find((option) => option.key === 'size')?.values.map((value) => `${value.value}:${value.count}`)).toEqual(['S:1', 'M:1']);
    expect((await pageJson('/search?q=shirt&format=json')).facets.total).toBe(1);
    expect((await pageJson('/search?q=shirt&format=json', bravoShopper)).facets.total).toBe(1);
    // The demo's fixture store is not at bravo's address, and its options are not bravo's facets.
    expect((await bravoShopper.get('/filters?format=json')).statusCode).toBe(404);
    expect((await pageJson('/search?q=jersey&format=json', bravoShopper)).facets.total).toBe(0);
    expect(bravoShop.facets.options.map((option) => option.key)).not.toContain('colour');
  });
});
