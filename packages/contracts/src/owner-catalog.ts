import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { RESTOCK_TEXT_KEYS } from './shopper-messages';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, NO_NUL_PATTERN, RequestBody, RequestParams, RequestQuery, ResponseObject, Text, type FieldMessage } from './fields';
import { SeoBodyProperties, SeoFieldsSchema } from './seo';

/**
 * Catalog management (issue 12): products of every type with their variants, stock, the inventory
 * panel's list, store creation at the platform's paths (spec §4, §5, §7), and the product CSV in
 * Shopify's format.
 */

const tags = ['owner-catalog'];

/** Limits of catalog management: platform spec §5 for tags and categories, ours for the rest. */
export const CATALOG_LIMITS = {
  /** Platform spec §5. */
  tagLength: 50,
  /** Platform spec §5. */
  categoryLength: 25,
  tagsPerProduct: 100,
  categoriesPerProduct: 100,
  titleLength: 200,
  urlIdLength: 200,
  /** Excerpt and body are HTML. */
  excerptLength: 10_000,
  bodyLength: 60_000,
  variantsPerProduct: 250,
  /** Three options, as Shopify's CSV carries (Option1–Option3). */
  optionsPerProduct: 3,
  optionTextLength: 100,
  /** Ten million dollars in cents: far above any shop's price, far below JavaScript's safe integers. */
  maxPriceCents: 1_000_000_000,
  maxStock: 1_000_000_000,
  /** A million kilograms: any parcel, far below JavaScript's safe integers. */
  maxWeightGrams: 1_000_000_000,
  maxBillingPeriodValue: 365,
  maxBillingCycles: 1_000,
  textLength: 1_000,
  inventoryPageSize: 50,
  inventoryMaxPageSize: 200,
  /** A CSV import: 5 MB, about 20 000 rows. */
  csvMaxBytes: 5 * 1024 * 1024,
} as const;

/** Platform spec §3: physical 1, digital 2, service 3, gift card 4. */
/** PAYWALL 5 (platform §3) is a membership: sold only by a member area's join button (members/), never listed. */
export const PRODUCT_TYPES = { physical: 1, digital: 2, service: 3, giftCard: 4, paywall: 5 } as const;

