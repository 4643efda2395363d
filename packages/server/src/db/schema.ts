import type { ColumnType, Insertable, Selectable } from 'kysely';

/** Columns the database fills in by default. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: read as parsed JSON, written as a JSON string (the database may fill it in). */
type JsonDefaulted<T> = ColumnType<T, string | undefined, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OptionValue {
  optionName: string;
  value: string;
}

/** One image of a product (migration 003). Texts are '' when the merchant left them empty. */
export interface ProductImageRecord {
  id: string;
  assetUrl: string;
  altText: string;
  title: string;
  /** May be HTML (the image's description). */
  body: string;
  filename: string;
  /** 'WIDTHxHEIGHT' in pixels. */
  originalSize: string;
}

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  /** 0 means indefinite. */
  numBillingCycles: number;
}

export interface WebsiteSettings {
  multipleQuantityAllowedForServices?: boolean;
  afterPayAvailable?: boolean;
  afterPayMin?: number;
  afterPayMax?: number;
  stripeAccountCountry?: string;
  commentsEnabled?: boolean;
  /** Product buttons buy at once ('Purchase') instead of adding to the cart. */
  expressCheckout?: boolean;
  /** The cart refuses checkout below this subtotal (minor units). */
  minimumOrderSubtotalCents?: number;
  [key: string]: unknown;
}

export interface WebsitesTable {
  id: string;
  identifier: string;
  site_title: string;
  currency: Defaulted<string>;
  locale: Defaulted<string>;
  time_zone: Defaulted<string>;
  settings: JsonDefaulted<WebsiteSettings>;
  captcha_site_key: string | null;
  created_at: Timestamp;
}

export interface CollectionsTable {
  id: string;
  website_id: string;
  url_id: string;
  title: string;
  description: Defaulted<string>;
  type: Defaulted<number>;
  created_at: Timestamp;
}

export interface ProductsTable {
  id: string;
  website_id: string;
  collection_id: string;
  url_id: string;
  title: string;
  excerpt: Defaulted<string>;
  body: Defaulted<string>;
  asset_url: string | null;
  product_type: number;
  price_cents: Defaulted<number>;
  sale_price_cents: Defaulted<number>;
  on_sale: Defaulted<boolean>;
  is_subscribable: Defaulted<boolean>;
  subscription_plan: ColumnType<SubscriptionPlan | null, string | null | undefined, string | null>;
  additional_fields_form_id: string | null;
  additional_fields_form: ColumnType<unknown, string | null | undefined, string | null>;
  use_custom_add_button_text: Defaulted<boolean>;
  custom_add_button_text: Defaulted<string>;
  variant_option_ordering: JsonDefaulted<string[]>;
  merchandising: JsonDefaulted<Record<string, unknown>>;
  /** In display order; the first is the main image. */
  images: JsonDefaulted<ProductImageRecord[]>;
  display_index: Defaulted<number>;
  created_at: Timestamp;
}

export interface VariantsTable {
  id: string;
  website_id: string;
  product_id: string;
  sku: string;
  option_values: JsonDefaulted<OptionValue[]>;
  price_cents: Defaulted<number>;
  sale_price_cents: Defaulted<number>;
  on_sale: Defaulted<boolean>;
  qty_in_stock: Defaulted<number>;
  unlimited: Defaulted<boolean>;
  image_ids: JsonDefaulted<string[]>;
  display_index: Defaulted<number>;
}

export interface SiteUsersTable {
  id: string;
  website_id: string;
  email: string;
  password_hash: string;
  created_at: Timestamp;
}

export interface SiteUserSessionsTable {
  token_hash: string;
  website_id: string;
  site_user_id: string;
  xsrf_token: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export type CartKind = 'standard' | 'express' | 'subscription';

export interface CartsTable {
  id: string;
  website_id: string;
  token: string;
  kind: Defaulted<CartKind>;
  site_user_id: string | null;
  is_purchased: Defaulted<boolean>;
  order_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartEntriesTable {
  id: string;
  website_id: string;
  cart_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  additional_fields: string | null;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: string;
  website_id: string;
  purchased_cart_id: string;
  email: string;
  test_mode: boolean;
  currency: string;
  subtotal_cents: number;
  shipping_total_cents: Defaulted<number>;
  tax_total_cents: Defaulted<number>;
  grand_total_cents: number;
  payment_provider: string;
  payment_reference: string;
  created_at: Timestamp;
}

export interface OrderItemsTable {
  id: string;
  website_id: string;
  order_id: string;
  product_id: string;
  variant_id: string;
  sku: string;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  line_kind: string;
  subscription_plan: ColumnType<SubscriptionPlan | null, string | null | undefined, string | null>;
  additional_fields: string | null;
  position: Defaulted<number>;
}

export interface RateLimitsTable {
  /** The limiter's key with its window ('…#w10000@1700000000000') or back-off record ('…#backoff'). */
  key: string;
  /** A window's start; for a back-off record, the time of its latest allowed attempt. */
  window_start: number;
  hits: number;
  /** When the sweep may delete the row (ms since the epoch; migration 004). */
  expires_at: Defaulted<number>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Timestamp;
}

export interface Database {
  websites: WebsitesTable;
  collections: CollectionsTable;
  products: ProductsTable;
  variants: VariantsTable;
  site_users: SiteUsersTable;
  site_user_sessions: SiteUserSessionsTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  rate_limits: RateLimitsTable;
  server_secrets: ServerSecretsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type Website = Selectable<WebsitesTable>;
export type Collection = Selectable<CollectionsTable>;
/** images is optional: narrow selects (the cart's lines) leave it out; selectAll brings it. */
export type ProductRow = Omit<Selectable<ProductsTable>, 'images'> & { images?: ProductImageRecord[] };
export type VariantRow = Selectable<VariantsTable>;
export type CartRow = Selectable<CartsTable>;
export type CartEntryRow = Selectable<CartEntriesTable>;
export type NewProduct = Insertable<ProductsTable>;
export type NewVariant = Insertable<VariantsTable>;
