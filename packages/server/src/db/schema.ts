import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { PageBody } from '@vitrine/blocks';

/** Columns the database fills in by default. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: read as parsed JSON, written as a JSON string (the database may fill it in). */
type JsonDefaulted<T> = ColumnType<T, string | undefined, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb that must be given: read as parsed JSON, written as a JSON string. */
type JsonColumn<T> = ColumnType<T, string, string>;

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
  /** The site uses its own cart: the floating cart pill is not shown (storefront spec §2). */
  customCart?: boolean;
  /** Prices include tax (issue 17; checkout-settings/): tax is taken out of them rather than added. */
  pricesIncludeTax?: boolean;
  /** Issue 38 item 6: the manual payment method (orders/manual-payment.ts). */
  manualPaymentEnabled?: boolean;
  manualPaymentLabel?: string;
  manualPaymentInstructions?: string;
  manualPaymentExpiryDays?: number;
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
  /** Website status (platform §3; migration 030): paid 8 by default, internal 6 honours the test-variant override. */
  status: Defaulted<number>;
  /** Set by the operator (issue 32; migration 038): the website answers 503 until resumed. */
  suspended_at: NullableTimestamp;
  /** Soft deletion by the operator: the website answers like an unknown host; removed for good after a grace period. */
  deleted_at: NullableTimestamp;
  /** The site's identity (issue 33; migration 040): a tagline ('' for none) and three of its pictures, each null for none. */
  site_tagline: Defaulted<string>;
  logo_image_id: string | null;
  /** The logo's alt text (required while there is a logo: the header link's accessible name). */
  logo_alt_text: Defaulted<string>;
  favicon_image_id: string | null;
  social_image_id: string | null;
  /** What pages and mail need of those pictures, by image id (an id's address and size never change). */
  identity_pictures: ColumnType<IdentityPictures, string | undefined, string>;
  /** The live site styles (issue 33; migration 043), written at publish; null: the theme's defaults. */
  site_styles: ColumnType<PublishedSiteStyles | null, string | null | undefined, string | null>;
}

/** websites.site_styles: what pages need of the published style version (site-styles/). */
export interface PublishedSiteStyles {
  versionId: string;
  stylesheetUrl: string;
  preload: string[];
  options: Record<string, string | number | boolean>;
  /** The starter template of the live version (migration 046); absent or null: the theme's first. */
  templateId?: string | null;
}