export const OWNER_CATALOG_MESSAGES = {
  productType: 'productType must be 1 (physical), 2 (digital), 3 (service), 4 (gift card) or 5 (membership).',
  title: `Title must be 1–${CATALOG_LIMITS.titleLength} characters.`,
  urlId: `urlId must be 1–${CATALOG_LIMITS.urlIdLength} lowercase letters, digits and hyphens.`,
  excerpt: `excerpt must be at most ${CATALOG_LIMITS.excerptLength} characters.`,
  body: `body must be at most ${CATALOG_LIMITS.bodyLength} characters.`,
  storeId: 'storeId must be a store id.',
  onSale: 'onSale must be true or false.',
  variantOptionOrdering: `variantOptionOrdering must list at most ${CATALOG_LIMITS.optionsPerProduct} option names, each 1–${CATALOG_LIMITS.optionTextLength} characters.`,
  variants: `A product needs 1–${CATALOG_LIMITS.variantsPerProduct} variants, each with a sku, whole-cent prices from 0 to ${CATALOG_LIMITS.maxPriceCents}, its option values, and a weight in whole grams or none.`,
  isSubscribable: 'isSubscribable must be true or false.',
  subscriptionPlan: `subscriptionPlan must be null or { billingPeriod: { value: 1–${CATALOG_LIMITS.maxBillingPeriodValue}, unit: WEEK, MONTH or YEAR }, numBillingCycles: 0–${CATALOG_LIMITS.maxBillingCycles} }.`,
  additionalFieldsForm: 'additionalFieldsForm must be null or a form object with an id.',
  useCustomAddButtonText: 'useCustomAddButtonText must be true or false.',
  customAddButtonText: `customAddButtonText must be at most ${CATALOG_LIMITS.textLength} characters.`,
  merchandising: 'merchandising must hold only the merchandising fields, with their types.',
  tags: `tags must be at most ${CATALOG_LIMITS.tagsPerProduct} tags of 1–${CATALOG_LIMITS.tagLength} characters.`,
  categories: `categories must be at most ${CATALOG_LIMITS.categoriesPerProduct} categories of 1–${CATALOG_LIMITS.categoryLength} characters.`,
  productId: 'productId must be a product id.',
  variantId: 'variantId must be a variant id.',
  qtyInStock: `qtyInStock must be a whole number from 0 to ${CATALOG_LIMITS.maxStock}.`,
  unlimited: 'unlimited must be true or false.',
  weightGrams: `weightGrams must be null or a whole number of grams from 0 to ${CATALOG_LIMITS.maxWeightGrams}.`,
  delta: `delta must be a whole number from -${CATALOG_LIMITS.maxStock} to ${CATALOG_LIMITS.maxStock}, not 0.`,
  websiteId: 'websiteId must be a website id.',
  collectionId: 'collectionId must be a store id.',
  navigationTitle: `navigationTitle must be at most ${CATALOG_LIMITS.titleLength} characters.`,
  storeTitle: `title must be at most ${CATALOG_LIMITS.titleLength} characters.`,
  storeUrlId: `urlId must be at most ${CATALOG_LIMITS.urlIdLength} characters.`,
  description: `description must be at most ${CATALOG_LIMITS.excerptLength} characters.`,
  enabled: 'enabled must be true.',
  displayName: `displayName must be 1–${CATALOG_LIMITS.categoryLength} characters.`,
  parentCategoryId: 'parentCategoryId must be left unset for a root category.',
  categoryType: 'type must be ROOT.',
  pageRendering: 'pageRendering must be LIST_VIEW.',
  displayIndex: 'displayIndex must be 1.',
  csv: "Send the products as a CSV file (Content-Type text/csv) in Shopify's product format.",
} as const;

const withMessage = (message: FieldMessage) => ({ [MESSAGE_KEYWORD]: message });
/** A string from a closed list (an enum keeps the NUL-free pattern the contracts' tests ask for). */
const OneOf = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', pattern: NO_NUL_PATTERN, enum: [...values], ...options });
const Cents = (options: Record<string, unknown> = {}) => Type.Integer({ minimum: 0, maximum: CATALOG_LIMITS.maxPriceCents, ...options });
const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

// ---------------------------------------------------------------------------------------------
// Products: what an owner sends

export const OptionValueBodySchema = RequestBody({
  optionName: Text({ minLength: 1, maxLength: CATALOG_LIMITS.optionTextLength }),
  value: Text({ minLength: 1, maxLength: CATALOG_LIMITS.optionTextLength }),
});

export const VariantBodySchema = RequestBody({
  /** An existing variant's id when editing; new variants leave it out. */
  id: Optional(Text({ minLength: 1, maxLength: LIMITS.idLength })),
  sku: Text({ minLength: 1, maxLength: LIMITS.skuLength }),
  optionValues: Optional(Type.Array(OptionValueBodySchema, { maxItems: CATALOG_LIMITS.optionsPerProduct })),
  priceCents: Cents(),
  salePriceCents: Optional(Cents()),
  onSale: Optional(Type.Boolean()),
  /** A new variant's stock; an existing variant's stock changes through the stock calls only. */
  qtyInStock: Optional(Type.Integer({ minimum: 0, maximum: CATALOG_LIMITS.maxStock })),
  unlimited: Optional(Type.Boolean()),
  imageIds: Optional(Type.Array(Text({ minLength: 1, maxLength: LIMITS.idLength }), { maxItems: 20 })),
  /** Grams, for weight-based shipping rates; null clears it; left out keeps an existing variant's weight. */
  weightGrams: Optional(Type.Union([Type.Integer({ minimum: 0, maximum: CATALOG_LIMITS.maxWeightGrams }), Type.Null()], { [MESSAGE_KEYWORD]: OWNER_CATALOG_MESSAGES.weightGrams })),
});
export type VariantBody = Static<typeof VariantBodySchema>;

