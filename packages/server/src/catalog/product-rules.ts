import { CATALOG_LIMITS, PRODUCT_TYPES, type ProductBody } from '@vitrine/contracts';
import type { ProductRecord, VariantRecord } from './product-rows';

/**
 * The rules of a product that a schema cannot say (one field against another): pure, so the owner's
 * calls and the CSV import refuse the same things with the same words.
 */
export const PRODUCT_RULE_MESSAGES = {
  notSubscribable: 'Only physical, service and membership products can be subscribable.',
  planMissing: 'A subscribable product needs a subscription plan.',
  digitalOneVariant: 'A digital product has exactly one variant, without options.',
  duplicateOption: 'Each option name may appear once.',
  optionValuesMismatch: (names: readonly string[]) =>
    names.length === 0 ? 'This product has no options: leave optionValues empty.' : `Each variant needs one value for each option, in order: ${names.join(', ')}.`,
  sameOptions: 'Another variant has the same option values.',
  needsOptions: 'Several variants need options to tell them apart.',
  duplicateSku: 'Another variant of this product has this sku.',
  saleNotBelow: 'The sale price must be below the price.',
  formId: 'additionalFieldsForm needs an id of 1–64 characters.',
  blankTag: 'A tag cannot be blank.',
  blankCategory: 'A category cannot be blank.',
  blankSku: 'A sku cannot be blank.',
  newVariantWithId: "A new product's variants have no id.",
} as const;

export interface CheckedProduct {
  record: Omit<ProductRecord, 'urlId' | 'images'>;
  /** In display order, each with the id it was sent with (editing). */
  variants: Array<VariantRecord & { id?: string }>;
}

// A membership (PAYWALL) may be sold one-off or by subscription (members/).
const isSubscribableType = (type: number) => type === PRODUCT_TYPES.physical || type === PRODUCT_TYPES.service || type === PRODUCT_TYPES.paywall;

/** Keeps the first of each, trimmed; an empty one is reported. */
function cleanLabels(values: readonly string[] | undefined, field: string, blankMessage: string, errors: Record<string, string>): string[] {
  const seen = new Set<string>();
  for (const value of values ?? []) {
    const trimmed = value.trim();
    if (trimmed === '') errors[field] = blankMessage;
    else seen.add(trimmed);
  }
  return [...seen];
}

/** Checks a product body against the cross-field rules; answers the record to store, or the errors by field. */
export function checkProduct(body: ProductBody, options: { creating: boolean }): { product: CheckedProduct; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const productType = body.productType as ProductRecord['productType'];
  const ordering = (body.variantOptionOrdering ?? []).map((name) => name.trim());
  if (new Set(ordering).size !== ordering.length || ordering.some((name) => name === '')) errors.variantOptionOrdering = PRODUCT_RULE_MESSAGES.duplicateOption;

  const isSubscribable = body.isSubscribable ?? false;
  if (isSubscribable && !isSubscribableType(productType)) errors.isSubscribable = PRODUCT_RULE_MESSAGES.notSubscribable;
  else if (isSubscribable && !body.subscriptionPlan) errors.subscriptionPlan = PRODUCT_RULE_MESSAGES.planMissing;

  const form = body.additionalFieldsForm ?? null;
  if (form !== null) {
    const id = (form as { id?: unknown }).id;
    if (typeof id !== 'string' || id.trim() === '' || id.length > 64) errors.additionalFieldsForm = PRODUCT_RULE_MESSAGES.formId;
  }

  if (productType === PRODUCT_TYPES.digital && (body.variants.length !== 1 || ordering.length > 0)) errors.variants = PRODUCT_RULE_MESSAGES.digitalOneVariant;
  if (ordering.length === 0 && body.variants.length > 1 && !errors.variants) errors.variants = PRODUCT_RULE_MESSAGES.needsOptions;

  const skus = new Set<string>();
  const combinations = new Set<string>();
  const variants = body.variants.map((variant, index) => {
    const at = `variants.${index}`;
    const sku = variant.sku.trim();
    if (sku === '') errors[`${at}.sku`] = PRODUCT_RULE_MESSAGES.blankSku;
    else if (skus.has(sku)) errors[`${at}.sku`] = PRODUCT_RULE_MESSAGES.duplicateSku;
    skus.add(sku);
    const optionValues = (variant.optionValues ?? []).map(({ optionName, value }) => ({ optionName: optionName.trim(), value: value.trim() }));
    const matches = optionValues.length === ordering.length && optionValues.every((option, i) => option.optionName === ordering[i] && option.value !== '');
    if (!matches) errors[`${at}.optionValues`] = PRODUCT_RULE_MESSAGES.optionValuesMismatch(ordering);
    else if (ordering.length > 0) {
      const key = JSON.stringify(optionValues.map((option) => option.value));
      if (combinations.has(key)) errors[`${at}.optionValues`] = PRODUCT_RULE_MESSAGES.sameOptions;
      combinations.add(key);
    }
    const onSale = variant.onSale ?? false;
    const salePriceCents = variant.salePriceCents ?? 0;
    if (onSale && salePriceCents >= variant.priceCents) errors[`${at}.salePriceCents`] = PRODUCT_RULE_MESSAGES.saleNotBelow;
    if (options.creating && variant.id !== undefined) errors[`${at}.id`] = PRODUCT_RULE_MESSAGES.newVariantWithId;
    return {
      ...(variant.id !== undefined ? { id: variant.id } : {}),
      sku,
      optionValues,
      priceCents: variant.priceCents,
      salePriceCents,
      onSale,
      qtyInStock: variant.qtyInStock ?? 0,
      unlimited: variant.unlimited ?? false,
      imageIds: variant.imageIds ?? [],
      ...(variant.weightGrams !== undefined ? { weightGrams: variant.weightGrams } : {}),
    };
  });

  const tags = cleanLabels(body.tags, 'tags', PRODUCT_RULE_MESSAGES.blankTag, errors);
  const categories = cleanLabels(body.categories, 'categories', PRODUCT_RULE_MESSAGES.blankCategory, errors);

  return {
    errors,
    product: {
      record: {
        title: body.title.trim() || body.title,
        excerpt: body.excerpt ?? '',
        body: body.body ?? '',
        productType,
        // A product is on sale when any of its variants is (the product-level flag digital products read).
        onSale: body.onSale ?? variants.some((variant) => variant.onSale),
        isSubscribable,
        subscriptionPlan: isSubscribable && body.subscriptionPlan ? body.subscriptionPlan : null,
        additionalFieldsForm: form as { id: string } | null,
        useCustomAddButtonText: body.useCustomAddButtonText ?? false,
        customAddButtonText: body.customAddButtonText ?? '',
        variantOptionOrdering: ordering,
        merchandising: { ...(body.merchandising ?? {}) },
        tags: tags.slice(0, CATALOG_LIMITS.tagsPerProduct),
        categories,
      },
      variants,
    },
  };
}

/**
 * An address made from a title: lowercase letters and digits, words joined by hyphens, accents dropped
 * ('Linen Shirt — Navy' → 'linen-shirt-navy'); '' when nothing is left.
 */
export function urlIdOf(title: string, maxLength: number = CATALOG_LIMITS.urlIdLength): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}

/** `base`, or `base-N` with the smallest N ≥ 1 not taken (platform spec §5's rule for store urls). */
export function nextUnusedUrlId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
