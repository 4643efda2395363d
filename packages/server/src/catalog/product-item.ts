import { isSoldOut } from '@vitrine/commerce';
import type { RuleProduct } from '@vitrine/commerce/types';
import { RESTOCK_DEFAULT_TEXTS, RESTOCK_TEXT_KEYS, type RestockTextKey } from '@vitrine/contracts';
import { DEFAULT_FOCAL_POINT, imageAltText } from '@vitrine/format/images';
import type { ProductImageRecord, ProductRow, SubscriptionPlan, VariantRow, Website } from '../db/schema';
import { moneyJson, type MoneyJson } from './money';

/**
 * One image of a product, as the item's `items` carry it (the storefront's ProductImage). The texts are
 * the merchant's own ('' when empty): the islands apply the alt-text fallback themselves.
 */
export interface ProductImageJson {
  id: string;
  /** An image item. */
  recordType: 2;
  assetUrl: string;
  altText: string;
  title: string;
  body: string;
  filename: string;
  originalSize: string;
  mediaFocalPoint: { x: number; y: number };
}

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
  /** The product's images in display order; the first is the main image. */
  items: ProductImageJson[];
  mainImageId?: string;
  /**
   * The first image, for the store grid. Its altText is already resolved (storefront.md §9: alt text,
   * then title, then body cut to 250 characters; never a file name — the product's name instead), because
   * the theme prints it as is.
   */
  mainImage?: ProductImageJson;
  excerpt: string;
  body: string;
  /** The page head's title and description ('' for the product's own: migration 036); never the structured data's. */
  seoTitle: string;
  seoDescription: string;
  /** The social picture (og:image), one of `items`; the main image when absent. */
  seoImageId?: string;
  /** The merchant's tags (platform.md §3 item fields). */
  tags: string[];
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
  /** One per sold-out variant while the product offers restock notices; hidden until its variant is chosen. */
  restockNotificationViews: RestockNotificationView[];
  /** The box's texts: the owner's, else the defaults (RESTOCK_DEFAULT_TEXTS). */
  restockNotificationMessages: Record<RestockTextKey, string>;
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
}

export interface RestockNotificationView {
  variantId: string;
  hiddenByDefault: boolean;
}

/**
 * Where the restock box goes (spec §3 "restock notification views"): with the product's switch on, one
 * view per variant the storefront counts as sold out (commerce's rule; digital products and gift cards
 * never are). A product with one variant shows its box at once; otherwise it waits for that variant to
 * be chosen.
 */
export function restockViewsOf(enabled: boolean, productType: number, variants: readonly VariantJson[]): RestockNotificationView[] {
  if (!enabled) return [];
  return variants
    .filter((variant) => isSoldOut({ structuredContent: { productType, variants: [variant] } }))
    .map((variant) => ({ variantId: variant.id, hiddenByDefault: variants.length > 1 }));
}

/** The owner's texts over the defaults; blank ones fall back. */
export function restockTextsOf(stored: unknown): Record<RestockTextKey, string> {
  const texts: Record<RestockTextKey, string> = { ...RESTOCK_DEFAULT_TEXTS };
  if (stored && typeof stored === 'object') {
    for (const key of RESTOCK_TEXT_KEYS) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim() !== '') texts[key] = value;
    }
  }
  return texts;
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

export function productImageJson(image: ProductImageRecord): ProductImageJson {
  return {
    id: image.id,
    recordType: 2,
    assetUrl: image.assetUrl,
    altText: image.altText ?? '',
    title: image.title ?? '',
    body: image.body ?? '',
    filename: image.filename ?? '',
    originalSize: image.originalSize ?? '',
    mediaFocalPoint: { ...DEFAULT_FOCAL_POINT },
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
  const images = (product.images ?? []).map(productImageJson);
  const variantsJson = variants.map((variant) => variantJson(variant, currency));
  const main = images[0];
  // The item's asset is its own when set, else its main image (the cart's entry picture reads asset_url).
  const assetUrl = product.asset_url ?? main?.assetUrl;
  return {
    id: product.id,
    collectionId: product.collection_id,
    recordType: 11,
    title: product.title,
    urlId: product.url_id,
    fullUrl: `/${collectionUrlId}/p/${product.url_id}`,
    ...(assetUrl ? { assetUrl } : {}),
    items: images,
    ...(main ? { mainImageId: main.id, mainImage: { ...main, altText: imageAltText(main, product.title) } } : {}),
    excerpt: product.excerpt,
    body: product.body,
    seoTitle: product.seo_title ?? '',
    seoDescription: product.seo_description ?? '',
    ...(product.seo_image_id && images.some((image) => image.id === product.seo_image_id) ? { seoImageId: product.seo_image_id } : {}),
    tags: product.tags ?? [],
    structuredContent: {
      productType: product.product_type,
      variants: variantsJson,
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
    restockNotificationViews: restockViewsOf(flag('restockNotificationsEnabled'), product.product_type, variantsJson),
    restockNotificationMessages: restockTextsOf(merchandising.restockNotificationMessages),
    mailingListSignUpEnabled: flag('mailingListSignUpEnabled'),
    mailingListOptInByDefault: flag('mailingListOptInByDefault'),
  };
}

/**
 * What the shared add-to-cart rules read of a product (commerce's RuleProduct), built from the rows
 * without the rest of the item JSON (images, merchandising, money strings): the cart's hot path.
 */
export function ruleProductOf(product: Pick<ProductRow, 'product_type' | 'additional_fields_form_id' | 'variant_option_ordering'>, variants: readonly VariantRow[]): RuleProduct {
  return {
    structuredContent: {
      productType: product.product_type,
      variants: variants.map((row) => {
        const attributes: Record<string, string> = {};
        for (const option of row.option_values) attributes[option.optionName] = option.value;
        return { id: row.id, sku: row.sku, attributes, optionValues: row.option_values, qtyInStock: row.qty_in_stock, unlimited: row.unlimited };
      }),
      additionalFieldsFormId: product.additional_fields_form_id,
      variantOptionOrdering: product.variant_option_ordering,
    },
  };
}