export const SubscriptionPlanBodySchema = RequestBody({
  billingPeriod: RequestBody({
    value: Type.Integer({ minimum: 1, maximum: CATALOG_LIMITS.maxBillingPeriodValue }),
    unit: OneOf(['WEEK', 'MONTH', 'YEAR'] as const),
  }),
  numBillingCycles: Type.Integer({ minimum: 0, maximum: CATALOG_LIMITS.maxBillingCycles }),
});

const MerchandisingText = () => Text({ maxLength: CATALOG_LIMITS.textLength });
export const MerchandisingBodySchema = Type.Object({
  scarcityEnabled: Optional(Type.Boolean()),
  scarcityText: Optional(MerchandisingText()),
  scarcityShownByDefault: Optional(Type.Boolean()),
  customSoldOutText: Optional(MerchandisingText()),
  /**
   * The restock box on this product's sold-out variants (issue 13). The server works out the views (one
   * per sold-out variant) from this switch and the stock; the owner writes only the texts.
   */
  restockNotificationsEnabled: Optional(Type.Boolean()),
  restockNotificationMessages: Optional(Type.Object(
    Object.fromEntries(RESTOCK_TEXT_KEYS.map((key) => [key, Optional(MerchandisingText())])),
    { additionalProperties: false },
  )),
  mailingListSignUpEnabled: Optional(Type.Boolean()),
  mailingListOptInByDefault: Optional(Type.Boolean()),
}, { additionalProperties: false, ...withMessage(OWNER_CATALOG_MESSAGES.merchandising) });
export type MerchandisingBody = Static<typeof MerchandisingBodySchema>;

/** The additional-fields form: free-form, as the form builder writes it, with its id (checked in code). */
export const AdditionalFieldsFormBodySchema = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], withMessage(OWNER_CATALOG_MESSAGES.additionalFieldsForm));

