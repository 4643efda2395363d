import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';
import { IMAGE_LIMITS, ImageAssetSchema } from './owner-images';

/**
 * The media library (issue 34 item 5): the website's pictures as the owner manages them — searched by name and
 * alt text, uploaded with their alt text (asked at upload: a file name is never alt text), renamed, traced to
 * where they are shown ("on 3 pages, 1 product"), replaced everywhere at once, and deleted only when unused or
 * when the owner confirms the very list of places that lose the picture. The pictures are the images domain's
 * (`/api/owner/images`); these calls add the library's work on top. Reads need `catalog:read` (which already
 * reads images), changes `media:write`.
 */

const tags = ['owner', 'media'];

export const MEDIA_LIMITS = {
  nameLength: 200,
  searchLength: 200,
  /** Places a delete may be confirmed for at once (a picture on more places is removed from each by hand). */
  placesMax: 500,
} as const;

export const MEDIA_FIELD_MESSAGES = {
  name: `A file name must be 1 to ${MEDIA_LIMITS.nameLength} characters.`,
  altText: `Describe the picture for people who cannot see it (at most ${IMAGE_LIMITS.altTextLength} characters).`,
  search: `Search for at most ${MEDIA_LIMITS.searchLength} characters.`,
  withImageId: 'Choose the picture to show instead.',
  removeFrom: 'The places to remove the picture from must be the list the library showed.',
} as const;

export const MEDIA_MESSAGES = {
  /** Platform §8's rename failure: the message, and the title the owner app shows above it. */
  renameFailed: 'There was a problem while renaming your file',
  renameFailedTitle: 'Unable to Rename File',
  noAltText: 'Add alt text: describe the picture for people who cannot see it.',
  sameImage: 'Choose a different picture: this one is already shown there.',
  /** The 409 of a delete: `errors` then holds each place that would lose the picture (its key → what it is). */
  inUse: (summary: string) => `This picture is ${summary}: confirm to remove it from those places, or replace it first.`,
} as const;

/** Where a picture is shown. `key` ('page:ID', 'product:ID', …) is what a forced delete names. */
export const MEDIA_PLACE_KINDS = ['page', 'post', 'product', 'store', 'site'] as const;
export type MediaPlaceKind = (typeof MEDIA_PLACE_KINDS)[number];

export const MediaPlaceSchema = ResponseObject({
  key: Type.String(),
  kind: Type.Union([Type.Literal('page'), Type.Literal('post'), Type.Literal('product'), Type.Literal('store'), Type.Literal('site')]),
  id: Type.String(),
  /** What the owner calls it: a page's or product's title, 'Logo' for the site's identity. */
  title: Type.String(),
  /** What uses it there when it is not the whole thing: 'draft', 'gallery', 'variant', 'SEO picture'. */
  detail: Type.String(),
});
export type MediaPlaceJson = Static<typeof MediaPlaceSchema>;

export const MediaItemSchema = ResponseObject({
  ...ImageAssetSchema.properties,
  /** The library's name of the picture (renamable; the served file name stays, so links keep working). */
  name: Type.String(),
  /** The stored original's size in bytes (0 for pictures shipped with the server). */
  byteSize: Type.Number(),
});
export type MediaItemJson = Static<typeof MediaItemSchema>;

const MediaParamsSchema = RequestParams({
  imageId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: 'No such image.' }),
});

// GET /api/owner/media

export const ListMediaQuerySchema = RequestQuery({
  search: Type.Optional(Text({ maxLength: MEDIA_LIMITS.searchLength, [MESSAGE_KEYWORD]: MEDIA_FIELD_MESSAGES.search })),
  cursor: Type.Optional(Text({ maxLength: 200, [MESSAGE_KEYWORD]: 'This page link is not valid.' })),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', [MESSAGE_KEYWORD]: `The page size must be a whole number from 1 to ${IMAGE_LIMITS.pageSizeMax}.` })),
});
export type ListMediaQuery = Static<typeof ListMediaQuerySchema>;

