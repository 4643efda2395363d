import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Images (issue 12): the website's pictures, uploaded by an owner and served at their `assetUrl`
 * (resized to the spec's widths with `?format=750w`). An image answers with the asset fields of
 * platform spec §3: assetUrl, originalSize ('WxH'), mediaFocalPoint, colorData, altText, title, body,
 * filename. The upload itself is multipart/form-data (one file), so its contract has no body schema:
 * the server reads the file as a stream and checks its bytes.
 */

const tags = ['owner', 'images'];

/** The responsive widths of the storefront and platform specs: `?format=NNNw` serves only these. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_LIMITS = {
  /** An upload's file: 20 MB (a full-size phone photo is 3–12 MB). */
  fileBytes: 20 * 1024 * 1024,
  /** Decoded pixels: 50 megapixels (a 48 MP phone sensor fits); past it a picture is a decompression bomb risk. */
  pixels: 50_000_000,
  altTextLength: 1000,
  titleLength: 200,
  /** The description may be HTML. */
  bodyLength: 10_000,
  /** Images per page of the list. */
  pageSizeDefault: 50,
  pageSizeMax: 100,
} as const;

export const IMAGE_FIELD_MESSAGES = {
  imageId: 'No such image.',
  altText: `Alt text must be text of at most ${IMAGE_LIMITS.altTextLength} characters.`,
  title: `The title must be text of at most ${IMAGE_LIMITS.titleLength} characters.`,
  body: `The description must be text of at most ${IMAGE_LIMITS.bodyLength} characters.`,
  mediaFocalPoint: 'The focal point must be { x, y } with each between 0 and 1.',
  cursor: 'This page link is not valid.',
  limit: `The page size must be a whole number from 1 to ${IMAGE_LIMITS.pageSizeMax}.`,
} as const;

const FocalCoordinateSchema = Type.Number({ minimum: 0, maximum: 1, [MESSAGE_KEYWORD]: IMAGE_FIELD_MESSAGES.mediaFocalPoint });

export const MediaFocalPointSchema = Type.Object(
  { x: FocalCoordinateSchema, y: FocalCoordinateSchema },
  { additionalProperties: false, [MESSAGE_KEYWORD]: IMAGE_FIELD_MESSAGES.mediaFocalPoint },
);
export type MediaFocalPoint = Static<typeof MediaFocalPointSchema>;

/** Hex colours (`#rrggbb`) of five regions of the picture: what a page paints before the image arrives. */
export const ColorDataSchema = ResponseObject({
  topLeft: Type.String(),
  topRight: Type.String(),
  bottomLeft: Type.String(),
  bottomRight: Type.String(),
  center: Type.String(),
});
export type ColorData = Static<typeof ColorDataSchema>;

export const ImageAssetSchema = ResponseObject({
  id: Type.String(),
  /** Where the picture is served; append `?format=NNNw` for a width of IMAGE_WIDTHS. */
  assetUrl: Type.String(),
  /** 'WIDTHxHEIGHT' in pixels, after the EXIF orientation is applied. */
  originalSize: Type.String(),
  mediaFocalPoint: ResponseObject({ x: Type.Number(), y: Type.Number() }),
  colorData: ColorDataSchema,
  altText: Type.String(),
  title: Type.String(),
  body: Type.String(),
  filename: Type.String(),
  contentType: Type.String(),
  created: Type.String(),
});
export type ImageAssetJson = Static<typeof ImageAssetSchema>;

const ImageParamsSchema = RequestParams({
  imageId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: IMAGE_FIELD_MESSAGES.imageId }),
});
export type ImageParams = Static<typeof ImageParamsSchema>;

// POST /api/owner/images (multipart/form-data, one file field)

export const uploadImageContract = defineContract({
  operationId: 'uploadImage',
  method: 'POST',
  url: '/api/owner/images',
  summary:
    'Uploads one picture as multipart/form-data (a single file field; JPEG, PNG, WebP, GIF or AVIF, recognised from its bytes, at most 20 MB and 50 megapixels). Metadata (EXIF, GPS) is removed and the orientation applied.',
  tags,
  access: 'catalog:write',
  schema: { response: { 201: ImageAssetSchema, ...ERROR_RESPONSES } },
});

// GET /api/owner/images

export const ListImagesQuerySchema = RequestQuery({
  /** The `nextCursor` of the page before. */
  cursor: Type.Optional(Text({ maxLength: 200, [MESSAGE_KEYWORD]: IMAGE_FIELD_MESSAGES.cursor })),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', [MESSAGE_KEYWORD]: IMAGE_FIELD_MESSAGES.limit })),
});
export type ListImagesQuery = Static<typeof ListImagesQuerySchema>;

export const ImagePageSchema = ResponseObject({
  images: Type.Array(ImageAssetSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ImagePageJson = Static<typeof ImagePageSchema>;

export const listImagesContract = defineContract({
  operationId: 'listImages',
  method: 'GET',
  url: '/api/owner/images',
  summary: "The website's pictures, newest first, in cursor pages (`limit` 1–100, 50 by default).",
  tags,
  access: 'catalog:read',
  schema: { querystring: ListImagesQuerySchema, response: { 200: ImagePageSchema, ...ERROR_RESPONSES } },
});

// GET /api/owner/images/:imageId

export const getImageContract = defineContract({
  operationId: 'getImage',
  method: 'GET',
  url: '/api/owner/images/:imageId',
  summary: "One picture's asset fields.",
  tags,
  access: 'catalog:read',
  schema: { params: ImageParamsSchema, response: { 200: ImageAssetSchema, ...ERROR_RESPONSES } },
});

// PUT /api/owner/images/:imageId

export const UpdateImageBodySchema = RequestBody({
  altText: Type.Optional(Text({ maxLength: IMAGE_LIMITS.altTextLength, [MESSAGE_KEYWORD]: IMAGE_FIELD_MESSAGES.altText })),
  title: Type.Optional(Text({ maxLength: IMAGE_LIMITS.titleLength, [MESSAGE_KEYWORD]: IMAGE_FIELD_MESSAGES.title })),
  body: Type.Optional(Text({ maxLength: IMAGE_LIMITS.bodyLength, [MESSAGE_KEYWORD]: IMAGE_FIELD_MESSAGES.body })),
  mediaFocalPoint: Type.Optional(MediaFocalPointSchema),
});
export type UpdateImageBody = Static<typeof UpdateImageBodySchema>;

export const updateImageContract = defineContract({
  operationId: 'updateImage',
  method: 'PUT',
  url: '/api/owner/images/:imageId',
  summary: "Changes a picture's alt text, title, description or focal point (the fields given; the pixels never change).",
  tags,
  access: 'catalog:write',
  schema: { params: ImageParamsSchema, body: UpdateImageBodySchema, response: { 200: ImageAssetSchema, ...ERROR_RESPONSES } },
});

// DELETE /api/owner/images/:imageId

export const ImageDeletedSchema = ResponseObject({ deleted: Type.Literal(true), id: Type.String() });

export const deleteImageContract = defineContract({
  operationId: 'deleteImage',
  method: 'DELETE',
  url: '/api/owner/images/:imageId',
  summary: 'Deletes a picture and its resized copies; refused (409) while a product shows it.',
  tags,
  access: 'catalog:write',
  schema: { params: ImageParamsSchema, response: { 200: ImageDeletedSchema, ...ERROR_RESPONSES } },
});

/** Images: upload, resize, asset fields (issue 12). */
export const OWNER_IMAGE_CONTRACTS = [uploadImageContract, listImagesContract, getImageContract, updateImageContract, deleteImageContract] as const;