/** A product as the owner writes it: creating sends it all; editing (PUT) sends it all again. */
export const ProductBodySchema = RequestBody({
  productType: Type.Integer({ minimum: 1, maximum: 5, ...withMessage(OWNER_CATALOG_MESSAGES.productType) }),
  title: Text({ minLength: 1, maxLength: CATALOG_LIMITS.titleLength, ...withMessage(OWNER_CATALOG_MESSAGES.title) }),
  /** The address under its store (`/shop/p/{urlId}`); made from the title when left out. */
  urlId: Optional(Text({ minLength: 1, maxLength: CATALOG_LIMITS.urlIdLength, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', ...withMessage(OWNER_CATALOG_MESSAGES.urlId) })),
  excerpt: Optional(Text({ maxLength: CATALOG_LIMITS.excerptLength, ...withMessage(OWNER_CATALOG_MESSAGES.excerpt) })),
  body: Optional(Text({ maxLength: CATALOG_LIMITS.bodyLength, ...withMessage(OWNER_CATALOG_MESSAGES.body) })),
  /** The store (product collection); the oldest store when left out. */
  storeId: Optional(Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_CATALOG_MESSAGES.storeId) })),
  onSale: Optional(Type.Boolean(withMessage(OWNER_CATALOG_MESSAGES.onSale))),
  variantOptionOrdering: Optional(
    Type.Array(Text({ minLength: 1, maxLength: CATALOG_LIMITS.optionTextLength }), {
      maxItems: CATALOG_LIMITS.optionsPerProduct,
      ...withMessage(OWNER_CATALOG_MESSAGES.variantOptionOrdering),
    }),
  ),
  variants: Type.Array(VariantBodySchema, { minItems: 1, maxItems: CATALOG_LIMITS.variantsPerProduct, ...withMessage(OWNER_CATALOG_MESSAGES.variants) }),
  /** Pictures uploaded to the website (POST /api/owner/images), in display order, the first the main one; kept when left out. */
  imageIds: Optional(
    Type.Array(Text({ minLength: 1, maxLength: LIMITS.idLength }), { maxItems: 20, ...withMessage('imageIds lists at most 20 picture ids.') }),
  ),
  isSubscribable: Optional(Type.Boolean(withMessage(OWNER_CATALOG_MESSAGES.isSubscribable))),
  subscriptionPlan: Optional(Type.Union([SubscriptionPlanBodySchema, Type.Null()], withMessage(OWNER_CATALOG_MESSAGES.subscriptionPlan))),
  additionalFieldsForm: Optional(AdditionalFieldsFormBodySchema),
  useCustomAddButtonText: Optional(Type.Boolean(withMessage(OWNER_CATALOG_MESSAGES.useCustomAddButtonText))),
  customAddButtonText: Optional(Text({ maxLength: CATALOG_LIMITS.textLength, ...withMessage(OWNER_CATALOG_MESSAGES.customAddButtonText) })),
  merchandising: Optional(MerchandisingBodySchema),
  tags: Optional(
    Type.Array(Text({ minLength: 1, maxLength: CATALOG_LIMITS.tagLength }), { maxItems: CATALOG_LIMITS.tagsPerProduct, ...withMessage(OWNER_CATALOG_MESSAGES.tags) }),
  ),
  categories: Optional(
    Type.Array(Text({ minLength: 1, maxLength: CATALOG_LIMITS.categoryLength }), {
      maxItems: CATALOG_LIMITS.categoriesPerProduct,
      ...withMessage(OWNER_CATALOG_MESSAGES.categories),
    }),
  ),
  /** The page head's title, description and social picture (seo.ts); each left out keeps what is stored. */
  ...SeoBodyProperties,
});
export type ProductBody = Static<typeof ProductBodySchema>;

// ---------------------------------------------------------------------------------------------
// Products: what the owner reads

export const OwnerVariantSchema = ResponseObject({
  id: Type.String(),
  sku: Type.String(),
  optionValues: Type.Array(ResponseObject({ optionName: Type.String(), value: Type.String() })),
  priceCents: Type.Integer(),
  salePriceCents: Type.Integer(),
  onSale: Type.Boolean(),
  qtyInStock: Type.Integer(),
  unlimited: Type.Boolean(),
  imageIds: Type.Array(Type.String()),
  /** Grams, or null when not given. */
  weightGrams: Type.Union([Type.Integer(), Type.Null()]),
});
export type OwnerVariantJson = Static<typeof OwnerVariantSchema>;

export const OwnerProductSchema = ResponseObject({
  id: Type.String(),
  storeId: Type.String(),
  productType: Type.Integer(),
  title: Type.String(),
  urlId: Type.String(),
  /** The storefront address. */
  fullUrl: Type.String(),
  excerpt: Type.String(),
  body: Type.String(),
  onSale: Type.Boolean(),
  variantOptionOrdering: Type.Array(Type.String()),
  variants: Type.Array(OwnerVariantSchema),
  isSubscribable: Type.Boolean(),
  subscriptionPlan: Type.Union([Type.Unknown(), Type.Null()]),
  additionalFieldsForm: Type.Union([Type.Unknown(), Type.Null()]),
  useCustomAddButtonText: Type.Boolean(),
  customAddButtonText: Type.String(),
  merchandising: Type.Record(Type.String(), Type.Unknown()),
  tags: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  /** The product's pictures in display order, the first the main one (the asset fields the storefront shows). */
  images: Type.Array(ResponseObject({
    id: Type.String(), assetUrl: Type.String(), altText: Type.String(), title: Type.String(), body: Type.String(), filename: Type.String(), originalSize: Type.String(),
  })),
  /** ISO time, or null while on sale in the storefront. */
  archivedAt: Type.Union([Type.String(), Type.Null()]),
  ...SeoFieldsSchema.properties,
});
export type OwnerProductJson = Static<typeof OwnerProductSchema>;

