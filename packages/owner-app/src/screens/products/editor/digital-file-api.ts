import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  deleteProductFileContract,
  getProductFileContract,
  ProductFileJson,
  ProductFileReply,
  updateProductFileLimitsContract,
} from '@vitrine/contracts';
import { callRoute, type OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';
import { UploadError, uploadHeaders, UPLOAD_TEXTS, type UploadXhr } from './upload';

/**
 * A digital product's file (issue 17): read, limits and removal through the owner client; the upload itself with
 * XMLHttpRequest, like the pictures (upload.ts), so its progress shows. The file is the raw body of
 * `PUT /api/owner/products/:productId/file`, its name in X-File-Name (percent-encoded: headers carry ASCII).
 */

export const DIGITAL_FILE_ROUTES = {
  getFile: callRoute<typeof getProductFileContract>('GET', '/api/owner/products/:productId/file'),
  updateLimits: callRoute<typeof updateProductFileLimitsContract>('PUT', '/api/owner/products/:productId/file/limits'),
  deleteFile: callRoute<typeof deleteProductFileContract>('DELETE', '/api/owner/products/:productId/file'),
} as const;

/** The upload's address (PUT, the raw file as the body). */
export const fileUploadPath = (productId: string) => `/api/owner/products/${encodeURIComponent(productId)}/file`;

/** The server's limit (PRODUCT_FILE_LIMITS.fileBytes): 200 MB. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export const DIGITAL_FILE_TEXTS = {
  title: 'Digital file',
  intro: 'Shoppers who buy this product get a download link in their confirmation email and on the confirmation page.',
  saveFirst: 'Save the product first, then add the file shoppers download.',
  none: 'No file yet: paid orders get no download link until you add one.',
  upload: 'Upload file',
  replace: 'Replace file',
  remove: 'Remove file',
  removeTitle: 'Remove this file?',
  removeMessage: 'Download links already sent will stop working.',
  removed: 'File removed.',
  uploaded: (name: string) => `${name} uploaded.`,
  tooLarge: 'This file is larger than 200 MB.',
  downloadLimit: 'Downloads per purchase',
  downloadLimitHint: 'For each unit bought, 1 to 100.',
  linkDays: 'Link lasts (days)',
  linkDaysHint: 'From payment, 1 to 365 days.',
  saveLimits: 'Save limits',
  savingLimits: 'Saving…',
  limitsSaved: 'Limits saved. They apply to orders paid from now on.',
  wholeNumber: (from: number, to: number) => `Enter a whole number from ${from} to ${to}.`,
  fileName: 'File',
  size: 'Size',
  type: 'Type',
} as const;

export const productFileKey = (productId: string) => ['product-file', productId] as const;

export function useProductFile(productId: string) {
  const client = useOwnerClient();
  return useQuery<ProductFileJson | null>({
    queryKey: productFileKey(productId),
    queryFn: async () => ((await client.call(DIGITAL_FILE_ROUTES.getFile, { params: { productId } })) as ProductFileReply).file,
  });
}

export function useUpdateFileLimits(productId: string) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useOwnerMutation<{ downloadLimit: number; linkDays: number }, ProductFileJson | null>({
    mutationFn: async (body) => ((await client.call(DIGITAL_FILE_ROUTES.updateLimits, { params: { productId }, body })) as ProductFileReply).file,
    invalidates: [],
    onSuccess: (file) => queryClient.setQueryData(productFileKey(productId), file),
  });
}

export function useDeleteFile(productId: string) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useOwnerMutation<void, unknown>({
    mutationFn: () => client.call(DIGITAL_FILE_ROUTES.deleteFile, { params: { productId } }),
    invalidates: [],
    onSuccess: () => queryClient.setQueryData(productFileKey(productId), null),
  });
}

/** '1.2 MB' (powers of 1000, as file managers show sizes). */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** A limit field's value as a whole number within its range, or null. */
export function wholeNumberIn(text: string, from: number, to: number): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= from && value <= to ? value : null;
}

/** The uploader's XMLHttpRequest: the pictures' one, sending a Blob (the file itself) instead of a form. */
export type FileUploadXhr = Omit<UploadXhr, 'send'> & { send(body: Blob): void };

const messageOf = (text: string): string | null => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : null;
  } catch {
    return null;
  }
};

/** Sends the file as the body; resolves with the saved file's description, or rejects with an UploadError. */
export async function uploadProductFileWithProgress(
  client: OwnerBrowserClient,
  productId: string,
  file: File,
  options: { onProgress?: (fraction: number) => void; createXhr?: () => FileUploadXhr } = {},
): Promise<ProductFileJson> {
  if (file.size > MAX_FILE_BYTES) throw new UploadError(0, DIGITAL_FILE_TEXTS.tooLarge);
  const headers = await uploadHeaders(client);
  const xhr = options.createXhr?.() ?? (new XMLHttpRequest() as unknown as FileUploadXhr);
  return new Promise<ProductFileJson>((resolve, reject) => {
    xhr.open('PUT', fileUploadPath(productId));
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name || 'file'));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const saved = (() => {
          try {
            return (JSON.parse(xhr.responseText) as ProductFileReply).file;
          } catch {
            return null;
          }
        })();
        if (!saved) return reject(new UploadError(xhr.status, UPLOAD_TEXTS.notCompleted));
        options.onProgress?.(1);
        return resolve(saved);
      }
      reject(new UploadError(xhr.status, xhr.status === 413 ? DIGITAL_FILE_TEXTS.tooLarge : messageOf(xhr.responseText) ?? UPLOAD_TEXTS.notCompleted));
    };
    const incomplete = () => reject(new UploadError(0, UPLOAD_TEXTS.notCompleted));
    xhr.onerror = incomplete;
    xhr.onabort = incomplete;
    xhr.ontimeout = incomplete;
    xhr.send(file);
  });
}
