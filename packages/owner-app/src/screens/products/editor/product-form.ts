import type { OwnerProductJson, ProductBody } from '@vitrine/contracts';
import { moneyInputText, parseMoneyInput } from './money-input';
import { generateVariants, newVariantKey, optionValuesOf, usableOptions, type OptionDraft, type VariantDraft } from './variants';

/**
 * The product editor's state: the product as the owner edits it (texts as typed), made from the server's
 * product and turned back into the whole product a PUT or POST sends. Pure, so the body is tested without a
 * screen.
 */

/** Platform spec §3's product types (the contract's PRODUCT_TYPES, copied: no contract values in the bundle). */
export const PRODUCT_TYPE_OPTIONS = [
  { code: 1, label: 'Physical', hint: 'Shipped: stock, options, subscriptions' },
  { code: 2, label: 'Digital', hint: 'A download: one variant, no options' },
  { code: 3, label: 'Service', hint: 'Booked or done: options, subscriptions' },
  { code: 4, label: 'Gift card', hint: 'Amounts the shopper picks' },
  { code: 5, label: 'Membership', hint: "Sold only by a member area's join button: one-off or subscription" },
] as const;
export type ProductTypeCode = (typeof PRODUCT_TYPE_OPTIONS)[number]['code'];

/** Digital products and gift cards are never out of stock: they carry no stock (sent as unlimited). */
export const hasStock = (type: number) => type === 1 || type === 3;

/** Platform §5: merchant-subscribable product types are physical and service; a membership (5) may be a subscription too. */
export const isSubscribableType = (type: number) => type === 1 || type === 3 || type === 5;

export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface ImageDraft {
  id: string;
  assetUrl: string;
  filename: string;
  altText: string;
  focal: { x: number; y: number };
  /** As last saved: a change of either is sent with PUT /api/owner/images/:id before the product. */
  saved: { altText: string; focal: { x: number; y: number } };
}

export interface AdditionalForm {
  id: string;
  name: string;
  /** The form builder's object as stored (sent back as it came when unchanged). */
  object: Record<string, unknown>;
}

export interface ProductForm {
  productType: ProductTypeCode;
  title: string;
  urlId: string;
  excerpt: string;
  body: string;
  storeId: string;
  options: OptionDraft[];
  /** The option names the variants' values were made for (to match them after a rename or a new option). */
  variantOptionNames: string[];
  variants: VariantDraft[];
  images: ImageDraft[];
  isSubscribable: boolean;
  billingValue: string;
  billingUnit: BillingUnit;
  billingCycles: string;
  additionalForm: AdditionalForm | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  tagsText: string;
  categoriesText: string;
  merchandising: Record<string, unknown>;
  /** The page head's fields (issue 31); '' / null for the product's own. */
  seoTitle: string;
  seoDescription: string;
  seoImageId: string | null;
}

export function emptyProductForm(productType: ProductTypeCode = 1): ProductForm {
  return {
    productType,
    title: '',
    urlId: '',
    excerpt: '',
    body: '',
    storeId: '',
    options: [],
    variantOptionNames: [],
    variants: [{ key: newVariantKey(), sku: '', optionValues: [], price: '', salePrice: '', onSale: false, stock: '0', unlimited: productType !== 1, imageIds: [], weight: '' }],
    images: [],
    isSubscribable: false,
    billingValue: '1',
    billingUnit: 'MONTH',
    billingCycles: '0',
    additionalForm: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    tagsText: '',
    categoriesText: '',
    merchandising: {},
    seoTitle: '',
    seoDescription: '',
    seoImageId: null,
  };
}