export const OwnerProductReplySchema = ResponseObject({ product: OwnerProductSchema });
export type OwnerProductReply = Static<typeof OwnerProductReplySchema>;

const ProductParamsSchema = RequestParams({ productId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_CATALOG_MESSAGES.productId) }) });
const VariantParamsSchema = RequestParams({ variantId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_CATALOG_MESSAGES.variantId) }) });

export const createProductContract = defineContract({
  operationId: 'createProduct',
  method: 'POST',
  url: '/api/owner/products',
  summary: 'Creates a product of any type with its variants, prices, stock, subscription plan, form, merchandising, tags and categories.',
  tags,
  access: 'catalog:write',
  schema: { body: ProductBodySchema, response: { 201: OwnerProductReplySchema, ...ERROR_RESPONSES } },
});

export const getOwnerProductContract = defineContract({
  operationId: 'getOwnerProduct',
  method: 'GET',
  url: '/api/owner/products/:productId',
  summary: 'One product as the owner edits it (archived ones too).',
  tags,
  access: 'catalog:read',
  schema: { params: ProductParamsSchema, response: { 200: OwnerProductReplySchema, ...ERROR_RESPONSES } },
});

export const updateProductContract = defineContract({
  operationId: 'updateProduct',
  method: 'PUT',
  url: '/api/owner/products/:productId',
  summary: 'Replaces a product (the whole product is sent); variants are matched by id, new ones added, missing ones removed. Stock of existing variants is left alone.',
  tags,
  access: 'catalog:write',
  schema: { params: ProductParamsSchema, body: ProductBodySchema, response: { 200: OwnerProductReplySchema, ...ERROR_RESPONSES } },
});

export const archiveProductContract = defineContract({
  operationId: 'archiveProduct',
  method: 'POST',
  url: '/api/owner/products/:productId/archive',
  summary: 'Archives a product: it leaves the storefront (store page, product page, search, related products) and can no longer be added to a cart.',
  tags,
  access: 'catalog:write',
  schema: { params: ProductParamsSchema, response: { 200: OwnerProductReplySchema, ...ERROR_RESPONSES } },
});

export const restoreProductContract = defineContract({
  operationId: 'restoreProduct',
  method: 'POST',
  url: '/api/owner/products/:productId/restore',
  summary: 'Brings an archived product back to the storefront, as it was.',
  tags,
  access: 'catalog:write',
  schema: { params: ProductParamsSchema, response: { 200: OwnerProductReplySchema, ...ERROR_RESPONSES } },
});

/** Refusals of a permanent deletion (DELETE /api/owner/products/:productId). */
export const PRODUCT_DELETE_MESSAGES = {
  notArchived: 'Archive the product before deleting it.',
  hasSubscriptions: 'This product has subscriptions: it stays archived so that they keep their plan.',
  isPaywall: 'A member area is sold through this product: choose another one for it first.',
} as const;

export const DeleteProductReplySchema = ResponseObject({ deleted: Type.Literal(true), productId: Type.String() });
export type DeleteProductReply = Static<typeof DeleteProductReplySchema>;

