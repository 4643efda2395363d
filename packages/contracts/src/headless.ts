import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * The headless read API (issue 37 item 3): the catalog and content of one website for other frontends, read with a
 * publishable key (`X-Vitrine-Publishable-Key: vpk_…`) on the website's own host, from the browser origins the owner
 * allowed. Read-only and public by nature: it shows what the storefront shows, never drafts, archived or hidden
 * products, never exact stock counts unless the product page shows them (its scarcity message).
 */

/** Every headless read is under this prefix; a new major version would get its own. */
export const HEADLESS_PREFIX = '/api/headless/v1';

/** The request header that carries the publishable key (named in CORS preflights' Access-Control-Allow-Headers). */
export const PUBLISHABLE_KEY_HEADER = 'x-vitrine-publishable-key';

export const HEADLESS_LIMITS = {
  keysPerWebsite: 20,
  keyNameMaxLength: 100,
  originsPerWebsite: 20,
  originMaxLength: 200,
  defaultPageSize: 20,
  maxPageSize: 100,
  searchMaxLength: 200,
} as const;

export const HEADLESS_MESSAGES = {
  keyName: `name must be 1 to ${HEADLESS_LIMITS.keyNameMaxLength} characters.`,
  keyId: 'keyId must be a publishable key id.',
  tooManyKeys: `A website may have at most ${HEADLESS_LIMITS.keysPerWebsite} publishable keys. Revoke one first.`,
  keyNotFound: 'Sorry, that publishable key was not found.',
  origins: `origins must list at most ${HEADLESS_LIMITS.originsPerWebsite} origins.`,
  origin: 'Enter an origin such as https://shop.example.com: http or https, a host and an optional port, no path.',
  wildcard: 'Any origin (*) is not allowed: list each site that may read the API.',
  keyMissing: 'Send a publishable key in the X-Vitrine-Publishable-Key header.',
  keyInvalid: 'This publishable key is not valid for this website, or it has been revoked.',
  limit: `limit must be a whole number from 1 to ${HEADLESS_LIMITS.maxPageSize}.`,
  cursor: 'This page link is not valid. Start again from the first page.',
  query: `q must be 1 to ${HEADLESS_LIMITS.searchMaxLength} characters.`,
  ref: 'Give an id or a URL slug (letters, digits, hyphens).',
  productNotFound: 'Sorry, that product was not found.',
  collectionNotFound: 'Sorry, that collection was not found.',
  pageNotFound: 'Sorry, that page was not found.',
  postNotFound: 'Sorry, that post was not found.',
} as const;

const ownerTags = ['owner-headless'];
const readTags = ['headless'];

// ---------------------------------------------------------------------------------------------
// The owner's side: publishable keys and allowed origins (Settings → Headless API)

export const PublishableKeySchema = ResponseObject({
  id: Type.String(),
  name: Type.String(),
  /** The key itself (vpk_…): publishable, so shown every time (it grants only public reads). */
  key: Type.String(),
  created: Type.Integer(),
});
export type PublishableKeyJson = Static<typeof PublishableKeySchema>;

export const HeadlessSettingsSchema = ResponseObject({
  keys: Type.Array(PublishableKeySchema),
  /** Exact origins (https://shop.example.com) a browser may read the API from. */
  allowedOrigins: Type.Array(Type.String()),
});
export type HeadlessSettingsJson = Static<typeof HeadlessSettingsSchema>;

export const CreatePublishableKeyBodySchema = RequestBody({
  name: Text({ minLength: 1, maxLength: HEADLESS_LIMITS.keyNameMaxLength, [MESSAGE_KEYWORD]: HEADLESS_MESSAGES.keyName }),
});
export type CreatePublishableKeyBody = Static<typeof CreatePublishableKeyBodySchema>;

export const SaveAllowedOriginsBodySchema = RequestBody({
  // Each origin is checked by the server (origins.ts), which names the bad one in errors (`origins.2`).
  origins: Type.Array(Text({ maxLength: HEADLESS_LIMITS.originMaxLength, [MESSAGE_KEYWORD]: HEADLESS_MESSAGES.origin }), {
    maxItems: HEADLESS_LIMITS.originsPerWebsite,
    [MESSAGE_KEYWORD]: HEADLESS_MESSAGES.origins,
  }),
});
export type SaveAllowedOriginsBody = Static<typeof SaveAllowedOriginsBodySchema>;

export const PublishableKeyIdParamsSchema = RequestParams({
  keyId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: HEADLESS_MESSAGES.keyId }),
});

export const getHeadlessSettingsContract = defineContract({
  operationId: 'getHeadlessSettings',
  method: 'GET',
  url: '/api/owner/headless',
  summary: "The website's publishable keys (oldest first) and the origins a browser may read the headless API from.",
  tags: ownerTags,
  access: 'api-keys:manage',
  schema: { response: { 200: HeadlessSettingsSchema, ...ERROR_RESPONSES } },
});

