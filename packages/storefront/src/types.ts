import type { ProductItem, ShoppingCart, StoreSettings } from '@vitrine/commerce';
import type { RestockTextKey } from '@vitrine/contracts/shopper-messages';

/** An image of a product (the `items` of a product item). */
export interface ProductImage {
  id: string;
  assetUrl: string;
  altText?: string;
  title?: string;
  body?: string;
  filename?: string;
}

/** A product item as the page context carries it, with its images and merchandising fields. */
export interface StorefrontProduct extends ProductItem {
  fullUrl?: string;
  assetUrl?: string;
  items?: ProductImage[];
  scarcityEnabled?: boolean;
  /** Merchant text; `{qty}` (or `{quantity}`) is replaced by the units left. */
  scarcityText?: string;
  scarcityShownByDefault?: boolean;
  customSoldOutText?: string;
  /** Sold-out variants that offer the back-in-stock box (the server works them out). */
  restockNotificationViews?: Array<{ variantId: string; hiddenByDefault?: boolean }>;
  restockNotificationMessages?: Partial<Record<RestockTextKey, string>>;
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
}

/** One field of an additional-fields form (spec §3, Form). */
export interface FormField {
  id: string;
  type: string;
  title?: string;
  description?: string;
  required?: boolean;
  options?: string[];
  placeholder?: string;
}

export interface AdditionalFieldsForm {
  id?: string;
  name?: string;
  fields: FormField[];
}

/** Where a page's money and words come from. */
export interface StoreLocale {
  /** ISO 4217 store currency; default USD. */
  currency?: string;
  /** BCP 47 locale for formatting; default en-US. */
  locale?: string;
}

export type { ProductItem, ShoppingCart, StoreSettings };