export const deleteProductContract = defineContract({
  operationId: 'deleteProduct',
  method: 'DELETE',
  url: '/api/owner/products/:productId',
  summary:
    'Deletes an archived product for good: its variants, carts\' entries of it, its reviews and back-in-stock sign-ups go, and its pictures and digital file are removed from storage unless something else still shows them. Orders keep their lines (title, sku, price). Refused (409) for a product that is not archived, that has subscriptions, or that sells a member area.',
  tags,
  access: 'catalog:write',
  schema: { params: ProductParamsSchema, response: { 200: DeleteProductReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Stock

export const StockReplySchema = ResponseObject({
  variantId: Type.String(),
  productId: Type.String(),
  sku: Type.String(),
  qtyInStock: Type.Integer(),
  unlimited: Type.Boolean(),
});
export type StockReply = Static<typeof StockReplySchema>;

export const SetStockBodySchema = RequestBody({
  qtyInStock: Type.Integer({ minimum: 0, maximum: CATALOG_LIMITS.maxStock, ...withMessage(OWNER_CATALOG_MESSAGES.qtyInStock) }),
  unlimited: Optional(Type.Boolean(withMessage(OWNER_CATALOG_MESSAGES.unlimited))),
});
export type SetStockBody = Static<typeof SetStockBodySchema>;

export const setStockContract = defineContract({
  operationId: 'setStock',
  method: 'PUT',
  url: '/api/owner/variants/:variantId/stock',
  summary: "Sets a variant's stock to a number (and whether it is unlimited).",
  tags,
  access: 'catalog:write',
  schema: { params: VariantParamsSchema, body: SetStockBodySchema, response: { 200: StockReplySchema, ...ERROR_RESPONSES } },
});

export const AdjustStockBodySchema = RequestBody({
  delta: Type.Integer({ minimum: -CATALOG_LIMITS.maxStock, maximum: CATALOG_LIMITS.maxStock, not: { const: 0 }, ...withMessage(OWNER_CATALOG_MESSAGES.delta) }),
});
export type AdjustStockBody = Static<typeof AdjustStockBodySchema>;

export const adjustStockContract = defineContract({
  operationId: 'adjustStock',
  method: 'POST',
  url: '/api/owner/variants/:variantId/stock/adjustments',
  summary: "Adds to or takes from a variant's stock, atomically (concurrent adjustments all count); never below 0 (409).",
  tags,
  access: 'catalog:write',
  schema: { params: VariantParamsSchema, body: AdjustStockBodySchema, response: { 200: StockReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// The inventory panel's list

export const INVENTORY_SORTS = ['name', 'stock', 'price'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export const InventoryQuerySchema = RequestQuery({
  /** Words of the title, or the start of a sku. */
  q: Optional(Text({ maxLength: 200 })),
  sort: Optional(OneOf(INVENTORY_SORTS)),
  direction: Optional(OneOf(['asc', 'desc'] as const)),
  /** Page size, 1–200 (50 by default): a string, as query values are. */
  limit: Optional(Text({ pattern: '^[1-9][0-9]{0,2}$' })),
  cursor: Optional(Text({ maxLength: 1000 })),
  /** 'true' lists archived products too (marked). */
  archived: Optional(OneOf(['true', 'false'] as const)),
});
export type InventoryQuery = Static<typeof InventoryQuerySchema>;

/**
 * A price as the storefront shows it, by @vitrine/commerce's rules (priceView, isOnSale): "from" the lowest
 * price while the variants' prices differ; the sale price with the regular one struck through; the "Sale"
 * mark when anything is on sale.
 */
export const ShownPriceSchema = ResponseObject({
  from: Type.Boolean(),
  priceCents: Type.Integer(),
  /** The regular price to strike through, or null when not on sale for less. */
  compareAtCents: Type.Union([Type.Integer(), Type.Null()]),
  onSale: Type.Boolean(),
});
export type ShownPriceJson = Static<typeof ShownPriceSchema>;

export const InventoryVariantSchema = ResponseObject({ ...OwnerVariantSchema.properties, shownPrice: ShownPriceSchema });
export type InventoryVariantJson = Static<typeof InventoryVariantSchema>;

export const InventoryRowSchema = ResponseObject({
  id: Type.String(),
  title: Type.String(),
  productType: Type.Integer(),
  storeId: Type.String(),
  archived: Type.Boolean(),
  /** The lowest variant price (what sort=price orders by). */
  priceCents: Type.Integer(),
  /** The sum of the stocked variants' stock (what sort=stock orders by); unlimited variants count 0. */
  totalStock: Type.Integer(),
  unlimited: Type.Boolean(),
  /** The product's price as its storefront card shows it. */
  shownPrice: ShownPriceSchema,
  /** Each variant with its price as its product page shows it once chosen. */
  variants: Type.Array(InventoryVariantSchema),
});
export type InventoryRowJson = Static<typeof InventoryRowSchema>;

export const InventoryReplySchema = ResponseObject({
  products: Type.Array(InventoryRowSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type InventoryReply = Static<typeof InventoryReplySchema>;

export const listInventoryContract = defineContract({
  operationId: 'listInventory',
  method: 'GET',
  url: '/api/owner/products',
  summary: "The inventory panel's list: search by title or sku, sort by name, stock or price, each product with its variants, in cursor pages.",
  tags,
  access: 'catalog:read',
  schema: { querystring: InventoryQuerySchema, response: { 200: InventoryReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Store creation (platform spec §3 site-owner helper entities, §4, §5, §7)

const WebsiteParams = { websiteId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_CATALOG_MESSAGES.websiteId) }) };

export const CreateStoreBodySchema = RequestBody({
  navigationTitle: Optional(Text({ maxLength: CATALOG_LIMITS.titleLength, ...withMessage(OWNER_CATALOG_MESSAGES.navigationTitle) })),
  title: Text({ maxLength: CATALOG_LIMITS.titleLength, ...withMessage(OWNER_CATALOG_MESSAGES.storeTitle) }),
  /** Ignored as given: the server derives it from the title (spec §5), so two clients cannot collide. */
  urlId: Optional(Text({ maxLength: CATALOG_LIMITS.urlIdLength, ...withMessage(OWNER_CATALOG_MESSAGES.storeUrlId) })),
  description: Optional(Text({ maxLength: CATALOG_LIMITS.excerptLength, ...withMessage(OWNER_CATALOG_MESSAGES.description) })),
  enabled: Optional(Type.Literal(true, withMessage(OWNER_CATALOG_MESSAGES.enabled))),
});
export type CreateStoreBody = Static<typeof CreateStoreBodySchema>;

export const CreatedIdReplySchema = ResponseObject({ id: Type.String() });

export const createStoreContract = defineContract({
  operationId: 'createStore',
  method: 'POST',
  url: '/api/content-service/product/1.1/websites/:websiteId/products',
  summary: 'Creates a product collection (a store); its urlId comes from the title (platform spec §5). Answers its id.',
  tags,
  access: 'store-settings:write',
  schema: { params: RequestParams(WebsiteParams), body: CreateStoreBodySchema, response: { 200: CreatedIdReplySchema, ...ERROR_RESPONSES } },
});

/** A store (a product collection, type 13) as the owner reads it: its address and its SEO fields. */
export const OwnerStoreSchema = ResponseObject({
  id: Type.String(),
  title: Type.String(),
  urlId: Type.String(),
  /** The storefront address. */
  fullUrl: Type.String(),
  description: Type.String(),
  ...SeoFieldsSchema.properties,
});
export type OwnerStoreJson = Static<typeof OwnerStoreSchema>;

export const OwnerStoreListSchema = ResponseObject({ stores: Type.Array(OwnerStoreSchema) });
export type OwnerStoreListJson = Static<typeof OwnerStoreListSchema>;

export const listOwnerStoresContract = defineContract({
  operationId: 'listOwnerStores',
  method: 'GET',
  url: '/api/owner/stores',
  summary: "The website's stores (product collections), oldest first: what a product's store may be. Site pages are not stores.",
  tags,
  access: 'catalog:read',
  schema: { response: { 200: OwnerStoreListSchema, ...ERROR_RESPONSES } },
});

export const UpdateStoreBodySchema = RequestBody({ ...SeoBodyProperties });
export type UpdateStoreBody = Static<typeof UpdateStoreBodySchema>;

export const updateOwnerStoreContract = defineContract({
  operationId: 'updateOwnerStore',
  method: 'PUT',
  url: '/api/owner/stores/:storeId',
  summary: "Changes a store's SEO title, description and social picture (fields left out stay). Answers the store.",
  tags,
  access: 'store-settings:write',
  schema: {
    params: RequestParams({ storeId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_CATALOG_MESSAGES.storeId) }) }),
    body: UpdateStoreBodySchema,
    response: { 200: ResponseObject({ store: OwnerStoreSchema }), ...ERROR_RESPONSES },
  },
});

export const CreateCategoryBodySchema = RequestBody({
  displayName: Text({ minLength: 1, maxLength: CATALOG_LIMITS.categoryLength, ...withMessage(OWNER_CATALOG_MESSAGES.displayName) }),
  parentCategoryId: Optional(Type.Null(withMessage(OWNER_CATALOG_MESSAGES.parentCategoryId))),
  type: OneOf(['ROOT'] as const, withMessage(OWNER_CATALOG_MESSAGES.categoryType)),
  pageRendering: OneOf(['LIST_VIEW'] as const, withMessage(OWNER_CATALOG_MESSAGES.pageRendering)),
  displayIndex: Type.Literal(1, withMessage(OWNER_CATALOG_MESSAGES.displayIndex)),
});
export type CreateCategoryBody = Static<typeof CreateCategoryBodySchema>;

export const createStoreCategoryContract = defineContract({
  operationId: 'createStoreCategory',
  method: 'POST',
  url: '/api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories',
  summary: "Creates a store's ROOT category (LIST_VIEW, displayIndex 1), the second step of store creation. Answers its id.",
  tags,
  access: 'store-settings:write',
  schema: {
    params: RequestParams({
      ...WebsiteParams,
      collectionId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_CATALOG_MESSAGES.collectionId) }),
    }),
    body: CreateCategoryBodySchema,
    response: { 200: CreatedIdReplySchema, ...ERROR_RESPONSES },
  },
});

// ---------------------------------------------------------------------------------------------
// CSV import and export (Shopify's product CSV)

export const ImportReplySchema = ResponseObject({
  created: Type.Integer(),
  updated: Type.Integer(),
  variants: Type.Integer(),
});
export type ImportReply = Static<typeof ImportReplySchema>;

export const importProductsContract = defineContract({
  operationId: 'importProducts',
  method: 'POST',
  url: '/api/owner/products/import',
  summary:
    "Imports a product CSV in Shopify's format or WooCommerce's (told by its header), sent as the request body (Content-Type text/csv, 5 MB at most) and read as it streams in; each product's address there (/products/{handle}, /product/{slug}/) then redirects to its page here. All or nothing: a file with a refused row writes nothing and answers 400 with every refused row in `errors`, keyed `row N: Column`.",
  tags,
  access: 'catalog:write',
  // The body is a CSV stream, not JSON: no schema (the server reads and checks it row by row).
  schema: { response: { 200: ImportReplySchema, ...ERROR_RESPONSES } },
});

export const exportProductsContract = defineContract({
  operationId: 'exportProducts',
  method: 'GET',
  url: '/api/owner/products/export.csv',
  summary: "Every product (archived ones with Status archived) as a CSV in Shopify's product format, streamed; the import reads it back.",
  tags,
  access: 'catalog:write',
  schema: { response: { 200: Type.String({ description: 'text/csv' }), ...ERROR_RESPONSES } },
});

export const OWNER_CATALOG_CONTRACTS = [
  listInventoryContract,
  createProductContract,
  getOwnerProductContract,
  updateProductContract,
  archiveProductContract,
  restoreProductContract,
  deleteProductContract,
  setStockContract,
  adjustStockContract,
  createStoreContract,
  createStoreCategoryContract,
  listOwnerStoresContract,
  updateOwnerStoreContract,
  importProductsContract,
  exportProductsContract,
] as const;