/** The merchandising fields a product body takes (MerchandisingBodySchema's; the server's computed ones are left out). */
export const MERCHANDISING_KEYS = [
  'scarcityEnabled', 'scarcityText', 'scarcityShownByDefault', 'customSoldOutText',
  'restockNotificationsEnabled', 'restockNotificationMessages', 'mailingListSignUpEnabled', 'mailingListOptInByDefault',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function formFromProduct(product: OwnerProductJson, currency: string, focalPoints: Record<string, { x: number; y: number }> = {}): ProductForm {
  const names = product.variantOptionOrdering;
  const plan = isRecord(product.subscriptionPlan) ? product.subscriptionPlan : null;
  const period = plan && isRecord(plan.billingPeriod) ? plan.billingPeriod : null;
  const form = isRecord(product.additionalFieldsForm) ? product.additionalFieldsForm : null;
  return {
    productType: (PRODUCT_TYPE_OPTIONS.some((option) => option.code === product.productType) ? product.productType : 1) as ProductTypeCode,
    title: product.title,
    urlId: product.urlId,
    excerpt: product.excerpt,
    body: product.body,
    storeId: product.storeId,
    options: names.map((name) => ({
      name,
      valuesText: [...new Set(product.variants.map((variant) => variant.optionValues.find((value) => value.optionName === name)?.value).filter((value): value is string => Boolean(value)))].join(', '),
    })),
    variantOptionNames: [...names],
    variants: product.variants.map((variant) => ({
      key: variant.id,
      id: variant.id,
      sku: variant.sku,
      optionValues: names.map((name) => variant.optionValues.find((value) => value.optionName === name)?.value ?? ''),
      price: moneyInputText(variant.priceCents, currency),
      salePrice: variant.salePriceCents > 0 ? moneyInputText(variant.salePriceCents, currency) : '',
      onSale: variant.onSale,
      stock: String(variant.qtyInStock),
      unlimited: variant.unlimited,
      imageIds: [...variant.imageIds],
      weight: variant.weightGrams === null ? '' : String(variant.weightGrams),
    })),
    images: product.images.map((image) => {
      const focal = focalPoints[image.id] ?? { x: 0.5, y: 0.5 };
      return { id: image.id, assetUrl: image.assetUrl, filename: image.filename, altText: image.altText, focal, saved: { altText: image.altText, focal } };
    }),
    isSubscribable: product.isSubscribable,
    billingValue: period && typeof period.value === 'number' ? String(period.value) : '1',
    billingUnit: period && (period.unit === 'WEEK' || period.unit === 'YEAR') ? period.unit : 'MONTH',
    billingCycles: plan && typeof plan.numBillingCycles === 'number' ? String(plan.numBillingCycles) : '0',
    additionalForm: form && typeof form.id === 'string' ? { id: form.id, name: typeof form.name === 'string' ? form.name : form.id, object: form } : null,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText,
    tagsText: product.tags.join(', '),
    categoriesText: product.categories.join(', '),
    merchandising: Object.fromEntries(Object.entries(product.merchandising).filter(([key]) => (MERCHANDISING_KEYS as readonly string[]).includes(key))),
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    seoImageId: product.seoImageId,
  };
}

/** Options changed: the variants again (kept where their values still make a combination). */
export function withOptions(form: ProductForm, options: OptionDraft[]): ProductForm {
  const variants = generateVariants(options, form.variants, form.variantOptionNames);
  return { ...form, options, variants, variantOptionNames: usableOptions(options).map((option) => option.name) };
}

export type FieldErrors = Record<string, string>;

const wholeNumber = (text: string, min: number, max: number): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
};

export const FORM_TEXTS = {
  titleRequired: 'Enter a title.',
  urlId: 'Use lowercase letters, digits and hyphens, such as linen-shirt.',
  skuRequired: 'Enter a SKU.',
  stock: 'Stock is a whole number from 0 to 1,000,000,000.',
  weight: 'Weight is a whole number of grams, or empty.',
  saleBelowPrice: 'The sale price must be below the price.',
  billingValue: 'Enter a whole number from 1 to 365.',
  billingCycles: 'Enter a whole number from 0 (until cancelled) to 1,000.',
  optionValues: 'Give every option a name and at least one value.',
  tag: 'Each tag is at most 50 characters.',
  category: 'Each category is at most 25 characters.',
} as const;

const labels = (text: string) => [...new Set(text.split(',').map((value) => value.trim()).filter(Boolean))];

/**
 * The whole product to send, or the errors found in the app (keyed as the server keys them: `title`,
 * `variants.1.priceCents`, …). Money text becomes minor units with the currency's fraction digits.
 */