export const MediaPageSchema = ResponseObject({
  media: Type.Array(MediaItemSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type MediaPageJson = Static<typeof MediaPageSchema>;

export const listMediaContract = defineContract({
  operationId: 'listMedia',
  method: 'GET',
  url: '/api/owner/media',
  summary: "The website's pictures, newest first, in cursor pages; `search` keeps those whose name or alt text holds it (any case).",
  tags,
  access: 'catalog:read',
  schema: { querystring: ListMediaQuerySchema, response: { 200: MediaPageSchema, ...ERROR_RESPONSES } },
});

// POST /api/owner/media (multipart/form-data: altText, name?, then one file)

export const uploadMediaContract = defineContract({
  operationId: 'uploadMedia',
  method: 'POST',
  url: '/api/owner/media',
  summary:
    'Uploads one picture as multipart/form-data with its `altText` field (required, never taken from the file name) and an optional `name` (the file name without its extension otherwise), before the file field.',
  tags,
  access: 'media:write',
  schema: { response: { 201: MediaItemSchema, ...ERROR_RESPONSES } },
});

// POST /api/owner/media/:imageId/rename

export const RenameMediaBodySchema = RequestBody({
  name: Text({ minLength: 1, maxLength: MEDIA_LIMITS.nameLength, [MESSAGE_KEYWORD]: MEDIA_FIELD_MESSAGES.name }),
});
export type RenameMediaBody = Static<typeof RenameMediaBodySchema>;

export const renameMediaContract = defineContract({
  operationId: 'renameMedia',
  method: 'POST',
  url: '/api/owner/media/:imageId/rename',
  summary: "Renames a picture in the library (1–200 characters, not blank); its address and every place showing it stay as they are.",
  tags,
  access: 'media:write',
  schema: { params: MediaParamsSchema, body: RenameMediaBodySchema, response: { 200: MediaItemSchema, ...ERROR_RESPONSES } },
});

// GET /api/owner/media/:imageId/uses

export const MediaUsesSchema = ResponseObject({
  places: Type.Array(MediaPlaceSchema),
  /** 'on 3 pages, 1 product', or 'not used anywhere'. */
  summary: Type.String(),
});
export type MediaUsesJson = Static<typeof MediaUsesSchema>;

export const listMediaUsesContract = defineContract({
  operationId: 'listMediaUses',
  method: 'GET',
  url: '/api/owner/media/:imageId/uses',
  summary: "Where a picture is shown: pages and posts (their published body, their draft, a post's main picture), products (their pictures, a variant's, the SEO picture), stores' SEO pictures and the site's identity.",
  tags,
  access: 'catalog:read',
  schema: { params: MediaParamsSchema, response: { 200: MediaUsesSchema, ...ERROR_RESPONSES } },
});

// POST /api/owner/media/:imageId/replace

export const ReplaceMediaBodySchema = RequestBody({
  withImageId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: MEDIA_FIELD_MESSAGES.withImageId }),
});
export type ReplaceMediaBody = Static<typeof ReplaceMediaBodySchema>;

export const ReplacedMediaSchema = ResponseObject({
  /** The places that now show the other picture. */
  places: Type.Array(MediaPlaceSchema),
  summary: Type.String(),
});
export type ReplacedMediaJson = Static<typeof ReplacedMediaSchema>;

export const replaceMediaContract = defineContract({
  operationId: 'replaceMedia',
  method: 'POST',
  url: '/api/owner/media/:imageId/replace',
  summary: 'Shows another picture of the website everywhere this one is shown, in one transaction (this one stays in the library, now unused).',
  tags,
  access: 'media:write',
  schema: { params: MediaParamsSchema, body: ReplaceMediaBodySchema, response: { 200: ReplacedMediaSchema, ...ERROR_RESPONSES } },
});

// POST /api/owner/media/:imageId/delete

export const DeleteMediaBodySchema = RequestBody({
  /** The keys of the places the owner was shown and agreed to remove the picture from; none for an unused picture. */
  removeFrom: Type.Optional(
    Type.Array(Text({ minLength: 1, maxLength: 100, [MESSAGE_KEYWORD]: MEDIA_FIELD_MESSAGES.removeFrom }), { maxItems: MEDIA_LIMITS.placesMax, [MESSAGE_KEYWORD]: MEDIA_FIELD_MESSAGES.removeFrom }),
  ),
});
export type DeleteMediaBody = Static<typeof DeleteMediaBodySchema>;

export const deleteMediaContract = defineContract({
  operationId: 'deleteMedia',
  method: 'POST',
  url: '/api/owner/media/:imageId/delete',
  summary:
    'Deletes a picture. While it is shown somewhere: 409 with each place in `errors` (key → title), unless `removeFrom` lists every one of those places — it is then taken out of them (a gallery loses the entry, an image block is left empty) and deleted.',
  tags,
  access: 'media:write',
  schema: { params: MediaParamsSchema, body: DeleteMediaBodySchema, response: { 200: ResponseObject({ deleted: Type.Literal(true), id: Type.String(), places: Type.Array(MediaPlaceSchema) }), ...ERROR_RESPONSES } },
});

/** The media library (issue 34 item 5). */
export const OWNER_MEDIA_CONTRACTS = [listMediaContract, uploadMediaContract, renameMediaContract, listMediaUsesContract, replaceMediaContract, deleteMediaContract] as const;
