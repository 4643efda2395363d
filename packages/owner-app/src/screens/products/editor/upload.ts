import type { ImageAssetJson } from '@vitrine/contracts';
import { CRUMB_HEADER, SITE_USER_XSRF_HEADER, type OwnerBrowserClient } from '@vitrine/owner-client/browser';

/**
 * Uploading a picture with a progress bar. The owner client calls with fetch, which cannot report an upload's
 * progress; this sends the same multipart request (`POST /api/owner/images`, one `file` field) with
 * XMLHttpRequest and its `upload.onprogress`, with the same crumb and XSRF headers as the client's changes.
 * The size and type are checked before sending, with the server's limits.
 */

export const UPLOAD_PATH = '/api/owner/images';
/** The server's limit (IMAGE_LIMITS.fileBytes): 20 MB. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The types the server recognises from a file's bytes. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
const EXTENSIONS = /\.(jpe?g|png|webp|gif|avif)$/i;

/** Platform §8's upload failure (its title and message), the spec's completion failure, and §5's file checks. */
export const UPLOAD_TEXTS = {
  failedTitle: 'Unable to Upload File',
  failed: 'There was a problem while uploading your file',
  notCompleted: 'File upload failed to complete',
  tooLarge: (maxMb: number) => `This file is too large. The maximum size is ${maxMb} MB.`,
  notSupported: (name: string) => `${name} is not a supported file type. Upload a JPEG, PNG, WebP, GIF or AVIF picture.`,
  uploading: (name: string) => `Uploading ${name}`,
  progress: (percent: number) => `${percent}% uploaded`,
} as const;

/** Why a file cannot be sent, or null: over 20 MB, or not a picture type the server takes. */
export function checkUploadFile(file: { name: string; size: number; type: string }): string | null {
  const typeOk = file.type ? (UPLOAD_TYPES as readonly string[]).includes(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!typeOk) return UPLOAD_TEXTS.notSupported(file.name || 'This file');
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TEXTS.tooLarge(MAX_UPLOAD_BYTES / 1024 / 1024);
  return null;
}

/** A failed upload: platform §8's title and message, and what happened (the server's reason when it gave one). */
export class UploadError extends Error {
  readonly title = UPLOAD_TEXTS.failedTitle;
  readonly detail: string;
  readonly status: number;
  constructor(status: number, detail: string) {
    super(UPLOAD_TEXTS.failed);
    this.name = 'UploadError';
    this.status = status;
    this.detail = detail;
  }
}

/** The part of XMLHttpRequest the uploader uses (a fake in tests). */
export interface UploadXhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
  withCredentials: boolean;
}

export interface UploadOptions {
  /** 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  createXhr?: () => UploadXhr;
  signal?: AbortSignal;
  /** Another upload call of the same shape (the media library's `/api/owner/media`), and its text fields, sent before the file. */
  url?: string;
  fields?: Readonly<Record<string, string>>;
}

/** The headers a change carries: the crumb cookie echoed, and the session's XSRF token. */
export async function uploadHeaders(client: OwnerBrowserClient): Promise<Record<string, string>> {
  if (client.http.crumb() === null) await client.http.refreshCrumb();
  const headers: Record<string, string> = { accept: 'application/json' };
  const crumb = client.http.crumb();
  if (crumb !== null) headers[CRUMB_HEADER] = crumb;
  const xsrf = client.http.xsrfTokens.get();
  if (xsrf) headers[SITE_USER_XSRF_HEADER] = xsrf;
  return headers;
}

const messageOf = (text: string): string | null => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : null;
  } catch {
    return null;
  }
};

/** Sends one picture; resolves with its image asset, or rejects with an UploadError. */
export async function uploadImageWithProgress(client: OwnerBrowserClient, file: File, options: UploadOptions = {}): Promise<ImageAssetJson> {
  const refusal = checkUploadFile(file);
  if (refusal) throw new UploadError(0, refusal);
  const headers = await uploadHeaders(client);
  const xhr = options.createXhr?.() ?? (new XMLHttpRequest() as unknown as UploadXhr);
  return new Promise<ImageAssetJson>((resolve, reject) => {
    xhr.open('POST', options.url ?? UPLOAD_PATH);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          options.onProgress?.(1);
          resolve(JSON.parse(xhr.responseText) as ImageAssetJson);
        } catch {
          reject(new UploadError(xhr.status, UPLOAD_TEXTS.notCompleted));
        }
        return;
      }
      const detail = xhr.status === 413 ? UPLOAD_TEXTS.tooLarge(MAX_UPLOAD_BYTES / 1024 / 1024) : messageOf(xhr.responseText) ?? UPLOAD_TEXTS.notCompleted;
      reject(new UploadError(xhr.status, detail));
    };
    const incomplete = () => reject(new UploadError(0, UPLOAD_TEXTS.notCompleted));
    xhr.onerror = incomplete;
    xhr.onabort = incomplete;
    xhr.ontimeout = incomplete;
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('file', file, file.name || 'image');
    xhr.send(form);
  });
}