export function formToBody(form: ProductForm, currency: string, locale = 'en-US'): { body: ProductBody; errors?: undefined } | { errors: FieldErrors; body?: undefined } {
  const errors: FieldErrors = {};
  if (form.title.trim() === '') errors.title = FORM_TEXTS.titleRequired;
  const urlId = form.urlId.trim();
  if (urlId !== '' && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(urlId)) errors.urlId = FORM_TEXTS.urlId;
  const digital = form.productType === 2;
  const options = digital ? [] : usableOptions(form.options);
  if (!digital && form.options.some((option) => option.name.trim() !== '' && optionValuesOf(option.valuesText).length === 0)) errors.variantOptionOrdering = FORM_TEXTS.optionValues;
  const variants = (digital ? form.variants.slice(0, 1) : form.variants).map((variant, index) => {
    const price = parseMoneyInput(variant.price, currency, locale);
    if (!price.ok) errors[`variants.${index}.priceCents`] = price.message;
    let salePriceCents: number | undefined;
    if (variant.salePrice.trim() !== '' || variant.onSale) {
      const sale = parseMoneyInput(variant.salePrice, currency, locale);
      if (!sale.ok) errors[`variants.${index}.salePriceCents`] = sale.message;
      else if (variant.onSale && price.ok && sale.minor >= price.minor) errors[`variants.${index}.salePriceCents`] = FORM_TEXTS.saleBelowPrice;
      else salePriceCents = sale.minor;
    }
    if (variant.sku.trim() === '') errors[`variants.${index}.sku`] = FORM_TEXTS.skuRequired;
    const unlimited = variant.unlimited || !hasStock(form.productType);
    const stock = unlimited ? 0 : wholeNumber(variant.stock, 0, 1_000_000_000);
    if (stock === null) errors[`variants.${index}.qtyInStock`] = FORM_TEXTS.stock;
    // Only what ships has a weight (weight-based shipping rates); other types leave it as it is.
    const shipped = form.productType === 1;
    const weightGrams = !shipped ? undefined : variant.weight.trim() === '' ? null : wholeNumber(variant.weight, 0, 1_000_000_000);
    if (weightGrams === null && variant.weight.trim() !== '') errors[`variants.${index}.weightGrams`] = FORM_TEXTS.weight;
    const optionValues = options.map((option) => ({ optionName: option.name, value: (variant.optionValues[form.variantOptionNames.indexOf(option.name)] ?? '').trim() }));
    return {
      ...(variant.id ? { id: variant.id } : {}),
      sku: variant.sku.trim(),
      ...(options.length > 0 ? { optionValues } : {}),
      priceCents: price.ok ? price.minor : 0,
      ...(salePriceCents !== undefined ? { salePriceCents } : {}),
      onSale: variant.onSale,
      qtyInStock: stock ?? 0,
      unlimited,
      imageIds: variant.imageIds.filter((id) => form.images.some((image) => image.id === id)),
      ...(weightGrams !== undefined ? { weightGrams } : {}),
    };
  });
  const subscribable = isSubscribableType(form.productType) && form.isSubscribable;
  let subscriptionPlan: ProductBody['subscriptionPlan'] = null;
  if (subscribable) {
    const value = wholeNumber(form.billingValue, 1, 365);
    const cycles = wholeNumber(form.billingCycles, 0, 1000);
    if (value === null) errors['subscriptionPlan.billingPeriod.value'] = FORM_TEXTS.billingValue;
    if (cycles === null) errors['subscriptionPlan.numBillingCycles'] = FORM_TEXTS.billingCycles;
    subscriptionPlan = { billingPeriod: { value: value ?? 1, unit: form.billingUnit }, numBillingCycles: cycles ?? 0 };
  }
  const tags = labels(form.tagsText);
  if (tags.some((tag) => [...tag].length > 50)) errors.tags = FORM_TEXTS.tag;
  const categories = labels(form.categoriesText);
  if (categories.some((category) => [...category].length > 25)) errors.categories = FORM_TEXTS.category;
  if (Object.keys(errors).length > 0) return { errors };
  const body: ProductBody = {
    productType: form.productType,
    title: form.title.trim(),
    ...(urlId ? { urlId } : {}),
    excerpt: form.excerpt,
    body: form.body,
    ...(form.storeId ? { storeId: form.storeId } : {}),
    variantOptionOrdering: options.map((option) => option.name),
    variants,
    imageIds: form.images.map((image) => image.id),
    isSubscribable: subscribable,
    subscriptionPlan,
    additionalFieldsForm: form.additionalForm ? { ...form.additionalForm.object, id: form.additionalForm.id } : null,
    useCustomAddButtonText: form.useCustomAddButtonText,
    customAddButtonText: form.customAddButtonText,
    merchandising: form.merchandising as ProductBody['merchandising'],
    tags,
    categories,
    seoTitle: form.seoTitle,
    seoDescription: form.seoDescription,
    // A social picture removed from the product's pictures goes with it.
    seoImageId: form.seoImageId && form.images.some((image) => image.id === form.seoImageId) ? form.seoImageId : null,
  };
  return { body };
}

/** The stock changes to send after saving: existing stocked variants whose number changed (PUT leaves their stock alone). */
export function stockChanges(form: ProductForm, saved: OwnerProductJson | undefined): Array<{ variantId: string; qtyInStock: number }> {
  if (!saved) return [];
  return form.variants.flatMap((variant) => {
    const before = saved.variants.find((candidate) => candidate.id === variant.id);
    const qty = Number(variant.stock.trim());
    if (!before || variant.unlimited || !hasStock(form.productType) || !Number.isInteger(qty) || qty === before.qtyInStock) return [];
    return [{ variantId: before.id, qtyInStock: qty }];
  });
}

/** The images whose alt text or focal point changed since they were last saved. */
export function imageChanges(form: ProductForm): Array<{ imageId: string; altText?: string; mediaFocalPoint?: { x: number; y: number } }> {
  return form.images.flatMap((image) => {
    const alt = image.altText !== image.saved.altText;
    const focal = image.focal.x !== image.saved.focal.x || image.focal.y !== image.saved.focal.y;
    if (!alt && !focal) return [];
    return [{ imageId: image.id, ...(alt ? { altText: image.altText } : {}), ...(focal ? { mediaFocalPoint: image.focal } : {}) }];
  });
}

/** Moves an item of a list one place (for images: Move up / Move down). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