export const createPublishableKeyContract = defineContract({
  operationId: 'createPublishableKey',
  method: 'POST',
  url: '/api/owner/headless/keys',
  summary: 'Creates a publishable key (vpk_…) for the headless read API.',
  tags: ownerTags,
  access: 'api-keys:manage',
  schema: { body: CreatePublishableKeyBodySchema, response: { 201: ResponseObject({ key: PublishableKeySchema }), ...ERROR_RESPONSES } },
});

export const revokePublishableKeyContract = defineContract({
  operationId: 'revokePublishableKey',
  method: 'DELETE',
  url: '/api/owner/headless/keys/:keyId',
  summary: 'Revokes a publishable key: reads with it answer 401 from now on.',
  tags: ownerTags,
  access: 'api-keys:manage',
  schema: { params: PublishableKeyIdParamsSchema, response: { 200: ResponseObject({ revoked: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const saveAllowedOriginsContract = defineContract({
  operationId: 'saveHeadlessOrigins',
  method: 'PUT',
  url: '/api/owner/headless/origins',
  summary: 'Replaces the origins a browser may read the headless API from (exact origins; * is refused).',
  tags: ownerTags,
  access: 'api-keys:manage',
  schema: { body: SaveAllowedOriginsBodySchema, response: { 200: HeadlessSettingsSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// The reads

export const HeadlessMoneySchema = ResponseObject({
  /** Integer minor units (cents). */
  amount: Type.Integer(),
  currency: Type.String(),
});

export const HeadlessImageSchema = ResponseObject({ url: Type.String(), alt: Type.String() });

export const HeadlessStockSchema = ResponseObject({
  state: Type.Union([Type.Literal('in_stock'), Type.Literal('out_of_stock')]),
  /** The count left, only when the product page shows it (its "Only {qty} left" message is on); null otherwise. */
  quantity: Type.Union([Type.Integer(), Type.Null()]),
});

export const HeadlessVariantSchema = ResponseObject({
  id: Type.String(),
  sku: Type.String(),
  options: Type.Array(ResponseObject({ name: Type.String(), value: Type.String() })),
  price: HeadlessMoneySchema,
  /** The regular price while the variant is on sale; null otherwise. */
  compareAtPrice: Type.Union([HeadlessMoneySchema, Type.Null()]),
  stock: HeadlessStockSchema,
});

export const HeadlessProductSchema = ResponseObject({
  id: Type.String(),
  slug: Type.String(),
  /** The product page's path on this website. */
  path: Type.String(),
  title: Type.String(),
  excerpt: Type.String({ description: 'HTML' }),
  description: Type.String({ description: 'HTML' }),
  type: Type.Union([Type.Literal('physical'), Type.Literal('digital'), Type.Literal('service'), Type.Literal('gift-card')]),
  collection: ResponseObject({ id: Type.String(), slug: Type.String() }),
  images: Type.Array(HeadlessImageSchema),
  tags: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  variants: Type.Array(HeadlessVariantSchema),
});
export type HeadlessProductJson = Static<typeof HeadlessProductSchema>;

export const HeadlessCollectionSchema = ResponseObject({
  id: Type.String(),
  slug: Type.String(),
  path: Type.String(),
  title: Type.String(),
  description: Type.String({ description: 'HTML' }),
});
export type HeadlessCollectionJson = Static<typeof HeadlessCollectionSchema>;

/** A page's or post's blocks, as the site editor saves them (@vitrine/blocks PageBody). */
const BlocksSchema = Type.Unknown({ description: 'The blocks as Vitrine stores them (@vitrine/blocks PageBody: { sections: [...] }).' });

export const HeadlessPageSchema = ResponseObject({
  id: Type.String(),
  slug: Type.String(),
  path: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  description: Type.String(),
  seo: ResponseObject({ title: Type.String(), description: Type.String() }),
  updated: Type.Integer(),
  body: BlocksSchema,
});
export type HeadlessPageJson = Static<typeof HeadlessPageSchema>;

export const HeadlessPostSchema = ResponseObject({
  id: Type.String(),
  slug: Type.String(),
  path: Type.String(),
  blog: ResponseObject({ id: Type.String(), slug: Type.String(), title: Type.String() }),
  title: Type.String(),
  excerpt: Type.String({ description: 'HTML' }),
  author: Type.String(),
  tags: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  published: Type.Union([Type.Integer(), Type.Null()]),
  updated: Type.Integer(),
  body: BlocksSchema,
});
export type HeadlessPostJson = Static<typeof HeadlessPostSchema>;

/** A cursor page: pass nextCursor back as `cursor` for the next one; null on the last. */
const pageOf = <T extends Parameters<typeof Type.Array>[0]>(items: T) => ResponseObject({ items: Type.Array(items), nextCursor: Type.Union([Type.String(), Type.Null()]) });

const CursorProperties = {
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,400}$', [MESSAGE_KEYWORD]: HEADLESS_MESSAGES.cursor })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,3}$', [MESSAGE_KEYWORD]: HEADLESS_MESSAGES.limit })),
};
export const HeadlessPageQuerySchema = RequestQuery(CursorProperties);
export type HeadlessPageQuery = Static<typeof HeadlessPageQuerySchema>;

/** Search pages are the storefront search's (48 results each): no limit. */
export const HeadlessSearchQuerySchema = RequestQuery({
  cursor: CursorProperties.cursor,
  q: Text({ minLength: 1, maxLength: HEADLESS_LIMITS.searchMaxLength, [MESSAGE_KEYWORD]: HEADLESS_MESSAGES.query }),
});
export type HeadlessSearchQuery = Static<typeof HeadlessSearchQuerySchema>;

export const HeadlessRefParamsSchema = RequestParams({
  // Ids and URL slugs are letters, digits and hyphens (store slugs may hold `_` and `.` too).
  ref: Text({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.-]+$', [MESSAGE_KEYWORD]: HEADLESS_MESSAGES.ref }),
});

export const listHeadlessProductsContract = defineContract({
  operationId: 'listHeadlessProducts', method: 'GET', url: `${HEADLESS_PREFIX}/products`, tags: readTags,
  summary: 'The products on sale, in the stores\' display order, with variants, prices (minor units) and stock state.',
  schema: { querystring: HeadlessPageQuerySchema, response: { 200: pageOf(HeadlessProductSchema), ...ERROR_RESPONSES } },
});
export const getHeadlessProductContract = defineContract({
  operationId: 'getHeadlessProduct', method: 'GET', url: `${HEADLESS_PREFIX}/products/:ref`, tags: readTags,
  summary: 'One product by id or URL slug.',
  schema: { params: HeadlessRefParamsSchema, response: { 200: ResponseObject({ product: HeadlessProductSchema }), ...ERROR_RESPONSES } },
});
export const listHeadlessCollectionsContract = defineContract({
  operationId: 'listHeadlessCollections', method: 'GET', url: `${HEADLESS_PREFIX}/collections`, tags: readTags,
  summary: "The website's stores (product collections).",
  schema: { querystring: HeadlessPageQuerySchema, response: { 200: pageOf(HeadlessCollectionSchema), ...ERROR_RESPONSES } },
});
export const listHeadlessCollectionProductsContract = defineContract({
  operationId: 'listHeadlessCollectionProducts', method: 'GET', url: `${HEADLESS_PREFIX}/collections/:ref/products`, tags: readTags,
  summary: 'One collection (by id or slug) and a page of its products in display order.',
  schema: {
    params: HeadlessRefParamsSchema,
    querystring: HeadlessPageQuerySchema,
    response: { 200: ResponseObject({ collection: HeadlessCollectionSchema, items: Type.Array(HeadlessProductSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }), ...ERROR_RESPONSES },
  },
});
export const listHeadlessPagesContract = defineContract({
  operationId: 'listHeadlessPages', method: 'GET', url: `${HEADLESS_PREFIX}/pages`, tags: readTags,
  summary: 'The published pages (never drafts, private, password-protected or member pages), with their blocks.',
  schema: { querystring: HeadlessPageQuerySchema, response: { 200: pageOf(HeadlessPageSchema), ...ERROR_RESPONSES } },
});
export const getHeadlessPageContract = defineContract({
  operationId: 'getHeadlessPage', method: 'GET', url: `${HEADLESS_PREFIX}/pages/:ref`, tags: readTags,
  summary: 'One published page by id or URL slug, with its blocks.',
  schema: { params: HeadlessRefParamsSchema, response: { 200: ResponseObject({ page: HeadlessPageSchema }), ...ERROR_RESPONSES } },
});
export const listHeadlessPostsContract = defineContract({
  operationId: 'listHeadlessPosts', method: 'GET', url: `${HEADLESS_PREFIX}/posts`, tags: readTags,
  summary: 'The published posts of every published blog, newest first, with their blocks.',
  schema: { querystring: HeadlessPageQuerySchema, response: { 200: pageOf(HeadlessPostSchema), ...ERROR_RESPONSES } },
});
export const getHeadlessPostContract = defineContract({
  operationId: 'getHeadlessPost', method: 'GET', url: `${HEADLESS_PREFIX}/posts/:ref`, tags: readTags,
  summary: 'One published post by id or URL slug, with its blocks.',
  schema: { params: HeadlessRefParamsSchema, response: { 200: ResponseObject({ post: HeadlessPostSchema }), ...ERROR_RESPONSES } },
});
export const searchHeadlessProductsContract = defineContract({
  operationId: 'searchHeadlessProducts', method: 'GET', url: `${HEADLESS_PREFIX}/search`, tags: readTags,
  summary: 'Products matching q (title, tags, options, description), best match first.',
  schema: { querystring: HeadlessSearchQuerySchema, response: { 200: pageOf(HeadlessProductSchema), ...ERROR_RESPONSES } },
});
export const HEADLESS_CONTRACTS = [
  getHeadlessSettingsContract,
  createPublishableKeyContract,
  revokePublishableKeyContract,
  saveAllowedOriginsContract,
  listHeadlessProductsContract,
  getHeadlessProductContract,
  listHeadlessCollectionsContract,
  listHeadlessCollectionProductsContract,
  listHeadlessPagesContract,
  getHeadlessPageContract,
  listHeadlessPostsContract,
  getHeadlessPostContract,
  searchHeadlessProductsContract,
] as const;
