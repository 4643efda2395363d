// @vitest-environment happy-dom
import { CATALOG_LIMITS, IMAGE_LIMITS, PRODUCT_TYPES } from '@vitrine/contracts';
import { OwnerBrowserClient, memoryTokenStore } from '@vitrine/owner-client/browser';
import { describe, expect, it } from 'vitest';
import { focalAfterKey, focalAtClick, focalText } from './focal';
import { MAX_PRICE_MINOR, moneyInputText, parseMoneyInput } from './money-input';
import { emptyProductForm, formFromProduct, formToBody, imageChanges, isSubscribableType, moved, PRODUCT_TYPE_OPTIONS, stockChanges, withOptions } from './product-form';
import { SHIRT } from './test-fixtures';
import { checkUploadFile, MAX_UPLOAD_BYTES, UPLOAD_TEXTS, UploadError, uploadImageWithProgress, type UploadXhr } from './upload';
import { combinations, generateVariants, optionValuesOf } from './variants';


describe('money typed in the website’s currency', () => {
  it('reads USD and EUR with two decimals and JPY with none, into integer minor units', () => {
    expect(parseMoneyInput('12.50', 'USD')).toEqual({ ok: true, minor: 1250 });
    expect(parseMoneyInput('$1,234.5', 'USD')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput('0.1', 'USD')).toEqual({ ok: true, minor: 10 });
    expect(parseMoneyInput('12,50 €', 'EUR', 'fr-FR')).toEqual({ ok: true, minor: 1250 });
    expect(parseMoneyInput('€9.99', 'EUR')).toEqual({ ok: true, minor: 999 });
    expect(parseMoneyInput('1250', 'JPY')).toEqual({ ok: true, minor: 1250 });
    expect(parseMoneyInput('¥1,250', 'JPY')).toEqual({ ok: true, minor: 1250 });
  });

  it('refuses blanks, words, negatives, too many decimals, another currency and more than the maximum', () => {
    for (const [text, currency] of [['', 'USD'], ['ten', 'USD'], ['-1', 'USD'], ['1.234', 'USD'], ['12.5', 'JPY'], ['€5', 'USD'], ['10000000.01', 'USD']] as const) {
      const result = parseMoneyInput(text, currency);
      expect(result.ok, `${text} ${currency}`).toBe(false);
    }
    expect(parseMoneyInput('12.5', 'JPY')).toMatchObject({ message: expect.stringContaining('JPY without decimals') });
    expect(parseMoneyInput('x', 'USD')).toMatchObject({ message: expect.stringContaining('at most 2 decimals') });
    expect(MAX_PRICE_MINOR).toBe(CATALOG_LIMITS.maxPriceCents);
  });

  it('writes minor units back as field text', () => {
    expect(moneyInputText(4500, 'USD')).toBe('45.00');
    expect(moneyInputText(999, 'EUR')).toBe('9.99');
    expect(moneyInputText(1250, 'JPY')).toBe('1250');
  });
});

describe('options and variants', () => {
  it('reads option values and makes every combination', () => {
    expect(optionValuesOf(' S, M,, L , M')).toEqual(['S', 'M', 'L']);
    expect(combinations([{ values: ['S', 'M'] }, { values: ['White', 'Navy'] }])).toEqual([['S', 'White'], ['S', 'Navy'], ['M', 'White'], ['M', 'Navy']]);
  });

  it('keeps the variants whose values remain and makes the new ones from the first one’s price', () => {
    const form = formFromProduct(SHIRT, 'USD');
    const next = withOptions(form, [{ name: 'Size', valuesText: 'S, M' }, { name: 'Color', valuesText: 'White, Navy' }]);
    expect(next.variants.map((variant) => [variant.id ?? 'new', variant.sku, variant.optionValues.join('/'), variant.price])).toEqual([
      ['v1', 'LS-S-WHITE', 'S/White', '45.00'],
      ['new', 'LS-S-NAVY', 'S/Navy', '45.00'],
      ['v2', 'LS-M-WHITE', 'M/White', '45.00'],
      ['new', 'LS-M-NAVY', 'M/Navy', '45.00'],
    ]);
    expect(next.variantOptionNames).toEqual(['Size', 'Color']);
    // A removed option keeps the first variant matching the remaining values.
    const sizes = withOptions(next, [{ name: 'Size', valuesText: 'S, M, L' }]);
    expect(sizes.variants.map((variant) => [variant.id ?? 'new', variant.optionValues.join('/')])).toEqual([['v1', 'S'], ['v2', 'M'], ['new', 'L']]);
    expect(generateVariants([], next.variants)).toHaveLength(1);
  });
});

