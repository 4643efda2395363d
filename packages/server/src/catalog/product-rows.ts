import type { OptionValue, ProductImageRecord, SubscriptionPlan } from '../db/schema';

/**
 * A product as the catalog stores it, and the one mapping of it to table columns: the demo seed, the
 * owner's create and edit, and the CSV import all write products through here.
 */
export interface ProductRecord {
  urlId: string;
  title: string;
  excerpt: string;
  body: string;
  productType: 1 | 2 | 3 | 4 | 5;
  onSale: boolean;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  additionalFieldsForm: { id: string } | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  variantOptionOrdering: string[];
  merchandising: Record<string, unknown>;
  tags: string[];
  categories: string[];
  /** In display order: the first is the main image. */
  images: ProductImageRecord[];
}

export interface VariantRecord {
  sku: string;
  optionValues: OptionValue[];
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  imageIds: string[];
  /** Grams or null; undefined leaves an existing variant's weight as it is. */
  weightGrams?: number | null;
}

/** The products columns of a record (all but ids, store and display index). */
export function productColumns(record: ProductRecord, variants: readonly VariantRecord[]) {
  // The product-level price and sale price are its first variant's (digital products read them).
  const first = variants[0];
  return {
    url_id: record.urlId,
    title: record.title,
    excerpt: record.excerpt,
    body: record.body,
    // The main image is also the product's asset (the cart shows it beside each entry).
    asset_url: record.images[0]?.assetUrl ?? null,
    images: JSON.stringify(record.images),
    product_type: record.productType,
    price_cents: first?.priceCents ?? 0,
    sale_price_cents: first?.salePriceCents ?? 0,
    on_sale: record.onSale,
    is_subscribable: record.isSubscribable,
    subscription_plan: record.subscriptionPlan ? JSON.stringify(record.subscriptionPlan) : null,
    additional_fields_form_id: record.additionalFieldsForm?.id ?? null,
    additional_fields_form: record.additionalFieldsForm ? JSON.stringify(record.additionalFieldsForm) : null,
    use_custom_add_button_text: record.useCustomAddButtonText,
    custom_add_button_text: record.customAddButtonText,
    variant_option_ordering: JSON.stringify(record.variantOptionOrdering),
    merchandising: JSON.stringify(record.merchandising),
    tags: JSON.stringify(record.tags),
    categories: JSON.stringify(record.categories),
  };
}

/** The variants columns of a record, but its stock (written only when the variant is new). */
export function variantColumns(variant: VariantRecord, displayIndex: number) {
  return {
    sku: variant.sku,
    option_values: JSON.stringify(variant.optionValues),
    price_cents: variant.priceCents,
    sale_price_cents: variant.salePriceCents,
    on_sale: variant.onSale,
    unlimited: variant.unlimited,
    image_ids: JSON.stringify(variant.imageIds),
    display_index: displayIndex,
    ...(variant.weightGrams !== undefined ? { weight_grams: variant.weightGrams } : {}),
  };
}
