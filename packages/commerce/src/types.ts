/**
 * The shapes the shop's rules read. They follow the Squarespace-style JSON that
 * product pages answer with `?format=json`, so the same functions serve the
 * server, the template engine and the browser islands.
 */

export const ProductType = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
} as const;
export type ProductTypeCode = (typeof ProductType)[keyof typeof ProductType];

/** A money value as the product JSON carries it: a decimal string in major units ("12.50"). */
export interface MoneyValue {
  value?: string;
  currency?: string;
}

export interface Variant {
  id?: string;
  sku?: string;
  attributes?: Record<string, string>;
  optionValues?: { optionName: string; value: string }[];
  /** Minor units. */
  price?: number;
  /** Minor units. */
  salePrice?: number;
  priceMoney?: MoneyValue;
  salePriceMoney?: MoneyValue;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
  imageIds?: string[];
}

export type BillingPeriodUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: BillingPeriodUnit };
  /** 0 means the subscription renews until cancelled. */
  numBillingCycles: number;
}

export interface StructuredContent {
  /** The reference data sometimes carries it as a string ("1"). */
  productType?: number | string;
  variants?: Variant[];
  onSale?: boolean;
  priceMoney?: MoneyValue;
  salePriceMoney?: MoneyValue;
  isSubscribable?: boolean;
  subscriptionPlan?: SubscriptionPlan;
  additionalFieldsFormId?: string | null;
  additionalFieldsForm?: unknown;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
  variantOptionOrdering?: string[];
}

export interface ProductItem {
  id?: string;
  collectionId?: string;
  title?: string;
  urlId?: string;
  structuredContent?: StructuredContent;
}

/**
 * What the add-to-cart rules read of a product, and nothing more: a caller (the server, inside its
 * transaction) builds this from its rows without building the whole item JSON. A ProductItem is one too.
 */
export interface RuleProduct {
  structuredContent?: Pick<StructuredContent, 'productType' | 'variants' | 'additionalFieldsFormId' | 'variantOptionOrdering'>;
}

export interface StoreSettings {
  /** Defaults to true when absent. */
  multipleQuantityAllowedForServices?: boolean;
}