describe('the form and the body it sends', () => {
  it('sends a physical variant\'s weight in whole grams (empty: none) and refuses anything else by its field', () => {
    const form = formFromProduct(SHIRT, 'USD');
    expect(form.variants.map((variant) => variant.weight)).toEqual(['250', '']);
    form.variants[0] = { ...form.variants[0]!, weight: '1.5' };
    expect(formToBody(form, 'USD').errors).toEqual({ 'variants.0.weightGrams': 'Weight is a whole number of grams, or empty.' });
    form.variants[0] = { ...form.variants[0]!, weight: ' 300 ' };
    expect(formToBody(form, 'USD').body?.variants.map((variant) => variant.weightGrams)).toEqual([300, null]);
    // A digital product has no weight: the field is left out, so the server keeps whatever it had.
    expect(formToBody({ ...form, productType: 2 }, 'USD').body?.variants[0]).not.toHaveProperty('weightGrams');
  });

  it('round-trips a product into the whole PUT body, money in cents, computed merchandising left out', () => {
    const { body, errors } = formToBody(formFromProduct(SHIRT, 'USD'), 'USD');
    expect(errors).toBeUndefined();
    expect(body).toEqual({
      productType: 1, title: 'Linen Shirt', urlId: 'linen-shirt', excerpt: 'Light.', body: '<p>Linen.</p>', storeId: 's1',
      variantOptionOrdering: ['Size', 'Color'],
      variants: [
        { id: 'v1', sku: 'LS-S-WHITE', optionValues: [{ optionName: 'Size', value: 'S' }, { optionName: 'Color', value: 'White' }], priceCents: 4500, onSale: false, qtyInStock: 5, unlimited: false, imageIds: ['i1'], weightGrams: 250 },
        { id: 'v2', sku: 'LS-M-WHITE', optionValues: [{ optionName: 'Size', value: 'M' }, { optionName: 'Color', value: 'White' }], priceCents: 4500, salePriceCents: 3900, onSale: true, qtyInStock: 7, unlimited: false, imageIds: [], weightGrams: null },
      ],
      imageIds: ['i1'], isSubscribable: false, subscriptionPlan: null, additionalFieldsForm: null, useCustomAddButtonText: false, customAddButtonText: '',
      merchandising: { scarcityEnabled: true }, tags: ['linen', 'summer'], categories: ['Shirts'],
      seoTitle: '', seoDescription: '', seoImageId: null,
    });
  });

  it('sends a changed price, a subscription plan, a form and a custom button text', () => {
    const form = formFromProduct(SHIRT, 'USD');
    form.variants[0]!.price = '$52.00';
    form.isSubscribable = true;
    form.billingValue = '2';
    form.billingUnit = 'WEEK';
    form.billingCycles = '6';
    form.additionalForm = { id: 'f1', name: 'Engraving', object: { id: 'f1', name: 'Engraving', fields: [] } };
    form.useCustomAddButtonText = true;
    form.customAddButtonText = 'Pre-order';
    const { body } = formToBody(form, 'USD');
    expect(body?.variants[0]?.priceCents).toBe(5200);
    expect(body).toMatchObject({ isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 }, additionalFieldsForm: { id: 'f1', name: 'Engraving', fields: [] }, customAddButtonText: 'Pre-order' });
    // Platform §5: only physical and service products may be subscribable.
    expect(formToBody({ ...form, productType: 2 }, 'USD').body).toMatchObject({ isSubscribable: false, subscriptionPlan: null });
    expect([1, 2, 3, 4, 5].filter(isSubscribableType)).toEqual([1, 3, 5]);
  });

  it('finds bad fields in the app, keyed as the server keys them', () => {
    const form = emptyProductForm(1);
    form.urlId = 'Not A Slug';
    form.variants[0]!.salePrice = '50';
    form.variants[0]!.onSale = true;
    form.variants[0]!.price = '40';
    form.variants[0]!.stock = '1.5';
    expect(formToBody(form, 'USD').errors).toEqual({
      title: 'Enter a title.',
      urlId: expect.stringContaining('lowercase'),
      'variants.0.salePriceCents': 'The sale price must be below the price.',
      'variants.0.sku': 'Enter a SKU.',
      'variants.0.qtyInStock': expect.stringContaining('whole number'),
    });
  });

  it('a new digital product: one variant, no options, JPY without decimals', () => {
    const form = { ...emptyProductForm(2), title: 'E-book' };
    form.variants[0] = { ...form.variants[0]!, sku: 'EB', price: '1500' };
    form.options = [{ name: 'Size', valuesText: 'S' }];
    expect(formToBody(form, 'JPY').body).toMatchObject({ productType: 2, variantOptionOrdering: [], variants: [{ sku: 'EB', priceCents: 1500, unlimited: true }] });
    // A gift card carries no stock either, whatever the stock box said.
    const card = { ...emptyProductForm(1), productType: 4 as const, title: 'Gift card' };
    card.variants[0] = { ...card.variants[0]!, sku: 'GC-25', price: '25', unlimited: false, stock: '' };
    expect(formToBody(card, 'USD').body).toMatchObject({ productType: 4, variants: [{ sku: 'GC-25', priceCents: 2500, unlimited: true, qtyInStock: 0 }] });
  });

  it('names the stock and image changes to send beside the product, and moves images', () => {
    const form = formFromProduct(SHIRT, 'USD');
    form.variants[1]!.stock = '9';
    expect(stockChanges(form, SHIRT)).toEqual([{ variantId: 'v2', qtyInStock: 9 }]);
    form.images[0] = { ...form.images[0]!, altText: 'A white linen shirt', focal: { x: 0.3, y: 0.5 } };
    expect(imageChanges(form)).toEqual([{ imageId: 'i1', altText: 'A white linen shirt', mediaFocalPoint: { x: 0.3, y: 0.5 } }]);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('knows the contract’s product types', () => {
    expect(PRODUCT_TYPE_OPTIONS.map((option) => option.code)).toEqual(Object.values(PRODUCT_TYPES));
  });
});

describe('the focal point', () => {
  it('moves by arrows (5 %, 1 % with Shift), stays within 0..1, Home centres it; a click sets it', () => {
    expect(focalAfterKey({ x: 0.5, y: 0.5 }, 'ArrowRight')).toEqual({ x: 0.55, y: 0.5 });
    expect(focalAfterKey({ x: 0.5, y: 0.5 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.49 });
    expect(focalAfterKey({ x: 0.02, y: 0.98 }, 'ArrowLeft')).toEqual({ x: 0, y: 0.98 });
    expect(focalAfterKey({ x: 0.02, y: 0.98 }, 'ArrowDown')).toEqual({ x: 0.02, y: 1 });
    expect(focalAfterKey({ x: 0.1, y: 0.1 }, 'Home')).toEqual({ x: 0.5, y: 0.5 });
    expect(focalAfterKey({ x: 0.1, y: 0.1 }, 'a')).toBeNull();
    expect(focalAtClick({ left: 10, top: 20, width: 200, height: 100 }, 60, 95)).toEqual({ x: 0.25, y: 0.75 });
    expect(focalText({ x: 0.25, y: 0.75 })).toBe('25% across, 75% down');
  });
});

class FakeXhr implements UploadXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: UploadXhr['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const client = () => new OwnerBrowserClient({ fetch: (async () => new Response('')) as typeof fetch, cookies: () => 'crumb=c9', xsrfTokens: memoryTokenStore('x9') });
const png = (size = 10, name = 'shirt.png', type = 'image/png') => {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the picture upload', () => {
  it('checks the size (20 MB, the server’s limit) and the type before sending', () => {
    expect(MAX_UPLOAD_BYTES).toBe(IMAGE_LIMITS.fileBytes);
    expect(checkUploadFile({ name: 'a.png', size: 100, type: 'image/png' })).toBeNull();
    expect(checkUploadFile({ name: 'a.png', size: MAX_UPLOAD_BYTES + 1, type: 'image/png' })).toBe('This file is too large. The maximum size is 20 MB.');
    expect(checkUploadFile({ name: 'notes.txt', size: 100, type: 'text/plain' })).toBe('notes.txt is not a supported file type. Upload a JPEG, PNG, WebP, GIF or AVIF picture.');
    expect(checkUploadFile({ name: 'logo.svg', size: 100, type: 'image/svg+xml' })).toContain('not a supported file type');
    expect(checkUploadFile({ name: 'photo.JPG', size: 100, type: '' })).toBeNull();
  });

  it('sends the file as multipart with the crumb and XSRF headers, reports progress, and answers the asset', async () => {
    const progress: number[] = [];
    const done = uploadImageWithProgress(client(), png(2000), { onProgress: (fraction) => progress.push(fraction), createXhr: () => new FakeXhr() });
    await flush();
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/owner/images']);
    expect(xhr.headers).toMatchObject({ 'X-CSRF-Token': 'c9', 'X-SiteUser-XSRF-Token': 'x9' });
    expect((xhr.body?.get('file') as File).name).toBe('shirt.png');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 500, total: 2000 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2000, total: 2000 });
    xhr.answer(201, { id: 'img1', assetUrl: '/images/img1/shirt.png' });
    await expect(done).resolves.toMatchObject({ id: 'img1' });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('fails with platform §8’s words: the server’s reason, a 413 as too large, no answer as not completed', async () => {
    const refused = uploadImageWithProgress(client(), png(), { createXhr: () => new FakeXhr() });
    await flush();
    FakeXhr.last.answer(400, { message: 'This file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image.' });
    await expect(refused).rejects.toMatchObject({ title: 'Unable to Upload File', message: 'There was a problem while uploading your file', detail: expect.stringContaining('not a picture') });
    const large = uploadImageWithProgress(client(), png(), { createXhr: () => new FakeXhr() });
    await flush();
    FakeXhr.last.answer(413, { message: 'too large' });
    await expect(large).rejects.toMatchObject({ detail: 'This file is too large. The maximum size is 20 MB.' });
    const lost = uploadImageWithProgress(client(), png(), { createXhr: () => new FakeXhr() });
    await flush();
    FakeXhr.last.onerror?.();
    await expect(lost).rejects.toMatchObject({ detail: UPLOAD_TEXTS.notCompleted });
    let made = 0;
    await expect(uploadImageWithProgress(client(), png(10, 'a.txt', 'text/plain'), { createXhr: () => (made++, new FakeXhr()) })).rejects.toBeInstanceOf(UploadError);
    expect(made).toBe(0);
  });
});
