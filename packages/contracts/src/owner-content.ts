import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';
import { SEO_LIMITS, SEO_MESSAGES } from './seo';

/**
 * The site's content for the owner (issue 18): pages, splash pages, collections (blog, events, gallery) and
 * folders; the page tree, which is the site's main navigation; the items of a collection (posts, events,
 * gallery images); drafts autosaved beside the live body, publish / schedule / unpublish, statuses and the
 * revisions kept at every publish. A body is one opaque object here, checked in code by @vitrine/blocks'
 * checkPageBody, so its errors come back keyed by their path ('body.sections.0.blocks.2.settings.height').
 * Every change names the `version` it was made on: a stale one answers 409.
 */

const tags = ['owner-content'];

export const CONTENT_STATUSES = ['published', 'draft', 'scheduled', 'needs-review', 'private'] as const;
export type ContentStatusName = (typeof CONTENT_STATUSES)[number];

/** The statuses an owner sets directly (published and scheduled come from publish). */
export const SETTABLE_CONTENT_STATUSES = ['draft', 'needs-review', 'private'] as const;
export type SettableContentStatus = (typeof SETTABLE_CONTENT_STATUSES)[number];

export const PAGE_KINDS = ['page', 'splash', 'blog', 'events', 'gallery', 'folder', 'course'] as const;
export type PageKindName = (typeof PAGE_KINDS)[number];

/** What a row of the page tree is: a site page of a kind, a catalog store, or an external link of the navigation. */
export type PageTreeKind = PageKindName | 'store' | 'link';

/** Record types of items (platform §3): text (a post) 1, event 12, gallery 14, lesson 62 (a course's). */
export const ITEM_RECORD_TYPES = [1, 12, 14, 62] as const;
export type ItemRecordType = (typeof ITEM_RECORD_TYPES)[number];

/** 'original': the page as the template or the seed made it, kept before its first publish by the owner (and backfilled by migration 052). */
export const REVISION_REASONS = ['published', 'scheduled', 'unpublished', 'restored', 'original'] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

export const OWNER_CONTENT_LIMITS = {
  titleLength: 200,
  urlIdLength: 100,
  descriptionLength: 5_000,
  /** The same SEO fields as products and stores (seo.ts). */
  seoTitleLength: SEO_LIMITS.seoTitleLength,
  seoDescriptionLength: SEO_LIMITS.seoDescriptionLength,
  excerptLength: 5_000,
  authorNameLength: 200,
  /** The same numbers as @vitrine/blocks' CONTENT_LIMITS (platform §5, §9): a tag 50 characters, a category 25. */
  tagLength: 50,
  categoryLength: 25,
  tagsPerItem: 50,
  categoriesPerItem: 50,
  addressLineLength: 500,
  /** Items per page of the item list. */
  itemPage: { default: 50, max: 100 },
  /** Platform §5: 250 items in a user-orderable collection (a gallery). */
  galleryItems: 250,
  navigationEntries: 300,
} as const;

/** @vitrine/blocks' PAGE_LAYOUTS names (owner-content.test.ts checks the two lists agree). */
export const PAGE_LAYOUT_NAMES = ['blank', 'about', 'contact', 'faq', 'landing'] as const;

