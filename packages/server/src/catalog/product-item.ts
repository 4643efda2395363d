import type { ProductRow, SubscriptionPlan, VariantRow, Website } from '../db/schema';
import { moneyJson, type MoneyJson } from './money';

/** A variant as the product JSON carries it (contract shared with template and islands). */
export interface VariantJson {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  optionValues: { optionName: string; value: string }[];
  price: number;
  salePrice: number;
  onSale: boolean;
  priceMoney: MoneyJson;
  salePriceMoney: MoneyJson;
  qtyInStock: number;
  unlimited: boolean;
  imageIds: string[];
}

export interface ProductItemJson {
  id: string;
  collectionId: string;
  recordType: 11;
  title: string;
  urlId: string;
  fullUrl: string;
  assetUrl?: string;
  excerpt: string;
  body: string;
  structuredContent: {
    productType: number;
    variants: VariantJson[];
    onSale: boolean;
    priceMoney: MoneyJson;
    salePriceMoney: MoneyJson;
    isSubscribable: boolean;
    subscriptionPlan?: SubscriptionPlan;
    additionalFieldsFormId?: string;
    additionalFieldsForm?: unknown;
    useCustomAddButtonText: boolean;
    customAddButtonText: string;
    variantOptionOrdering: string[];
  };
  // Merchandising context (spec §3), spread on the item.
  scarcityEnabled: boolean;
  scarcityText: string;
  scarcityShownByDefault: boolean;
  customSoldOutText: string;
  restockNotificationViews: unknown[];
  restockNotificationMessages: Record<string, string>;
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
}

export function variantJson(row: VariantRow, currency: string): VariantJson {
  const attributes: Record<string, string> = {};
  for (const option of row.option_values) attributes[option.optionName] = option.value;
  return {
    id: row.id,
    sku: row.sku,
    attributes,
    optionValues: row.option_values,
    price: row.price_cents,
    salePrice: row.sale_price_cents,
    onSale: row.on_sale,
    priceMoney: moneyJson(row.price_cents, currency),
    salePriceMoney: moneyJson(row.sale_price_cents, currency),
    qtyInStock: row.qty_in_stock,
    unlimited: row.unlimited,
    imageIds: row.image_ids,
  };
}

/** The Squarespace-shaped store item for one product and its variants (in display order). */
export function productItemJson(
  product: ProductRow,
  variants: readonly VariantRow[],
  website: Pick<Website, 'currency'>,
  collectionUrlId: string,
): ProductItemJson {
  const currency = website.currency;
  const merchandising = product.merchandising as Record<string, unknown>;
  const flag = (key: string) => merchandising[key] === true;
  const text = (key: string) => (typeof merchandising[key] === 'string' ? (merchandising[key] as string) : '');
  return {
    id: product.id,
    collectionId: product.collection_id,
    recordType: 11,
    title: product.title,
    urlId: product.url_id,
    fullUrl: `/${collectionUrlId}/p/${product.url_id}`,
    ...(product.asset_url ? { assetUrl: product.asset_url } : {}),
    excerpt: product.excerpt,
    body: product.body,
    structuredContent: {
      productType: product.product_type,
      variants: variants.map((variant) => variantJson(variant, currency)),
      onSale: product.on_sale,
      priceMoney: moneyJson(product.price_cents, currency),
      salePriceMoney: moneyJson(product.sale_price_cents, currency),
      isSubscribable: product.is_subscribable,
      ...(product.subscription_plan ? { subscriptionPlan: product.subscription_plan } : {}),
      ...(product.additional_fields_form_id
        ? { additionalFieldsFormId: product.additional_fields_form_id, additionalFieldsForm: product.additional_fields_form }
        : {}),
      useCustomAddButtonText: product.use_custom_add_button_text,
      customAddButtonText: product.custom_add_button_text,
      variantOptionOrdering: product.variant_option_ordering,
    },
    scarcityEnabled: flag('scarcityEnabled'),
    scarcityText: text('scarcityText'),
    scarcityShownByDefault: flag('scarcityShownByDefault'),
    customSoldOutText: text('customSoldOutText'),
    restockNotificationViews: Array.isArray(merchandising.restockNotificationViews)
      ? (merchandising.restockNotificationViews as unknown[])
      : [],
    restockNotificationMessages:
      typeof merchandising.restockNotificationMessages === 'object' && merchandising.restockNotificationMessages
        ? (merchandising.restockNotificationMessages as Record<string, string>)
        : {},
    mailingListSignUpEnabled: flag('mailingListSignUpEnabled'),
    mailingListOptInByDefault: flag('mailingListOptInByDefault'),
  };
}
