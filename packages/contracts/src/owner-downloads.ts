import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * A digital product's file (issue 17 item 6): the owner uploads it, and each paid order line of the product gets
 * a signed download link that expires after `linkDays` and allows `downloadLimit` downloads per unit bought. The
 * upload is the raw file as the request body (any Content-Type, streamed to disk), so its contract has no body
 * schema; the file's name comes from the X-File-Name header or the `name` query parameter.
 */

const tags = ['owner', 'downloads'];

export const PRODUCT_FILE_LIMITS = {
  /** An upload: 200 MB (a long video course is split; an e-book, a font family or a sample pack fits). */
  fileBytes: 200 * 1024 * 1024,
  fileNameLength: 200,
  downloadLimitMax: 100,
  linkDaysMax: 365,
  /** What a new file gets until the owner changes it. */
  defaultDownloadLimit: 5,
  defaultLinkDays: 7,
} as const;

export const PRODUCT_FILE_MESSAGES = {
  productId: 'No such product.',
  name: `The file name must be text of 1 to ${PRODUCT_FILE_LIMITS.fileNameLength} characters.`,
  downloadLimit: `The download limit must be a whole number from 1 to ${PRODUCT_FILE_LIMITS.downloadLimitMax}.`,
  linkDays: `Links must last a whole number of days from 1 to ${PRODUCT_FILE_LIMITS.linkDaysMax}.`,
  notDigital: 'Only a digital product carries a file.',
  noFile: 'This product has no file.',
  emptyFile: 'The file is empty.',
  tooLarge: 'The file is larger than 200 MB.',
  noName: 'Name the file: send its name in the X-File-Name header or the name query parameter.',
  interrupted: 'The upload was interrupted; nothing was saved. Please try again.',
} as const;

export const ProductFileSchema = ResponseObject({
  id: Type.String(),
  productId: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer(),
  /** Hex SHA-256 of the bytes: what a shopper can check the download against. */
  sha256: Type.String(),
  downloadLimit: Type.Integer(),
  linkDays: Type.Integer(),
  created: Type.String(),
  updated: Type.String(),
});
export type ProductFileJson = Static<typeof ProductFileSchema>;

export const ProductFileReplySchema = ResponseObject({ file: Type.Union([ProductFileSchema, Type.Null()]) });
export type ProductFileReply = Static<typeof ProductFileReplySchema>;

const ProductFileParamsSchema = RequestParams({
  productId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: PRODUCT_FILE_MESSAGES.productId }),
});
export type ProductFileParams = Static<typeof ProductFileParamsSchema>;

export const UploadProductFileQuerySchema = RequestQuery({
  name: Type.Optional(Text({ minLength: 1, maxLength: PRODUCT_FILE_LIMITS.fileNameLength, [MESSAGE_KEYWORD]: PRODUCT_FILE_MESSAGES.name })),
});

// GET /api/owner/products/:productId/file

export const getProductFileContract = defineContract({
  operationId: 'getProductFile',
  method: 'GET',
  url: '/api/owner/products/:productId/file',
  summary: "A digital product's file: name, type, size, SHA-256, download limit and link days (file: null when it has none).",
  tags,
  access: 'catalog:read',
  schema: { params: ProductFileParamsSchema, response: { 200: ProductFileReplySchema, ...ERROR_RESPONSES } },
});

// PUT /api/owner/products/:productId/file (the raw file as the body)

export const uploadProductFileContract = defineContract({
  operationId: 'uploadProductFile',
  method: 'PUT',
  url: '/api/owner/products/:productId/file',
  summary:
    "Uploads (or replaces) a digital product's file: the raw bytes as the body (any Content-Type, at most 200 MB), named by X-File-Name or ?name=. Links already sent serve the new file.",
  tags,
  access: 'catalog:write',
  schema: { params: ProductFileParamsSchema, querystring: UploadProductFileQuerySchema, response: { 200: ProductFileReplySchema, ...ERROR_RESPONSES } },
});

// PUT /api/owner/products/:productId/file/limits

export const UpdateProductFileLimitsBodySchema = RequestBody({
  downloadLimit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: PRODUCT_FILE_LIMITS.downloadLimitMax, [MESSAGE_KEYWORD]: PRODUCT_FILE_MESSAGES.downloadLimit }),
  ),
  linkDays: Type.Optional(Type.Integer({ minimum: 1, maximum: PRODUCT_FILE_LIMITS.linkDaysMax, [MESSAGE_KEYWORD]: PRODUCT_FILE_MESSAGES.linkDays })),
});
export type UpdateProductFileLimitsBody = Static<typeof UpdateProductFileLimitsBodySchema>;

export const updateProductFileLimitsContract = defineContract({
  operationId: 'updateProductFileLimits',
  method: 'PUT',
  url: '/api/owner/products/:productId/file/limits',
  summary: "Changes the file's download limit (per unit bought, 1–100) or link days (1–365), the fields given; for orders paid from now on.",
  tags,
  access: 'catalog:write',
  schema: {
    params: ProductFileParamsSchema,
    body: UpdateProductFileLimitsBodySchema,
    response: { 200: ProductFileReplySchema, ...ERROR_RESPONSES },
  },
});

// DELETE /api/owner/products/:productId/file

export const ProductFileDeletedSchema = ResponseObject({ deleted: Type.Literal(true), productId: Type.String() });

export const deleteProductFileContract = defineContract({
  operationId: 'deleteProductFile',
  method: 'DELETE',
  url: '/api/owner/products/:productId/file',
  summary: "Removes a digital product's file; links already sent stop working (404).",
  tags,
  access: 'catalog:write',
  schema: { params: ProductFileParamsSchema, response: { 200: ProductFileDeletedSchema, ...ERROR_RESPONSES } },
});

/** Digital products' files (issue 17). */
export const OWNER_DOWNLOAD_CONTRACTS = [getProductFileContract, uploadProductFileContract, updateProductFileLimitsContract, deleteProductFileContract] as const;