export const OWNER_CONTENT_MESSAGES = {
  pageId: 'pageId must be a page id.',
  layout: `layout must be one of ${PAGE_LAYOUT_NAMES.join(', ')}.`,
  itemId: 'itemId must be an item id.',
  revisionId: 'revisionId must be a revision id.',
  version: 'version must be the whole number of the version you edited.',
  kind: `kind must be one of ${PAGE_KINDS.join(', ')}.`,
  title: `Enter a title of 1–${OWNER_CONTENT_LIMITS.titleLength} characters.`,
  navigationTitle: `navigationTitle must be text of ${OWNER_CONTENT_LIMITS.titleLength} characters at most.`,
  urlId: `A URL slug is 1–${OWNER_CONTENT_LIMITS.urlIdLength} lowercase letters, digits and hyphens.`,
  description: `description must be text of ${OWNER_CONTENT_LIMITS.descriptionLength} characters at most.`,
  seoTitle: SEO_MESSAGES.seoTitle,
  seoDescription: SEO_MESSAGES.seoDescription,
  folderBehaviour: 'folderBehaviour must be 1 (index), 2 (redirect) or 3 (none).',
  inNavigation: 'inNavigation must be true or false.',
  folderId: 'folderId must be the id of a folder page.',
  body: 'body must be a page body: { schemaVersion: 1, sections: [...] }.',
  publishAt: 'publishAt must be a date and time such as 2026-12-01T09:00:00Z.',
  status: `status must be one of ${SETTABLE_CONTENT_STATUSES.join(', ')}.`,
  statusFilter: `status must be one of ${CONTENT_STATUSES.join(', ')}.`,
  navigation: `navigation must be a list of { id, children? } (${OWNER_CONTENT_LIMITS.navigationEntries} entries at most).`,
  excerpt: `excerpt must be text of ${OWNER_CONTENT_LIMITS.excerptLength} characters at most.`,
  authorName: `authorName must be text of ${OWNER_CONTENT_LIMITS.authorNameLength} characters at most.`,
  tags: `tags must be a list of up to ${OWNER_CONTENT_LIMITS.tagsPerItem} tags.`,
  categories: `categories must be a list of up to ${OWNER_CONTENT_LIMITS.categoriesPerItem} categories.`,
  commentState: 'commentState must be 0 (off) or 1 (on).',
  starred: 'starred must be true or false.',
  startAt: 'startAt must be a date and time such as 2026-12-01T18:00:00Z, or null.',
  endAt: 'endAt must be a date and time such as 2026-12-01T20:00:00Z, or null.',
  location: 'location must be { addressLine1, addressLine2, addressCountry, mapLat, mapLng } or null.',
  image: 'image must be { imageId, altText, focalPoint: { x, y } } or null.',
  itemIds: `itemIds must list every item id of the gallery once, in the new order (at most ${OWNER_CONTENT_LIMITS.galleryItems}).`,
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${OWNER_CONTENT_LIMITS.itemPage.max}.`,
  /** 409 answers */
  pageChanged: 'This page was changed elsewhere. Reload to see the latest version.',
  itemChanged: 'This item was changed elsewhere. Reload to see the latest version.',
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableField = <T extends TSchema>(schema: T, message: string) => Type.Union([schema, Type.Null()], withMessage(message));
const StringEnum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
const AnyObject = ResponseObject({});
/** An ISO 8601 date and time, read in code (Date.parse); the pattern only keeps it short and NUL-free. */
const DATE_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{5,15}(Z|[+-][0-9]{2}:?[0-9]{2})$';
const DateTimeText = (message: string) => Text({ pattern: DATE_TIME_PATTERN, maxLength: 40, ...withMessage(message) });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, ...withMessage(OWNER_CONTENT_MESSAGES.version) });
const UrlIdText = Text({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', minLength: 1, maxLength: OWNER_CONTENT_LIMITS.urlIdLength, ...withMessage(OWNER_CONTENT_MESSAGES.urlId) });
const TitleText = Text({ minLength: 1, maxLength: OWNER_CONTENT_LIMITS.titleLength, ...withMessage(OWNER_CONTENT_MESSAGES.title) });
/** A page body, checked in code by @vitrine/blocks' checkPageBody (errors keyed 'body.sections.0…'). */
const CheckedBody = Type.Unsafe<PageBodyJson>(Type.Object({}, { additionalProperties: true, ...withMessage(OWNER_CONTENT_MESSAGES.body) }));

const IdText = (message: string) => Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(message) });
export const ContentPageParamsSchema = RequestParams({ pageId: IdText(OWNER_CONTENT_MESSAGES.pageId) });
export const ContentItemParamsSchema = RequestParams({ itemId: IdText(OWNER_CONTENT_MESSAGES.itemId) });
export const ContentPageRevisionParamsSchema = RequestParams({ pageId: IdText(OWNER_CONTENT_MESSAGES.pageId), revisionId: IdText(OWNER_CONTENT_MESSAGES.revisionId) });
export const ContentItemRevisionParamsSchema = RequestParams({ itemId: IdText(OWNER_CONTENT_MESSAGES.itemId), revisionId: IdText(OWNER_CONTENT_MESSAGES.revisionId) });

// ---------------------------------------------------------------------------------------------
// Answers

/** @vitrine/blocks' PageBody, as JSON (the same shape, so either type assigns to the other). */
export interface PageBodyJson {
  schemaVersion: 1;
  sections: Array<{
    id: string;
    type: 'content';
    colourTheme?: 'light' | 'dark' | 'accent';
    background?: { kind: 'image'; url: string; alt: string } | { kind: 'video'; url: string; posterUrl: string };
    spacing?: 'none' | 'small' | 'medium' | 'large';
    columns: Array<{ id: string; blocks: Array<{ id: string; type: number; settings: Record<string, unknown> }> }>;
  }>;
}
export const PageBodySchema = Type.Unsafe<PageBodyJson>(
  ResponseObject({
    schemaVersion: Type.Integer(),
    // Every key of a section (blocks' Section) is named here, or the answer's serialiser would drop it.
    sections: Type.Array(
      ResponseObject({
        id: Type.String(),
        type: Type.String(),
        colourTheme: Type.Optional(StringEnum(['light', 'dark', 'accent'] as const)),
        background: Type.Optional(ResponseObject({ kind: Type.String(), url: Type.String(), alt: Type.Optional(Type.String()), posterUrl: Type.Optional(Type.String()) })),
        spacing: Type.Optional(StringEnum(['none', 'small', 'medium', 'large'] as const)),
        columns: Type.Array(ResponseObject({ id: Type.String(), blocks: Type.Array(AnyObject) })),
      }),
    ),
  }),
);

/** One row of the page tree. */
export const PageSummarySchema = ResponseObject({
  /** A site page's id; a store's collection id (kind 'store'); 'link:{index}' for an external link (kind 'link'). */
  id: Type.String(),
  kind: StringEnum([...PAGE_KINDS, 'store', 'link'] as const),
  title: Type.String(),
  /** The title the navigation shows ('' = the title). */
  navigationTitle: Type.String(),
  urlId: Type.String(),
  /** The path visitors open ('/about'), or the external link. */
  fullUrl: Type.String(),
  /** A store or link is 'published'. */
  status: StringEnum(CONTENT_STATUSES),
  publishAt: Nullable(Type.String()),
  isHome: Type.Boolean(),
  /** Unpublished changes are saved (draft_body). */
  hasDraft: Type.Boolean(),
  updatedAt: Type.String(),
  externalLink: Type.Optional(Type.String()),
});
export type PageSummaryJson = Omit<Static<typeof PageSummarySchema>, 'kind' | 'status'> & { kind: PageTreeKind; status: ContentStatusName };

export type NavigationNodeJson = PageSummaryJson & { children: NavigationNodeJson[] };
/** A navigation node: a page summary with its children (only folders have children; one level of nesting). */
export const NavigationNodeSchema = Type.Unsafe<NavigationNodeJson>(
  ResponseObject({ ...PageSummarySchema.properties, children: Type.Array(ResponseObject({ ...PageSummarySchema.properties, children: Type.Array(AnyObject) })) }),
);

export const PageTreeSchema = Type.Unsafe<PageTreeJson>(
  ResponseObject({
    /** The main navigation, in order. */
    navigation: Type.Array(NavigationNodeSchema),
    /** Pages that are in no navigation ("hidden from navigation"). */
    notLinked: Type.Array(PageSummarySchema),
    homePageId: Nullable(Type.String()),
  }),
);
export interface PageTreeJson {
  navigation: NavigationNodeJson[];
  notLinked: PageSummaryJson[];
  homePageId: string | null;
}

export const ContentPageSchema = Type.Unsafe<ContentPageJson>(
  ResponseObject({
    ...PageSummarySchema.properties,
    description: Type.String(),
    seoTitle: Type.String(),
    seoDescription: Type.String(),
    /** Folders: index 1, redirect 2, none 3. */
    folderBehaviour: Type.Integer(),
    /** What visitors see (once live). */
    body: PageBodySchema,
    /** The unpublished changes; null when there are none. */
    draftBody: Nullable(PageBodySchema),
    version: Type.Integer(),
    createdAt: Type.String(),
  }),
);
export type ContentPageJson = PageSummaryJson & {
  description: string;
  seoTitle: string;
  seoDescription: string;
  folderBehaviour: 1 | 2 | 3;
  body: PageBodyJson;
  draftBody: PageBodyJson | null;
  version: number;
  createdAt: string;
};

export interface EventLocationJson {
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: number | null;
  mapLng: number | null;
}
export interface ItemImageJson {
  imageId: string;
  altText: string;
  focalPoint: { x: number; y: number };
}

export const ItemSummarySchema = ResponseObject({
  id: Type.String(),
  /** The collection page (blog, events or gallery) it belongs to. */
  collectionId: Type.String(),
  recordType: Type.Integer(),
  title: Type.String(),
  urlId: Type.String(),
  /** '/blog/my-first-post'. */
  fullUrl: Type.String(),
  status: StringEnum(CONTENT_STATUSES),
  publishAt: Nullable(Type.String()),
  /** When it first went live. */
  publishedAt: Nullable(Type.String()),
  startAt: Nullable(Type.String()),
  endAt: Nullable(Type.String()),
  hasDraft: Type.Boolean(),
  starred: Type.Boolean(),
  position: Type.Integer(),
  updatedAt: Type.String(),
});
export type ItemSummaryJson = Omit<Static<typeof ItemSummarySchema>, 'status' | 'recordType'> & { status: ContentStatusName; recordType: ItemRecordType };

export const ContentItemSchema = Type.Unsafe<ContentItemJson>(
  ResponseObject({
    ...ItemSummarySchema.properties,
    excerpt: Type.String(),
    authorName: Type.String(),
    tags: Type.Array(Type.String()),
    categories: Type.Array(Type.String()),
    commentState: Type.Integer(),
    location: Nullable(AnyObject),
    image: Nullable(AnyObject),
    seoTitle: Type.String(),
    seoDescription: Type.String(),
    body: PageBodySchema,
    draftBody: Nullable(PageBodySchema),
    version: Type.Integer(),
  }),
);
export type ContentItemJson = ItemSummaryJson & {
  excerpt: string;
  authorName: string;
  tags: string[];
  categories: string[];
  commentState: 0 | 1;
  location: EventLocationJson | null;
  image: ItemImageJson | null;
  seoTitle: string;
  seoDescription: string;
  body: PageBodyJson;
  draftBody: PageBodyJson | null;
  version: number;
};

export const RevisionSchema = Type.Unsafe<RevisionJson>(
  ResponseObject({
    id: Type.String(),
    /** The page's or item's version the snapshot was taken at. */
    version: Type.Integer(),
    reason: StringEnum(REVISION_REASONS),
    createdAt: Type.String(),
    createdBy: Nullable(ResponseObject({ email: Type.String() })),
    title: Type.String(),
  }),
);
export interface RevisionJson {
  id: string;
  version: number;
  reason: RevisionReason;
  createdAt: string;
  createdBy: { email: string } | null;
  title: string;
}

export const DraftSavedSchema = ResponseObject({ version: Type.Integer(), savedAt: Type.String() });
export type DraftSavedJson = Static<typeof DraftSavedSchema>;

export const ItemListSchema = Type.Unsafe<ItemListJson>(ResponseObject({ items: Type.Array(ItemSummarySchema), nextCursor: Nullable(Type.String()) }));
export interface ItemListJson {
  items: ItemSummaryJson[];
  nextCursor: string | null;
}

export const RevisionListSchema = Type.Unsafe<{ revisions: RevisionJson[] }>(ResponseObject({ revisions: Type.Array(RevisionSchema) }));

export const ContentDeletedSchema = ResponseObject({ deleted: Type.Literal(true), id: Type.String() });

// ---------------------------------------------------------------------------------------------
// Requests

const OptionalText = (maxLength: number, message: string) => Type.Optional(Text({ maxLength, ...withMessage(message) }));

const NavigationChildSchema = Type.Object({ id: Text({ minLength: 1, maxLength: LIMITS.idLength }) }, { additionalProperties: false });
export const UpdateContentNavigationBodySchema = RequestBody({
  navigation: Type.Array(
    Type.Object(
      {
        id: Text({ minLength: 1, maxLength: LIMITS.idLength }),
        children: Type.Optional(Type.Array(NavigationChildSchema, { maxItems: OWNER_CONTENT_LIMITS.navigationEntries })),
      },
      { additionalProperties: false },
    ),
    { maxItems: OWNER_CONTENT_LIMITS.navigationEntries, ...withMessage(OWNER_CONTENT_MESSAGES.navigation) },
  ),
});
export interface UpdateContentNavigationBody {
  navigation: Array<{ id: string; children?: Array<{ id: string }> }>;
}

export const CreateContentPageBodySchema = RequestBody({
  kind: Type.Unsafe<PageKindName>({ type: 'string', enum: [...PAGE_KINDS], pattern: `^(${PAGE_KINDS.join('|')})$`, ...withMessage(OWNER_CONTENT_MESSAGES.kind) }),
  title: TitleText,
  /** Derived from the title when left out; -2, -3… when taken by a page or a store. */
  urlId: Type.Optional(UrlIdText),
  /** true by default: the page joins the main navigation (at the end, or in folderId). */
  inNavigation: Type.Optional(Type.Boolean(withMessage(OWNER_CONTENT_MESSAGES.inNavigation))),
  folderId: Type.Optional(IdText(OWNER_CONTENT_MESSAGES.folderId)),
  /** The page layout the new page's body starts from (@vitrine/blocks' PAGE_LAYOUTS); blank when left out. */
  layout: Type.Optional(Type.Unsafe<(typeof PAGE_LAYOUT_NAMES)[number]>({ type: 'string', enum: [...PAGE_LAYOUT_NAMES], pattern: `^(${PAGE_LAYOUT_NAMES.join('|')})$`, ...withMessage(OWNER_CONTENT_MESSAGES.layout) })),
});
export type CreateContentPageBody = Omit<Static<typeof CreateContentPageBodySchema>, 'kind'> & { kind: PageKindName };

export const UpdateContentPageBodySchema = RequestBody({
  version: Version,
  title: Type.Optional(TitleText),
  navigationTitle: OptionalText(OWNER_CONTENT_LIMITS.titleLength, OWNER_CONTENT_MESSAGES.navigationTitle),
  urlId: Type.Optional(UrlIdText),
  description: OptionalText(OWNER_CONTENT_LIMITS.descriptionLength, OWNER_CONTENT_MESSAGES.description),
  seoTitle: OptionalText(OWNER_CONTENT_LIMITS.seoTitleLength, OWNER_CONTENT_MESSAGES.seoTitle),
  seoDescription: OptionalText(OWNER_CONTENT_LIMITS.seoDescriptionLength, OWNER_CONTENT_MESSAGES.seoDescription),
  folderBehaviour: Type.Optional(Type.Unsafe<1 | 2 | 3>(Type.Integer({ minimum: 1, maximum: 3, ...withMessage(OWNER_CONTENT_MESSAGES.folderBehaviour) }))),
});
export type UpdateContentPageBody = Static<typeof UpdateContentPageBodySchema>;

export const SaveContentDraftBodySchema = RequestBody({ version: Version, body: CheckedBody });
export type SaveContentDraftBody = { version: number; body: PageBodyJson };

export const PublishContentBodySchema = RequestBody({
  version: Version,
  /** In the future: scheduled until then; absent or past: published now. */
  publishAt: Type.Optional(DateTimeText(OWNER_CONTENT_MESSAGES.publishAt)),
});
export type PublishContentBody = Static<typeof PublishContentBodySchema>;

export const VersionOnlyBodySchema = RequestBody({ version: Version });
export type VersionOnlyBody = Static<typeof VersionOnlyBodySchema>;

export const SetContentStatusBodySchema = RequestBody({
  version: Version,
  status: Type.Unsafe<SettableContentStatus>({
    type: 'string',
    enum: [...SETTABLE_CONTENT_STATUSES],
    pattern: `^(${SETTABLE_CONTENT_STATUSES.join('|')})$`,
    ...withMessage(OWNER_CONTENT_MESSAGES.status),
  }),
});
export type SetContentStatusBody = Static<typeof SetContentStatusBodySchema>;

export const EmptyBodySchema = RequestBody({});

export const ListContentItemsQuerySchema = RequestQuery({
  status: Type.Optional(Text({ pattern: `^(${CONTENT_STATUSES.join('|')})$`, ...withMessage(OWNER_CONTENT_MESSAGES.statusFilter) })),
  /** The previous page's nextCursor (with the same filter). */
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,300}$', ...withMessage(OWNER_CONTENT_MESSAGES.cursor) })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,6}$', ...withMessage(OWNER_CONTENT_MESSAGES.limit) })),
});
export type ListContentItemsQuery = Static<typeof ListContentItemsQuerySchema>;

const LocationSchema = Type.Object(
  {
    addressLine1: Text({ maxLength: OWNER_CONTENT_LIMITS.addressLineLength }),
    addressLine2: Text({ maxLength: OWNER_CONTENT_LIMITS.addressLineLength }),
    addressCountry: Text({ maxLength: OWNER_CONTENT_LIMITS.addressLineLength }),
    mapLat: Nullable(Type.Number({ minimum: -90, maximum: 90 })),
    mapLng: Nullable(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
const ImageSchema = Type.Object(
  {
    imageId: Text({ minLength: 1, maxLength: LIMITS.idLength }),
    altText: Text({ maxLength: 1_000 }),
    focalPoint: Type.Object({ x: Type.Number({ minimum: 0, maximum: 1 }), y: Type.Number({ minimum: 0, maximum: 1 }) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** The item fields an owner edits (create and PATCH). Tag and category lengths are checked in code (clear messages). */
const ItemFields = {
  urlId: Type.Optional(UrlIdText),
  excerpt: OptionalText(OWNER_CONTENT_LIMITS.excerptLength, OWNER_CONTENT_MESSAGES.excerpt),
  authorName: OptionalText(OWNER_CONTENT_LIMITS.authorNameLength, OWNER_CONTENT_MESSAGES.authorName),
  tags: Type.Optional(Type.Array(Text({ maxLength: 1_000 }), { maxItems: OWNER_CONTENT_LIMITS.tagsPerItem, ...withMessage(OWNER_CONTENT_MESSAGES.tags) })),
  categories: Type.Optional(
    Type.Array(Text({ maxLength: 1_000 }), { maxItems: OWNER_CONTENT_LIMITS.categoriesPerItem, ...withMessage(OWNER_CONTENT_MESSAGES.categories) }),
  ),
  commentState: Type.Optional(Type.Unsafe<0 | 1>(Type.Integer({ minimum: 0, maximum: 1, ...withMessage(OWNER_CONTENT_MESSAGES.commentState) }))),
  starred: Type.Optional(Type.Boolean(withMessage(OWNER_CONTENT_MESSAGES.starred))),
  startAt: Type.Optional(NullableField(DateTimeText(OWNER_CONTENT_MESSAGES.startAt), OWNER_CONTENT_MESSAGES.startAt)),
  endAt: Type.Optional(NullableField(DateTimeText(OWNER_CONTENT_MESSAGES.endAt), OWNER_CONTENT_MESSAGES.endAt)),
  location: Type.Optional(Type.Unsafe<EventLocationJson | null>(NullableField(LocationSchema, OWNER_CONTENT_MESSAGES.location))),
  image: Type.Optional(Type.Unsafe<ItemImageJson | null>(NullableField(ImageSchema, OWNER_CONTENT_MESSAGES.image))),
  seoTitle: OptionalText(OWNER_CONTENT_LIMITS.seoTitleLength, OWNER_CONTENT_MESSAGES.seoTitle),
  seoDescription: OptionalText(OWNER_CONTENT_LIMITS.seoDescriptionLength, OWNER_CONTENT_MESSAGES.seoDescription),
};

export const CreateContentItemBodySchema = RequestBody({ title: TitleText, ...ItemFields });
export type CreateContentItemBody = Static<typeof CreateContentItemBodySchema>;

export const UpdateContentItemBodySchema = RequestBody({ version: Version, title: Type.Optional(TitleText), ...ItemFields });
export type UpdateContentItemBody = Static<typeof UpdateContentItemBodySchema>;

export const ReorderContentItemsBodySchema = RequestBody({
  itemIds: Type.Array(Text({ minLength: 1, maxLength: LIMITS.idLength }), {
    maxItems: OWNER_CONTENT_LIMITS.galleryItems,
    ...withMessage(OWNER_CONTENT_MESSAGES.itemIds),
  }),
});
export type ReorderContentItemsBody = Static<typeof ReorderContentItemsBodySchema>;

// ---------------------------------------------------------------------------------------------
// Calls

const pageReply = { 200: ContentPageSchema, ...ERROR_RESPONSES };
const itemReply = { 200: ContentItemSchema, ...ERROR_RESPONSES };
const treeReply = { 200: PageTreeSchema, ...ERROR_RESPONSES };

export const getContentPageTreeContract = defineContract({
  operationId: 'getContentPageTree',
  method: 'GET',
  url: '/api/owner/content/pages',
  summary: 'The page tree: the main navigation in order (folders with their pages, stores, links), the pages in no navigation, and the home page.',
  tags,
  access: 'content:read',
  schema: { response: treeReply },
});

export const updateContentNavigationContract = defineContract({
  operationId: 'updateContentNavigation',
  method: 'PUT',
  url: '/api/owner/content/navigation',
  summary: 'Reorders the main navigation, nests pages in folders and hides pages (left out = not linked); ids from the tree, each once.',
  tags,
  access: 'content:write',
  schema: { body: UpdateContentNavigationBodySchema, response: treeReply },
});

export const createContentPageContract = defineContract({
  operationId: 'createContentPage',
  method: 'POST',
  url: '/api/owner/content/pages',
  summary: 'Creates a draft page, splash page, collection or folder with an empty body; it joins the main navigation unless inNavigation is false.',
  tags,
  access: 'content:write',
  schema: { body: CreateContentPageBodySchema, response: { 201: ContentPageSchema, ...ERROR_RESPONSES } },
});

export const getContentPageContract = defineContract({
  operationId: 'getContentPage',
  method: 'GET',
  url: '/api/owner/content/pages/:pageId',
  summary: 'One page with its live body, its draft and its version.',
  tags,
  access: 'content:read',
  schema: { params: ContentPageParamsSchema, response: pageReply },
});

export const updateContentPageContract = defineContract({
  operationId: 'updateContentPage',
  method: 'PUT',
  url: '/api/owner/content/pages/:pageId',
  summary: "Changes a page's title, navigation title, URL slug, description, SEO fields or folder behaviour (only those given).",
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, body: UpdateContentPageBodySchema, response: pageReply },
});

/** A draft saved on a stale version: the error's message with the page as it is now (their draft and version). */
export const DraftConflictSchema = ResponseObject({ message: Type.String(), current: ContentPageSchema });
export type DraftConflictJson = { message: string; current: ContentPageJson };

export const saveContentPageDraftContract = defineContract({
  operationId: 'saveContentPageDraft',
  method: 'PUT',
  url: '/api/owner/content/pages/:pageId/draft',
  summary: "Autosaves the page's unpublished body (checked block by block); answers the new version. On a version someone else moved on: 409 with the page as it is now (`current`), overwriting nothing.",
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, body: SaveContentDraftBodySchema, response: { 200: DraftSavedSchema, ...ERROR_RESPONSES, 409: DraftConflictSchema } },
});

export const discardContentPageDraftContract = defineContract({
  operationId: 'discardContentPageDraft',
  method: 'DELETE',
  url: '/api/owner/content/pages/:pageId/draft',
  summary: "Discards the page's unpublished changes.",
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, response: pageReply },
});

export const publishContentPageContract = defineContract({
  operationId: 'publishContentPage',
  method: 'POST',
  url: '/api/owner/content/pages/:pageId/publish',
  summary: 'Publishes the draft (or the body): live now, or scheduled when publishAt is in the future; a revision is kept.',
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, body: PublishContentBodySchema, response: pageReply },
});

export const unpublishContentPageContract = defineContract({
  operationId: 'unpublishContentPage',
  method: 'POST',
  url: '/api/owner/content/pages/:pageId/unpublish',
  summary: 'Takes a page off the site (status draft); a revision is kept.',
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, body: VersionOnlyBodySchema, response: pageReply },
});

export const setContentPageStatusContract = defineContract({
  operationId: 'setContentPageStatus',
  method: 'PUT',
  url: '/api/owner/content/pages/:pageId/status',
  summary: "Sets a page's status to draft, needs-review or private (none of them is live).",
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, body: SetContentStatusBodySchema, response: pageReply },
});

export const setContentHomePageContract = defineContract({
  operationId: 'setContentHomePage',
  method: 'POST',
  url: '/api/owner/content/pages/:pageId/home',
  summary: 'Makes this page the home page, shown at / (not a folder).',
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, body: EmptyBodySchema, response: pageReply },
});

export const deleteContentPageContract = defineContract({
  operationId: 'deleteContentPage',
  method: 'DELETE',
  url: '/api/owner/content/pages/:pageId',
  summary: "Deletes a page (409 for the home page); it leaves the navigation, and a collection's items go with it.",
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, response: { 200: ContentDeletedSchema, ...ERROR_RESPONSES } },
});

export const listContentPageRevisionsContract = defineContract({
  operationId: 'listContentPageRevisions',
  method: 'GET',
  url: '/api/owner/content/pages/:pageId/revisions',
  summary: "A page's revisions, newest first.",
  tags,
  access: 'content:read',
  schema: { params: ContentPageParamsSchema, response: { 200: RevisionListSchema, ...ERROR_RESPONSES } },
});

export const restoreContentPageRevisionContract = defineContract({
  operationId: 'restoreContentPageRevision',
  method: 'POST',
  url: '/api/owner/content/pages/:pageId/revisions/:revisionId/restore',
  summary: "Makes a revision's title and body the page's draft (publish makes it live).",
  tags,
  access: 'content:write',
  schema: { params: ContentPageRevisionParamsSchema, body: VersionOnlyBodySchema, response: pageReply },
});

export const listContentItemsContract = defineContract({
  operationId: 'listContentItems',
  method: 'GET',
  url: '/api/owner/content/pages/:pageId/items',
  summary: "A collection's items: a blog's posts newest first, events by start, a gallery's images by position; cursor pages.",
  tags,
  access: 'content:read',
  schema: { params: ContentPageParamsSchema, querystring: ListContentItemsQuerySchema, response: { 200: ItemListSchema, ...ERROR_RESPONSES } },
});

export const createContentItemContract = defineContract({
  operationId: 'createContentItem',
  method: 'POST',
  url: '/api/owner/content/pages/:pageId/items',
  summary: 'Adds a draft post, event or gallery image to a collection (250 images at most in a gallery).',
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, body: CreateContentItemBodySchema, response: { 201: ContentItemSchema, ...ERROR_RESPONSES } },
});

export const reorderContentItemsContract = defineContract({
  operationId: 'reorderContentItems',
  method: 'PUT',
  url: '/api/owner/content/pages/:pageId/items/order',
  summary: "Puts a gallery's images or a course's lessons in a new order: every item id, once.",
  tags,
  access: 'content:write',
  schema: { params: ContentPageParamsSchema, body: ReorderContentItemsBodySchema, response: { 200: ResponseObject({ items: Type.Array(ItemSummarySchema) }), ...ERROR_RESPONSES } },
});

export const getContentItemContract = defineContract({
  operationId: 'getContentItem',
  method: 'GET',
  url: '/api/owner/content/items/:itemId',
  summary: 'One post, event or gallery image with its body, draft and version.',
  tags,
  access: 'content:read',
  schema: { params: ContentItemParamsSchema, response: itemReply },
});

export const updateContentItemContract = defineContract({
  operationId: 'updateContentItem',
  method: 'PUT',
  url: '/api/owner/content/items/:itemId',
  summary: "Changes an item's fields (only those given): title, slug, excerpt, author, tags, categories, comments, star, event times and place, image, SEO.",
  tags,
  access: 'content:write',
  schema: { params: ContentItemParamsSchema, body: UpdateContentItemBodySchema, response: itemReply },
});

export const deleteContentItemContract = defineContract({
  operationId: 'deleteContentItem',
  method: 'DELETE',
  url: '/api/owner/content/items/:itemId',
  summary: 'Deletes a post, event or gallery image.',
  tags,
  access: 'content:write',
  schema: { params: ContentItemParamsSchema, response: { 200: ContentDeletedSchema, ...ERROR_RESPONSES } },
});

export const saveContentItemDraftContract = defineContract({
  operationId: 'saveContentItemDraft',
  method: 'PUT',
  url: '/api/owner/content/items/:itemId/draft',
  summary: "Autosaves the item's unpublished body; answers the new version.",
  tags,
  access: 'content:write',
  schema: { params: ContentItemParamsSchema, body: SaveContentDraftBodySchema, response: { 200: DraftSavedSchema, ...ERROR_RESPONSES } },
});

export const discardContentItemDraftContract = defineContract({
  operationId: 'discardContentItemDraft',
  method: 'DELETE',
  url: '/api/owner/content/items/:itemId/draft',
  summary: "Discards the item's unpublished changes.",
  tags,
  access: 'content:write',
  schema: { params: ContentItemParamsSchema, response: itemReply },
});

export const publishContentItemContract = defineContract({
  operationId: 'publishContentItem',
  method: 'POST',
  url: '/api/owner/content/items/:itemId/publish',
  summary: 'Publishes the item now, or schedules it when publishAt is in the future; a revision is kept.',
  tags,
  access: 'content:write',
  schema: { params: ContentItemParamsSchema, body: PublishContentBodySchema, response: itemReply },
});

export const unpublishContentItemContract = defineContract({
  operationId: 'unpublishContentItem',
  method: 'POST',
  url: '/api/owner/content/items/:itemId/unpublish',
  summary: 'Takes an item off the site (status draft); a revision is kept.',
  tags,
  access: 'content:write',
  schema: { params: ContentItemParamsSchema, body: VersionOnlyBodySchema, response: itemReply },
});

export const setContentItemStatusContract = defineContract({
  operationId: 'setContentItemStatus',
  method: 'PUT',
  url: '/api/owner/content/items/:itemId/status',
  summary: "Sets an item's status to draft, needs-review or private.",
  tags,
  access: 'content:write',
  schema: { params: ContentItemParamsSchema, body: SetContentStatusBodySchema, response: itemReply },
});

export const listContentItemRevisionsContract = defineContract({
  operationId: 'listContentItemRevisions',
  method: 'GET',
  url: '/api/owner/content/items/:itemId/revisions',
  summary: "An item's revisions, newest first.",
  tags,
  access: 'content:read',
  schema: { params: ContentItemParamsSchema, response: { 200: RevisionListSchema, ...ERROR_RESPONSES } },
});

export const restoreContentItemRevisionContract = defineContract({
  operationId: 'restoreContentItemRevision',
  method: 'POST',
  url: '/api/owner/content/items/:itemId/revisions/:revisionId/restore',
  summary: "Makes a revision's title and body the item's draft (publish makes it live).",
  tags,
  access: 'content:write',
  schema: { params: ContentItemRevisionParamsSchema, body: VersionOnlyBodySchema, response: itemReply },
});

export const OWNER_CONTENT_CONTRACTS = [
  getContentPageTreeContract,
  updateContentNavigationContract,
  createContentPageContract,
  getContentPageContract,
  updateContentPageContract,
  saveContentPageDraftContract,
  discardContentPageDraftContract,
  publishContentPageContract,
  unpublishContentPageContract,
  setContentPageStatusContract,
  setContentHomePageContract,
  deleteContentPageContract,
  listContentPageRevisionsContract,
  restoreContentPageRevisionContract,
  listContentItemsContract,
  createContentItemContract,
  reorderContentItemsContract,
  getContentItemContract,
  updateContentItemContract,
  deleteContentItemContract,
  saveContentItemDraftContract,
  discardContentItemDraftContract,
  publishContentItemContract,
  unpublishContentItemContract,
  setContentItemStatusContract,
  listContentItemRevisionsContract,
  restoreContentItemRevisionContract,
] as const;