/** A website's site styles (migration 043): its draft (published_at null) and every published version. */
export interface SiteStyleVersionsTable {
  id: string;
  website_id: string;
  style_values: ColumnType<Record<string, string | number | boolean>, string | undefined, string>;
  stylesheet: string;
  stylesheet_hash: string;
  created_at: Timestamp;
  created_by: string | null;
  published_at: NullableTimestamp;
  /** The starter template (theme.json `templates`) the values were made from (migration 046); null: none recorded. */
  template_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** websites.identity_pictures: the address (`/images/{id}/{file}`) and size of each identity picture, by image id. */
export type IdentityPictures = Record<string, { assetUrl: string; width: number; height: number }>;

/** A website's custom domains (issue 32; migration 038): proven by DNS TXT or an HTTP token, one may be primary. */
export interface WebsiteDomainsTable {
  website_id: string;
  host: string;
  verification_token: string;
  verified_at: NullableTimestamp;
  is_primary: Defaulted<boolean>;
  created_at: Timestamp;
}

export interface CollectionsTable {
  id: string;
  website_id: string;
  url_id: string;
  title: string;
  description: Defaulted<string>;
  type: Defaulted<number>;
  /** The title shown in navigation (store creation's navigationTitle; migration 008). */
  navigation_title: Defaulted<string>;
  created_at: Timestamp;
  /** The page head's own title, description and social picture; '' / null use the store's own (migration 036). */
  seo_title: Defaulted<string>;
  seo_description: Defaulted<string>;
  seo_image_id: Defaulted<string | null>;
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
  /** The merchant's tags (migration 005): searched, and shared tags make related products. */
  tags: JsonDefaulted<string[]>;
  /** The variants' distinct option values, kept by a trigger on variants (migration 006); never written. */
  option_values_text: ColumnType<string, never, never>;
  /** Generated by the database from title, tags, option values, excerpt and body (migrations 005, 006); never written. */
  search_document: ColumnType<string | null, never, never>;
  display_index: Defaulted<number>;
  created_at: Timestamp;
  /** Set while archived: the product is off the storefront (migration 008). */
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The merchant's categories, each ≤ 25 characters (migration 008). */
  categories: JsonDefaulted<string[]>;
  /** The page head's own title, description and social picture; '' / null use the product's own (migration 036). */
  seo_title: Defaulted<string>;
  seo_description: Defaulted<string>;
  seo_image_id: Defaulted<string | null>;
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
  /** Grams; null when not given (weight-based shipping counts it as 0). Migration 026. */
  weight_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Set when the owner reshaped the product's options while a cart, order, restock sign-up or subscription pointed
   * at this variant (migration 036): it is kept for them, never sold, listed or counted. Null: on sale.
   */
  archived_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A store's categories (migration 008): store creation makes its ROOT category. */
export interface CategoriesTable {
  id: string;
  website_id: string;
  collection_id: string;
  parent_category_id: string | null;
  display_name: string;
  type: 'ROOT' | 'CATEGORY';
  page_rendering: Defaulted<string>;
  display_index: Defaulted<number>;
  created_at: Timestamp;
}

export interface SiteUsersTable {
  id: string;
  website_id: string;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  /** The authenticator secret, sealed (AES-256-GCM; site-users/totp.ts); set from the start of set-up (migration 012). */
  totp_secret_sealed: string | null;
  /** When two-step sign-in was turned on; null while off (or only begun). */
  totp_enabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The time step of the last code accepted: each code works once. */
  totp_last_step: Defaulted<number>;
  /** The platform account this site user is (migration 042): one per account and website; null for the website's own accounts. */
  platform_account_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SiteUserSessionsTable {
  token_hash: string;
  website_id: string;
  site_user_id: string;
  xsrf_token: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** A site user's contributor role on a website (migration 007; codes in @vitrine/contracts' owner-roles.ts). */
export interface ContributorsTable {
  website_id: string;
  site_user_id: string;
  role: number;
  created_at: Timestamp;
}

/** One-time links that make their holder a contributor; only the token's hash is stored (migration 007). */
export interface OwnerInvitationsTable {
  token_hash: string;
  website_id: string;
  role: number;
  email: string | null;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  /** The checkout answers so far (migration 021; cart/checkout-state.ts). */
  checkout: ColumnType<CartCheckoutState, string | undefined, string>;
}

/** A postal address as checkout takes it (cart/checkout-state.ts validates it). */
export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  /** ISO 3166-2 subdivision without the country prefix, or null where the country has none asked. */
  region: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone?: string | null;
}

/** What the shopper has told checkout so far (carts.checkout). */
export interface CartCheckoutState {
  email?: string;
  shippingAddress?: PostalAddress;
  /** Absent: the same as the shipping address. */
  billingAddress?: PostalAddress | null;
  selectedShippingOptionId?: string | null;
  couponCodes?: string[];
  giftCardCodes?: string[];
}

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired';

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
  /** placed, fulfilled, cancelled or refunded (migration 010; orders/order-status.ts). */
  status: Defaulted<OrderStatus>;
  fulfilled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** What has been refunded so far, at most grand_total_cents (migration 010). */
  refunded_cents: Defaulted<number>;
  /** The human number, 1001, 1002, … per website (migration 020; orders/order-number.ts). */
  order_number: number;
  // Migration 021 (issue 17 checkout):
  discount_total_cents: Defaulted<number>;
  /** What gift cards paid of the grand total; the provider was asked for the rest. */
  gift_card_total_cents: Defaulted<number>;
  shipping_address: ColumnType<PostalAddress | null, string | null | undefined, string | null>;
  billing_address: ColumnType<PostalAddress | null, string | null | undefined, string | null>;
  shipping_option: ColumnType<{ id: string; name: string; amountCents: number } | null, string | null | undefined, string | null>;
  coupon_codes: ColumnType<string[], string | undefined, string>;
  payment_status: Defaulted<PaymentStatus>;
  payment_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  payment_customer_reference: string | null;
  /** Migration 027: the signed-in site user who placed it, if any. */
  site_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 060: the automatic discounts it got and what each took off. */
  automatic_discounts: JsonDefaulted<OrderAutomaticDiscount[]>;
  /** Migration 061: a manual method's label and the owner's instructions as they were when the order was placed. */
  payment_method_label: ColumnType<string | null, string | null | undefined, string | null>;
  payment_instructions: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An automatic discount as an order keeps it (migration 060). */
export interface OrderAutomaticDiscount {
  id: string;
  title: string;
  kind: AutomaticDiscountKindRecord;
  discountCents: number;
}

/** Each website's next order number (migration 020). */
export interface WebsiteOrderCountersTable {
  website_id: string;
  next_number: Defaulted<number>;
}

export type OrderStatus = 'placed' | 'partially_fulfilled' | 'fulfilled' | 'cancelled' | 'refunded';

export type OrderEventKind =
  | 'fulfilled' | 'partially_fulfilled' | 'cancelled' | 'refunded' | 'paid'
  | 'return_requested' | 'return_approved' | 'return_declined' | 'return_received' | 'return_refunded';

/** One parcel of an order (migration 053; orders/fulfilments.ts). */
export interface OrderFulfilmentsTable {
  id: string;
  website_id: string;
  order_id: string;
  carrier: string;
  tracking_number: Defaulted<string>;
  tracking_url: string | null;
  actor_label: string;
  created_at: Timestamp;
}

export interface OrderFulfilmentLinesTable {
  fulfilment_id: string;
  order_item_id: string;
  quantity: number;
}

export type OrderReturnStatus = 'requested' | 'approved' | 'declined' | 'received' | 'refunded';

/** A shopper's return (migration 053; orders/returns.ts). */
export interface OrderReturnsTable {
  id: string;
  website_id: string;
  order_id: string;
  status: Defaulted<OrderReturnStatus>;
  reason: string;
  note: Defaulted<string>;
  decline_message: Defaulted<string>;
  refunded_cents: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderReturnLinesTable {
  return_id: string;
  order_item_id: string;
  quantity: number;
  restock: Defaulted<boolean>;
}

/** An order's history: fulfilment, cancellation, refunds (migration 010). */
export interface OrderEventsTable {
  id: string;
  website_id: string;
  order_id: string;
  kind: OrderEventKind;
  amount_cents: number | null;
  /** A refund's idempotency key: unique per order. */
  idempotency_key: string | null;
  payment_reference: string | null;
  note: Defaulted<string>;
  actor_label: string;
  created_at: Timestamp;
}

/** API keys (migration 010): only the secret's SHA-256 is kept. */
export interface ApiKeysTable {
  id: string;
  website_id: string;
  name: string;
  secret_hash: string;
  /** 'vk_' and the secret's first characters, to tell keys apart. */
  display_prefix: string;
  /** Permission names (@vitrine/contracts owner-roles.ts). */
  scopes: ColumnType<string[], string, string>;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The dynamic ads feed's token and the saved pixel id, one row per website (migration 010). */
export interface ProductFeedsTable {
  website_id: string;
  token: string;
  pixel_id: string | null;
  updated_at: Timestamp;
}

/** A publishable key of the headless read API (migration 057; headless/): kept as it is, it grants only public reads. */
export interface HeadlessKeysTable {
  id: string;
  website_id: string;
  name: string;
  /** 'vpk_' and 32 base64url characters. */
  token: string;
  created_at: Timestamp;
}

/** The origins a browser may call the headless API from, one row per website (migration 057). */
export interface HeadlessSettingsTable {
  website_id: string;
  allowed_origins: JsonDefaulted<string[]>;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  id: string;
  website_id: string;
  order_id: string;
  /** NULL once the product was deleted for good (migration 059): the line keeps its own snapshot. */
  product_id: string | null;
  variant_id: string | null;
  sku: string;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  line_kind: string;
  subscription_plan: ColumnType<SubscriptionPlan | null, string | null | undefined, string | null>;
  additional_fields: string | null;
  position: Defaulted<number>;
  /** Migration 021: the discount allocated to this line and its tax. */
  discount_cents: Defaulted<number>;
  tax_cents: Defaulted<number>;
  /** Migration 027: the option values the shopper chose, kept with the line. */
  option_values: JsonDefaulted<OptionValue[]>;
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

/** One navigation of the site layout (migration 009); field_name 'mainNav' is the main navigation. */
export interface SiteNavigationsTable {
  website_id: string;
  field_name: string;
  template_id: Defaulted<string>;
  items: JsonDefaulted<unknown[]>;
  updated_at: Timestamp;
}

/** The owner's header and footer HTML, stored sanitised (migration 009). */
export interface SiteHeaderFooterTable {
  website_id: string;
  header_html: Defaulted<string>;
  footer_html: Defaulted<string>;
  /** The footer the owner edits (migration 056: columns of links, social links, legal text); null: made from the site's pages. */
  footer_layout: ColumnType<SiteFooterLayout | null, string | null | undefined, string | null>;
  /** The announcement bar above the header (migration 063); null: none saved, no bar. */
  announcement: ColumnType<SiteAnnouncement | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface SiteAnnouncement {
  enabled: boolean;
  text: string;
  linkLabel: string;
  linkUrl: string;
  colourTheme: 'light' | 'dark' | 'accent';
}

export interface SiteFooterLayout {
  columns: Array<{ title: string; links: Array<{ label: string; url: string }> }>;
  social: Array<{ network: 'instagram' | 'facebook' | 'x' | 'tiktok' | 'youtube' | 'pinterest' | 'linkedin'; url: string }>;
  legalText: string;
}

/** The site's extra languages and the translation service's connection (migration 009). */
export interface SiteLanguagesTable {
  website_id: string;
  languages: JsonDefaulted<string[]>;
  translation_disconnected: Defaulted<boolean>;
  updated_at: Timestamp;
}

/** A signed-in site user's language (migration 009). */
export interface SiteUserLocalesTable {
  website_id: string;
  site_user_id: string;
  language: string;
  updated_at: Timestamp;
}

/** The website's pictures (migration 011); the bytes are in the image store (images/store.ts). */
export interface ImagesTable {
  id: string;
  website_id: string;
  filename: string;
  content_type: string;
  width: number;
  height: number;
  focal_x: Defaulted<number>;
  focal_y: Defaulted<number>;
  /** { topLeft, topRight, bottomLeft, bottomRight, center } as '#rrggbb'. */
  color_data: ColumnType<ImageColorData, string, string>;
  alt_text: Defaulted<string>;
  title: Defaulted<string>;
  body: Defaulted<string>;
  /** The media library's name of the picture (migration 056): renamable, unlike `filename`, which is in its address. */
  name: Defaulted<string>;
  /** A picture shipped with the server (demo-assets/), rendered into the store on first request; null for uploads. */
  bundled_source: string | null;
  list_position: ColumnType<number, never, never>;
  /** The stored original's size in bytes (migration 039, for the storage quota); 0 for bundled pictures and older uploads. */
  byte_size: ColumnType<string | number, number | undefined, number>;
  created_at: Timestamp;
}

export interface ImageColorData {
  topLeft: string;
  topRight: string;
  bottomLeft: string;
  bottomRight: string;
  center: string;
}

/** Mail waiting to go, being sent, sent or given up (migration 013; mail/outbox.ts). */
export interface MailOutboxTable {
  id: string;
  /** Null for the platform's own mail (an account's confirmation or password reset; migration 042). */
  website_id: ColumnType<string | null, string | null, string | null>;
  kind: 'transactional' | 'marketing';
  template: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: JsonDefaulted<Record<string, string>>;
  status: Defaulted<'pending' | 'sending' | 'sent' | 'failed' | 'suppressed'>;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** When the mail worker last claimed a website's mail (migration 039): the rounds serve the longest-waiting websites first. */
export interface MailWebsiteTurnsTable {
  website_id: string;
  last_claimed_at: Timestamp;
}

/** When a website last had webhook deliveries claimed (migration 058; webhooks/delivery-job.ts's fair claim). */
export interface WebhookWebsiteTurnsTable {
  website_id: string;
  last_claimed_at: Timestamp;
}

/** Operator-set quotas of a website (migration 039; quotas/): null is the platform's default (QUOTA_* in the environment). */
export interface WebsiteQuotasTable {
  website_id: string;
  max_products: number | null;
  /** bigint: pg answers a string. */
  max_storage_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  max_contributors: number | null;
  max_mails_per_day: number | null;
  updated_at: Timestamp;
}

/** Addresses not to write to (migration 013). */
export interface MailSuppressionsTable {
  website_id: string;
  email: string;
  reason: 'unsubscribed' | 'hard-bounce' | 'complaint';
  created_at: Timestamp;
}

/** One-time password-reset tokens, as hashes (migration 014; site-users/password-reset.ts). */
export interface PasswordResetsTable {
  token_hash: string;
  website_id: string;
  site_user_id: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** Back-in-stock sign-ups (migration 015; restock/). */
export interface RestockSignupsTable {
  id: string;
  website_id: string;
  product_id: string;
  variant_id: string;
  email: string;
  join_mailing_list: Defaulted<boolean>;
  language: string | null;
  created_at: Timestamp;
  notified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Captcha solutions already accepted, kept until their challenge expires (migration 016; captcha/). */
export interface CaptchaSolutionsUsedTable {
  nonce: string;
  website_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** The newsletter list (migration 015; newsletter/). */
export interface NewsletterSubscribersTable {
  website_id: string;
  email: string;
  source: string;
  created_at: Timestamp;
  /** Double opt-in (migration 017): 'pending' until the address confirms; 'unsubscribed' keeps the record of it. */
  status: Defaulted<'pending' | 'confirmed' | 'unsubscribed'>;
  form_id: string | null;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
  /** Segments of campaigns (migration 064). */
  tags: Defaulted<string[]>;
  language: string | null;
}

/** Site forms (migration 017; forms/): the definition is @vitrine/forms' FormDefinition. */
export interface FormsTable {
  id: string;
  website_id: string;
  kind: 'form' | 'newsletter';
  definition: JsonColumn<FormDefinitionRecord>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** The stored definition (kept structural here; @vitrine/forms owns its shape and rules). */
export type FormDefinitionRecord = Record<string, unknown>;

export interface FormSubmissionKeysTable {
  key_hash: string;
  website_id: string;
  visitor: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}

export interface FormSubmissionsTable {
  id: string;
  website_id: string;
  form_id: string;
  form_name: string;
  fields: JsonColumn<unknown[]>;
  answers: JsonColumn<Record<string, unknown>>;
  page: JsonColumn<Record<string, string>>;
  visitor: string;
  user_agent: Defaulted<string>;
  is_spam: Defaulted<boolean>;
  spam_reason: string | null;
  created_at: Timestamp;
}

// The website's content (issue 18, migration 028; content/). Bodies are @vitrine/blocks' PageBody.
export type ContentStatus = 'published' | 'draft' | 'scheduled' | 'needs-review' | 'private';
export type SitePageKind = 'page' | 'splash' | 'blog' | 'events' | 'gallery' | 'folder' | 'course';

export interface SitePagesTable {
  id: string;
  website_id: string;
  kind: SitePageKind;
  url_id: string;
  title: string;
  navigation_title: Defaulted<string>;
  description: Defaulted<string>;
  /** Folders: index 1, redirect 2, none 3. */
  folder_behaviour: Defaulted<number>;
  status: Defaulted<ContentStatus>;
  publish_at: NullableTimestamp;
  seo_title: Defaulted<string>;
  seo_description: Defaulted<string>;
  body: ColumnType<PageBody, string | undefined, string>;
  draft_body: ColumnType<PageBody | null, string | null | undefined, string | null>;
  version: Defaulted<number>;
  is_home: Defaulted<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** An event's place (platform §3, event item fields). */
export interface EventLocation {
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: number | null;
  mapLng: number | null;
}

/** An item's main image: an uploaded image (images/) with its alt text and focal point. */
export interface ContentImageRef {
  imageId: string;
  altText: string;
  focalPoint: { x: number; y: number };
}

export interface SiteItemsTable {
  id: string;
  website_id: string;
  collection_id: string;
  /** Record types: text 1 (post), event 12, gallery 14. */
  record_type: number;
  url_id: string;
  title: string;
  status: Defaulted<ContentStatus>;
  publish_at: NullableTimestamp;
  published_at: NullableTimestamp;
  excerpt: Defaulted<string>;
  body: ColumnType<PageBody, string | undefined, string>;
  draft_body: ColumnType<PageBody | null, string | null | undefined, string | null>;
  version: Defaulted<number>;
  author_name: Defaulted<string>;
  tags: Defaulted<string[]>;
  categories: Defaulted<string[]>;
  comment_state: Defaulted<number>;
  starred: Defaulted<boolean>;
  start_at: NullableTimestamp;
  end_at: NullableTimestamp;
  location: ColumnType<EventLocation | null, string | null | undefined, string | null>;
  image: ColumnType<ContentImageRef | null, string | null | undefined, string | null>;
  seo_title: Defaulted<string>;
  seo_description: Defaulted<string>;
  position: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ContentRevisionsTable {
  id: string;
  website_id: string;
  target_kind: 'page' | 'item';
  target_id: string;
  version: number;
  /** published, unpublished, restored, scheduled */
  reason: string;
  snapshot: JsonColumn<Record<string, unknown>>;
  created_by: string | null;
  created_at: Timestamp;
}

/** The website's popup overlay (issue 18, migration 029; popup-overlay/): one row per website. */
export interface PopupOverlaysTable {
  website_id: string;
  enabled: Defaulted<boolean>;
  version: Defaulted<number>;
  layout: Defaulted<'image-left' | 'image-right' | 'image-top' | 'none'>;
  heading: Defaulted<string>;
  body: Defaulted<string>;
  image_id: string | null;
  action_kind: Defaulted<'button' | 'newsletter'>;
  button_label: Defaulted<string>;
  button_url: Defaulted<string>;
  form_id: string | null;
  trigger_kind: Defaulted<'delay' | 'scroll'>;
  delay_seconds: Defaulted<number>;
  scroll_percent: Defaulted<number>;
  position: Defaulted<string>;
  pages: Defaulted<'all' | 'home' | 'not-cart'>;
  overlay_color: Defaulted<string>;
  overlay_opacity: Defaulted<number>;
  updated_at: Timestamp;
}

// Shopper analytics (issue 15, migration 018; analytics/). Raw rows carry no client address.
/** Generated identity keys: never written. */
type Generated<T> = ColumnType<T, never, never>;

export interface AnalyticsHitsTable {
  id: Generated<number>;
  website_id: string;
  /** page-view, button-click, button-render, form-render, overlay, quick-view */
  kind: string;
  received_at: Timestamp;
  visitor_id: string | null;
  visit_number: number | null;
  page_path: Defaulted<string>;
  referrer_host: string | null;
  user_agent: Defaulted<string>;
  is_bot: Defaulted<boolean>;
  item_id: string | null;
  data: JsonDefaulted<Record<string, unknown>>;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  website_id: string;
  event_id: string;
  /** clanker or legacy */
  tracker: string;
  schema_name: string;
  received_at: Timestamp;
  occurred_at: NullableTimestamp;
  visitor_id: string | null;
  visit_number: number | null;
  analytics_id: string | null;
  session_id: string | null;
  page_path: Defaulted<string>;
  product_id: string | null;
  user_agent: Defaulted<string>;
  is_bot: Defaulted<boolean>;
  content: JsonColumn<Record<string, unknown>>;
}

export interface AnalyticsFailedEventsTable {
  id: Generated<number>;
  website_id: string;
  received_at: Timestamp;
  /** clanker, legacy, census, performance, js-error */
  source: string;
  schema_name: string | null;
  reason: string;
  errors: ColumnType<Record<string, string> | null, string | null, string | null>;
  body: string;
  user_agent: Defaulted<string>;
}

export interface AnalyticsJsErrorsTable {
  website_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  fingerprint: string;
  message: string;
  first_frame: string;
  sample_stack: Defaulted<string>;
  page_path: Defaulted<string>;
  count: Defaulted<number>;
  bot_count: Defaulted<number>;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface AnalyticsPerformanceTable {
  id: Generated<number>;
  website_id: string;
  received_at: Timestamp;
  page_load_id: string;
  app: string;
  event: string;
  metric: string | null;
  value: number | null;
  page_path: Defaulted<string>;
  is_bot: Defaulted<boolean>;
  client_ts: number | null;
  data: JsonDefaulted<unknown>;
}

export interface AnalyticsDailyTotalsTable {
  website_id: string;
  day: string;
  visits: number;
  unique_visitors: number;
  page_views: number;
  product_views: number;
  add_to_cart: number;
  product_view_visits: number;
  add_to_cart_visits: number;
  checkout_visits: number;
  orders: number;
  revenue_cents: number;
  currency: string;
  events: number;
  failed_events: number;
  bot_hits: number;
  js_errors: number;
  computed_at: Timestamp;
}

export interface AnalyticsDailyCountsTable {
  website_id: string;
  day: string;
  /** page, referrer, device, browser, os, product-view, product-add, js-error */
  dimension: string;
  key: string;
  label: Defaulted<string>;
  detail: Defaulted<string>;
  count: number;
}

export interface AnalyticsDailyVitalsTable {
  website_id: string;
  day: string;
  metric: string;
  /** '' for every page together. */
  page_path: string;
  samples: number;
  p75: number;
  /** Log-spaced buckets (analytics/vitals-histogram.ts): bucket index → samples. */
  histogram: JsonColumn<Record<string, number>>;
}

export interface AnalyticsRollupJobsTable {
  website_id: string;
  day: string;
  due_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  claim_token: string | null;
  attempts: Defaulted<number>;
  last_error: string | null;
  computed_at: NullableTimestamp;
}

/** Checkout settings (migration 019; checkout-settings/): shipping zones and their rates. */
export interface ShippingZonesTable {
  id: string;
  website_id: string;
  name: string;
  /** [{ country, regions: string[] | null }] */
  locations: JsonColumn<ShippingLocationRecord[]>;
  position: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShippingLocationRecord {
  country: string;
  regions: string[] | null;
}

export interface ShippingRatesTable {
  id: string;
  zone_id: string;
  name: string;
  kind: 'flat' | 'weight' | 'free-over';
  amount_cents: Defaulted<number>;
  free_over_cents: number | null;
  weight_tiers: ColumnType<WeightTierRecord[] | null, string | null | undefined, string | null>;
  position: Defaulted<number>;
}

export interface WeightTierRecord {
  upToGrams: number;
  amountCents: number;
}

export interface TaxRulesTable {
  id: string;
  website_id: string;
  name: string;
  country: string;
  region: string | null;
  rate_basis_points: number;
  shipping_taxable: Defaulted<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CouponScopeRecord = { kind: 'all' } | { kind: 'products'; productIds: string[] } | { kind: 'collections'; collectionIds: string[] };

export interface CouponsTable {
  id: string;
  website_id: string;
  code: string;
  code_normalised: string;
  kind: 'percentage' | 'fixed' | 'free-shipping';
  percent_basis_points: number | null;
  amount_cents: number | null;
  min_subtotal_cents: number | null;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  usage_limit: number | null;
  per_customer_limit: number | null;
  scope: JsonDefaulted<CouponScopeRecord>;
  active: Defaulted<boolean>;
  times_used: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 060: stacks on automatic discounts (otherwise the better of the two applies). */
  combines_with_automatic: Defaulted<boolean>;
}

export type AutomaticDiscountKindRecord = 'spend-over' | 'buy-x-get-y' | 'quantity-tiers' | 'free-shipping';

/** A website's own version of an editable mail template (migration 062; mail/owner-templates.ts). */
export interface MailTemplatesTable {
  website_id: string;
  name: string;
  subject: string;
  blocks: JsonColumn<unknown[]>;
  updated_at: Defaulted<Date>;
  updated_by: string | null;
  last_fallback_reason: string | null;
  last_fallback_at: Date | null;
}

/** Newsletter campaigns (migration 064; newsletter/campaigns*.ts). */
export interface NewsletterCampaignsTable {
  id: string;
  website_id: string;
  status: Defaulted<'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled'>;
  subject: string;
  preheader: Defaulted<string>;
  blocks: JsonColumn<unknown[]>;
  audience: JsonColumn<Record<string, string>>;
  track_opens: Defaulted<boolean>;
  links: ColumnType<string[], string | undefined, string>;
  send_at: NullableTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A campaign's sending job (migration 064): claimed FOR UPDATE SKIP LOCKED, one round per transaction. */
export interface NewsletterCampaignJobsTable {
  campaign_id: string;
  website_id: string;
  run_at: Timestamp;
  expanded: Defaulted<boolean>;
  rounds: Defaulted<number>;
}

/** A campaign's recipients (migration 064): one row per (campaign, address). */
export interface NewsletterCampaignRecipientsTable {
  campaign_id: string;
  website_id: string;
  email: string;
  status: Defaulted<'pending' | 'queued' | 'skipped'>;
  mail_id: string | null;
  queued_at: NullableTimestamp;
  clicks: Defaulted<number>;
  first_clicked_at: NullableTimestamp;
  opened_at: NullableTimestamp;
}

/** A website's automatic discounts (migration 060; discounts/). */
export interface AutomaticDiscountsTable {
  id: string;
  website_id: string;
  title: string;
  kind: AutomaticDiscountKindRecord;
  active: Defaulted<boolean>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  min_subtotal_cents: number | null;
  percent_basis_points: number | null;
  amount_cents: number | null;
  buy_quantity: number | null;
  get_quantity: number | null;
  scope: JsonDefaulted<CouponScopeRecord>;
  tiers: ColumnType<{ minQuantity: number; percentBasisPoints: number }[] | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CouponRedemptionsTable {
  coupon_id: string;
  order_id: string;
  /** Trimmed, lower case. */
  customer_email: string;
  created_at: Timestamp;
}

/** A payment provider's webhook event already acted on, per website (migration 022; payments/). */
export interface PaymentEventsTable {
  provider: string;
  website_id: string;
  event_id: string;
  type: string;
  order_id: string | null;
  outcome: string;
  note: Defaulted<string>;
  received_at: Timestamp;
}

/** A gift card (migration 024; gift-cards/): only a keyed hash of its code and the last four characters are kept. */
export interface GiftCardsTable {
  id: string;
  website_id: string;
  code_hash: string;
  code_last4: string;
  initial_cents: number;
  balance_cents: number;
  currency: string;
  order_id: string | null;
  order_item_id: string | null;
  unit_index: number | null;
  purchaser_email: string | null;
  recipient_email: string | null;
  recipient_name: string | null;
  sender_name: string | null;
  message: string | null;
  /** YYYY-MM-DD, the store's calendar. */
  send_on: string | null;
  delivery_mail_id: string | null;
  disabled_at: NullableTimestamp;
  created_at: Timestamp;
}

/** What an order took from a gift card; released_at once given back (migration 024). */
export interface GiftCardRedemptionsTable {
  id: string;
  website_id: string;
  gift_card_id: string;
  order_id: string;
  amount_cents: number;
  created_at: Timestamp;
  released_at: NullableTimestamp;
}

/** The gift card page's "Send to someone else", per cart being bought (migration 024). */
export interface GiftCardDeliveriesTable {
  cart_id: string;
  website_id: string;
  recipient_email: string;
  recipient_name: string | null;
  sender_name: string | null;
  message: string | null;
  send_on: string;
  updated_at: Timestamp;
}

/** A digital product's file (migration 023; downloads/): its bytes are in the download store under storage_key. */
export interface ProductFilesTable {
  id: string;
  website_id: string;
  product_id: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  storage_key: string;
  download_limit: Defaulted<number>;
  link_days: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 045 (themes/): a theme archive an admin uploaded, for its website only. */
export interface WebsiteThemesTable {
  id: string;
  website_id: string;
  name: string;
  version: string;
  byte_size: number;
  sha256: string;
  storage_key: string;
  uploaded_at: Timestamp;
  uploaded_by: string | null;
}

/** Migration 045: the theme a website renders with (null or no row: the default theme). */
export interface WebsiteThemeChoicesTable {
  website_id: string;
  theme_id: string | null;
  chosen_at: Timestamp;
}

/** What a paid digital order line grants (migration 023): downloads until expires_at, at most download_limit. */
export interface DownloadGrantsTable {
  id: string;
  website_id: string;
  order_id: string;
  order_item_id: string;
  product_file_id: string | null;
  expires_at: Timestamp;
  download_limit: number;
  downloads_used: Defaulted<number>;
  created_at: Timestamp;
}

/** Subscriptions (migration 025; subscriptions/): started by a paid order's subscription line, renewed by a job. */
export type SubscriptionStatus = 'active' | 'cancelled' | 'completed' | 'past_due';

export interface SubscriptionsTable {
  id: string;
  website_id: string;
  first_order_id: string;
  order_item_id: string;
  product_id: string;
  variant_id: string;
  product_name: string;
  sku: string;
  email: string;
  site_user_id: string | null;
  plan: JsonColumn<SubscriptionPlan>;
  quantity: number;
  unit_price_cents: number;
  currency: string;
  test_mode: boolean;
  status: Defaulted<SubscriptionStatus>;
  /** Cycles paid so far; the first order is cycle 1. */
  cycles_billed: Defaulted<number>;
  /** 0 = indefinite. */
  total_cycles: Defaulted<number>;
  started_at: Timestamp;
  next_renewal_at: NullableTimestamp;
  failed_attempts: Defaulted<number>;
  payment_reference: string;
  customer_reference: string | null;
  created_at: Timestamp;
  cancelled_at: NullableTimestamp;
  cancelled_by: 'shopper' | 'owner' | 'payment' | null;
  completed_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  claim_token: string | null;
  attempts: Defaulted<number>;
}

export interface SubscriptionRenewalsTable {
  id: string;
  website_id: string;
  subscription_id: string;
  cycle: number;
  attempt: number;
  status: 'paid' | 'failed';
  order_id: string | null;
  reference: string | null;
  message: Defaulted<string>;
  attempted_at: Timestamp;
}

// Experiments, feature flags and session replay (issue 19, migration 030; experiments/).
export interface ExperimentsTable {
  id: string;
  website_id: string | null;
  name: string;
  experiment_type: 'FEATURE_TOGGLE' | 'AB_TEST';
  variants: JsonColumn<Array<{ name: string; weight: number }>>;
  segment: ColumnType<{ name: string; rules: Record<string, unknown> } | null, string | null | undefined, string | null>;
  status: Defaulted<'draft' | 'running' | 'stopped'>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  conversion_event: Defaulted<string>;
  version: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ExperimentExposuresTable {
  website_id: string;
  experiment_id: string;
  analytics_id: string;
  variant: string;
  exposed_at: Timestamp;
}

export interface WebsiteFeatureFlagsTable {
  website_id: string;
  code: number;
  enabled: boolean;
  updated_at: Timestamp;
}

export interface ReplaySessionsTable {
  id: string;
  website_id: string;
  analytics_id: string;
  started_at: Timestamp;
  last_event_at: Timestamp;
  first_path: Defaulted<string>;
  user_agent: Defaulted<string>;
  event_count: Defaulted<number>;
  byte_count: ColumnType<string | number, number | undefined, number | string>;
}

export interface ReplayBatchesTable {
  session_id: string;
  sequence: number;
  events: JsonColumn<unknown[]>;
  received_at: Timestamp;
}

/** Issue 20 item 1 (migration 031, members/): member areas, the pages they gate, memberships, page passwords. */
export interface MemberAreasTable {
  id: string;
  website_id: string;
  name: string;
  description: Defaulted<string>;
  access: Defaulted<'free' | 'paid'>;
  paywall_product_id: ColumnType<string | null, string | null | undefined, string | null>;
  join_button_text: Defaulted<string>;
  duration_days: ColumnType<number | null, number | null | undefined, number | null>;
  version: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MemberAreaPagesTable {
  member_area_id: string;
  page_id: string;
  website_id: string;
  position: Defaulted<number>;
}

export interface MembershipsTable {
  id: string;
  website_id: string;
  member_area_id: string;
  site_user_id: string;
  source: 'sign-up' | 'order' | 'subscription' | 'owner';
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  status: Defaulted<'active' | 'ended'>;
  started_at: Timestamp;
  ends_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  ended_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PageLocksTable {
  page_id: string;
  website_id: string;
  password_hash: string;
  version: Defaulted<number>;
  updated_at: Timestamp;
}

// Courses and lessons (issue 20 item 2, migration 032; courses/).
export type ObjectRemovalKind = 'picture' | 'download' | 'lesson-video';

/** An object a deletion left behind, removed by the object-removal sweep (migration 059, storage/removal-sweep.ts). */
export interface ObjectRemovalsTable {
  id: string;
  website_id: string;
  kind: ObjectRemovalKind;
  /** A picture's image id; a download's or a lesson video's storage key. */
  ref: string;
  attempts: Defaulted<number>;
  last_error: Defaulted<string | null>;
  not_before: Timestamp;
  created_at: Timestamp;
}

export type LessonVideoSource = 'none' | 'file' | 'embed';

export interface LessonVideosTable {
  id: string;
  website_id: string;
  item_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LessonDetailsTable {
  item_id: string;
  website_id: string;
  video_source: Defaulted<LessonVideoSource>;
  embed_url: string | null;
  duration_seconds: number | null;
  is_preview: Defaulted<boolean>;
  chapter: Defaulted<string>;
  updated_at: Timestamp;
}

export interface LessonProgressTable {
  site_user_id: string;
  item_id: string;
  website_id: string;
  position_seconds: Defaulted<number>;
  completed_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** Issue 20 item 4 (migration 034): comments on blog posts; the email is never shown publicly. */
export type PostCommentStatus = 'pending' | 'approved' | 'hidden' | 'spam';
export interface PostCommentsTable {
  id: string;
  website_id: string;
  item_id: string;
  parent_id: string | null;
  depth: Defaulted<number>;
  status: Defaulted<PostCommentStatus>;
  site_user_id: string | null;
  author_name: string;
  author_email: string;
  body: string;
  by_owner: Defaulted<boolean>;
  user_agent: Defaulted<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One like per visitor (or site user) and post (migration 034). */
export interface PostLikesTable {
  website_id: string;
  item_id: string;
  liker: string;
  created_at: Timestamp;
}

/** A person's account on the platform itself (migration 042; accounts/): one sign-in for many websites. */
export interface PlatformAccountsTable {
  id: string;
  email: string;
  password_hash: string;
  confirmed_at: NullableTimestamp;
  totp_secret_sealed: string | null;
  totp_enabled_at: NullableTimestamp;
  totp_last_step: Defaulted<number>;
  created_at: Timestamp;
  /** Migration 044: since when the account is a platform operator (the /operator page); null: not one. */
  operator_since: NullableTimestamp;
}

/** The requests a website answered on one UTC day, added to by every process (migration 044; request-days/). */
export interface WebsiteRequestDaysTable {
  website_id: string;
  /** The UTC day; read it with to_char(day, 'YYYY-MM-DD'): PGlite and pg parse a date differently. */
  day: ColumnType<string | Date, string, string>;
  /** bigint: pg answers a string. */
  requests: ColumnType<string | number, number, number>;
}

/** A website's URL redirect rule (migration 049; redirects/). */
export interface UrlRedirectsTable {
  id: string;
  website_id: string;
  /** As the owner wrote it. */
  source: string;
  /** What requests are matched on: lower case, decoded, no trailing slash; a wildcard's ends in "/*". */
  source_key: string;
  target: string;
  status: number;
  keep_query: Defaulted<boolean>;
  origin: 'owner' | 'automatic' | 'import';
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A path that answered 404, counted per website (migration 049; redirects/not-found-counter.ts). */
export interface NotFoundPathsTable {
  id: string;
  website_id: string;
  path: string;
  /** bigint: pg answers a string. */
  hits: ColumnType<string | number, number, number>;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

/** A signed-in browser on the platform's host; only the token's hash is stored (migration 042). */
export interface PlatformSessionsTable {
  token_hash: string;
  account_id: string;
  xsrf_token: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** An account's one-time mailed links (migration 042). */
export interface PlatformAccountTokensTable {
  token_hash: string;
  account_id: string;
  purpose: 'confirm-email' | 'password-reset';
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** One-time hand-offs from the platform's host to a website's /config (migration 042). */
export interface PlatformHandoffsTable {
  token_hash: string;
  account_id: string;
  website_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface Database {
  experiments: ExperimentsTable;
  experiment_exposures: ExperimentExposuresTable;
  website_feature_flags: WebsiteFeatureFlagsTable;
  replay_sessions: ReplaySessionsTable;
  replay_batches: ReplayBatchesTable;
  websites: WebsitesTable;
  site_style_versions: SiteStyleVersionsTable;
  website_domains: WebsiteDomainsTable;
  website_quotas: WebsiteQuotasTable;
  collections: CollectionsTable;
  products: ProductsTable;
  variants: VariantsTable;
  site_users: SiteUsersTable;
  site_user_sessions: SiteUserSessionsTable;
  contributors: ContributorsTable;
  owner_invitations: OwnerInvitationsTable;
  // Issue 32: the platform's accounts (migration 042).
  platform_accounts: PlatformAccountsTable;
  platform_sessions: PlatformSessionsTable;
  platform_account_tokens: PlatformAccountTokensTable;
  platform_handoffs: PlatformHandoffsTable;
  website_request_days: WebsiteRequestDaysTable;
  // Issue 37: URL redirects and the not-found report (migration 049).
  url_redirects: UrlRedirectsTable;
  not_found_paths: NotFoundPathsTable;
  // Issue 12 tables, one block per domain (catalog management, orders, API keys, images, site settings):
  images: ImagesTable;
  site_navigations: SiteNavigationsTable;
  site_header_footer: SiteHeaderFooterTable;
  site_languages: SiteLanguagesTable;
  site_user_locales: SiteUserLocalesTable;
  order_events: OrderEventsTable;
  order_fulfilments: OrderFulfilmentsTable;
  order_fulfilment_lines: OrderFulfilmentLinesTable;
  order_returns: OrderReturnsTable;
  order_return_lines: OrderReturnLinesTable;
  api_keys: ApiKeysTable;
  product_feeds: ProductFeedsTable;
  headless_keys: HeadlessKeysTable;
  headless_settings: HeadlessSettingsTable;
  categories: CategoriesTable;
  mail_outbox: MailOutboxTable;
  mail_suppressions: MailSuppressionsTable;
  mail_website_turns: MailWebsiteTurnsTable;
  password_resets: PasswordResetsTable;
  restock_signups: RestockSignupsTable;
  captcha_solutions_used: CaptchaSolutionsUsedTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  forms: FormsTable;
  form_submission_keys: FormSubmissionKeysTable;
  form_submissions: FormSubmissionsTable;
  site_pages: SitePagesTable;
  site_items: SiteItemsTable;
  content_revisions: ContentRevisionsTable;
  lesson_videos: LessonVideosTable;
  object_removals: ObjectRemovalsTable;
  lesson_details: LessonDetailsTable;
  lesson_progress: LessonProgressTable;
  popup_overlays: PopupOverlaysTable;
  post_comments: PostCommentsTable;
  post_likes: PostLikesTable;
  member_areas: MemberAreasTable;
  member_area_pages: MemberAreaPagesTable;
  memberships: MembershipsTable;
  page_locks: PageLocksTable;
  // Issue 15: shopper analytics (raw rows, rollups, rollup jobs).
  analytics_hits: AnalyticsHitsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_failed_events: AnalyticsFailedEventsTable;
  analytics_js_errors: AnalyticsJsErrorsTable;
  analytics_performance: AnalyticsPerformanceTable;
  analytics_daily_totals: AnalyticsDailyTotalsTable;
  analytics_daily_counts: AnalyticsDailyCountsTable;
  analytics_daily_vitals: AnalyticsDailyVitalsTable;
  analytics_rollup_jobs: AnalyticsRollupJobsTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  website_order_counters: WebsiteOrderCountersTable;
  rate_limits: RateLimitsTable;
  server_secrets: ServerSecretsTable;
  schema_migrations: SchemaMigrationsTable;
  shipping_zones: ShippingZonesTable;
  shipping_rates: ShippingRatesTable;
  tax_rules: TaxRulesTable;
  coupons: CouponsTable;
  automatic_discounts: AutomaticDiscountsTable;
  mail_templates: MailTemplatesTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_campaign_jobs: NewsletterCampaignJobsTable;
  newsletter_campaign_recipients: NewsletterCampaignRecipientsTable;
  coupon_redemptions: CouponRedemptionsTable;
  payment_events: PaymentEventsTable;
  subscriptions: SubscriptionsTable;
  subscription_renewals: SubscriptionRenewalsTable;
  gift_cards: GiftCardsTable;
  gift_card_redemptions: GiftCardRedemptionsTable;
  gift_card_deliveries: GiftCardDeliveriesTable;
  product_files: ProductFilesTable;
  website_themes: WebsiteThemesTable;
  website_theme_choices: WebsiteThemeChoicesTable;
  download_grants: DownloadGrantsTable;
  product_reviews: ProductReviewsTable;
  product_review_summaries: ProductReviewSummariesTable;
  review_requests: ReviewRequestsTable;
  // Issue 38 item 3: abandoned-cart recovery (migration 055).
  abandoned_cart_settings: AbandonedCartSettingsTable;
  abandoned_cart_reminders: AbandonedCartRemindersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  webhook_website_turns: WebhookWebsiteTurnsTable;
  // Issue 37 item 4: whole-site archives (migration 054).
  site_archives: SiteArchivesTable;
  // Session 19, issue 37 item 5: WXR imports (migration 058).
  site_imports: SiteImportsTable;
}

/** Migration 033 (reviews/): a buyer's review of one order line, or an imported one; moderated by the owner. */
export interface ProductReviewsTable {
  id: string;
  website_id: string;
  product_id: string;
  order_id: string | null;
  order_item_id: string | null;
  source: Defaulted<'buyer' | 'imported'>;
  rating: number;
  title: string;
  body: string;
  reviewer_name: string;
  status: Defaulted<'pending' | 'approved' | 'hidden'>;
  reply: string | null;
  replied_at: NullableTimestamp;
  moderated_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Migration 033: each product's approved reviews, counted on moderation (the store cards' summary). */
export interface ProductReviewSummariesTable {
  website_id: string;
  product_id: string;
  review_count: Defaulted<number>;
  rating_total: Defaulted<number>;
}

/** Migration 033: a paid order's review-request mail, waiting for its delay (reviews/requests.ts). */
export interface AbandonedCartSettingsTable {
  website_id: string;
  /** 1, 4 or 24; null: reminders off. */
  delay_hours: number | null;
  /** When reminders were last switched on; only carts left after it are reminded. */
  enabled_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface AbandonedCartRemindersTable {
  cart_id: string;
  website_id: string;
  email: string;
  status: Defaulted<'queued' | 'sent' | 'skipped'>;
  skip_reason: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  restored_at: NullableTimestamp;
}

export interface ReviewRequestsTable {
  order_id: string;
  website_id: string;
  status: Defaulted<'waiting' | 'mailed' | 'skipped'>;
  paid_at: Timestamp;
  mailed_at: NullableTimestamp;
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

/** Migration 048 (webhooks/): an owner's webhook endpoint; its secrets sealed with the server secret 'webhooks'. */
export interface WebhookEndpointsTable {
  id: string;
  website_id: string;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  /** Webhook event types (@vitrine/contracts webhooks.ts). */
  events: ColumnType<string[], string, string>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: string | null;
  secret_sealed: string;
  secret_prefix: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 048: one event, its id the webhook-id header, its body the exact bytes POSTed. */
export interface WebhookEventsTable {
  id: string;
  website_id: string;
  type: string;
  body: string;
  created_at: Timestamp;
}

/** Migration 048: the queue, one delivery of an event to an endpoint. */
export interface WebhookDeliveriesTable {
  id: string;
  website_id: string;
  endpoint_id: string;
  event_id: string;
  status: ColumnType<'pending' | 'sending' | 'delivered' | 'failed', 'pending' | undefined, 'pending' | 'sending' | 'delivered' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** Migration 048: the delivery log, one row per attempt. */
export interface WebhookDeliveryAttemptsTable {
  id: string;
  website_id: string;
  delivery_id: string;
  attempt: number;
  attempted_at: Timestamp;
  response_status: number | null;
  response_body: ColumnType<string, string | undefined, string>;
  duration_ms: number;
  error: string | null;
}

/** Migration 058 (site-imports/): a WordPress or Squarespace export (WXR) waiting for, or written by, the import job. */
export interface SiteImportsTable {
  id: string;
  website_id: string;
  source: Defaulted<'wxr'>;
  status: Defaulted<'queued' | 'running' | 'done' | 'failed'>;
  site_title: Defaulted<string>;
  /** What the file holds, checked and bounded (site-imports/wxr-plan.ts WxrPlan). */
  plan: ColumnType<unknown, string, string>;
  steps_done: Defaulted<number>;
  steps_total: Defaulted<number>;
  /** The report once done (contracts SiteImportReportJson). */
  report: ColumnType<unknown, string | null | undefined, string | null>;
  failure: string | null;
  attempts: Defaulted<number>;
  claimed_until: NullableTimestamp;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** Migration 054 (site-archives/): an export of a whole website, queued by the owner and written by a background job. */
export interface SiteArchivesTable {
  id: string;
  website_id: string;
  status: Defaulted<'queued' | 'running' | 'ready' | 'failed'>;
  include_personal_data: Defaulted<boolean>;
  steps_done: Defaulted<number>;
  steps_total: Defaulted<number>;
  storage_key: string | null;
  byte_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  failure: string | null;
  attempts: Defaulted<number>;
  claimed_until: NullableTimestamp;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}
