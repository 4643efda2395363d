import type { OwnerLessonReply } from '@vitrine/contracts';
import type { OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { uploadHeaders, type UploadXhr } from '../products/editor/upload';

/**
 * Uploading a lesson's video with a progress bar: `PUT /api/owner/lessons/:itemId/video` with the raw file as the
 * body (its type as the Content-Type, its name as ?name=, which any characters survive), by XMLHttpRequest for `upload.onprogress` (fetch
 * reports none), with the crumb and XSRF headers the client's changes carry. The size and type are checked first
 * with the server's limits (COURSE_LIMITS.videoBytes, LESSON_VIDEO_TYPES: copied here, as the app bundles no
 * contract values; courses.test.ts keeps them equal).
 */

export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime'] as const;
const TYPE_BY_EXTENSION: Readonly<Record<string, (typeof VIDEO_TYPES)[number]>> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', ogg: 'video/ogg', mov: 'video/quicktime' };

export const VIDEO_UPLOAD_TEXTS = {
  failed: 'There was a problem while uploading your file',
  notCompleted: 'File upload failed to complete',
  tooLarge: 'This file is too large. The maximum size is 200 MB.',
  notSupported: (name: string) => `${name} is not a video this site plays. Upload an MP4, WebM, Ogg or QuickTime file.`,
  empty: 'The file is empty.',
} as const;

/** The Content-Type to send: the browser's, else one read from the extension; null when it is not a video the site plays. */
export function videoTypeOf(file: { name: string; type: string }): string | null {
  const given = file.type.toLowerCase();
  if ((VIDEO_TYPES as readonly string[]).includes(given)) return given;
  if (given !== '' && given !== 'application/octet-stream') return null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? null;
}

/** Why a file cannot be sent, or null. */
export function checkVideoFile(file: { name: string; size: number; type: string }): string | null {
  if (!videoTypeOf(file)) return VIDEO_UPLOAD_TEXTS.notSupported(file.name || 'This file');
  if (file.size === 0) return VIDEO_UPLOAD_TEXTS.empty;
  if (file.size > MAX_VIDEO_BYTES) return VIDEO_UPLOAD_TEXTS.tooLarge;
  return null;
}

/** '48.2 MB', '512 KB', '900 bytes': sizes as the owner reads them (1 MB = 1024 × 1024 bytes, like the limit). */
export function sizeText(bytes: number, locale = 'en-US'): string {
  const number = (value: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} bytes`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${number(bytes / 1024 / 1024, 1)} MB`;
  return `${number(bytes / 1024 / 1024 / 1024, 2)} GB`;
}

export class VideoUploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'VideoUploadError';
    this.status = status;
  }
}

/** The part of XMLHttpRequest the uploader uses (a fake in tests): the picture uploader's, sending a file. */
export type VideoXhr = Omit<UploadXhr, 'send'> & { send(body: Blob): void };

export interface VideoUploadOptions {
  /** Bytes sent so far and the total, as they go out. */
  onProgress?: (sent: number, total: number) => void;
  createXhr?: () => VideoXhr;
  signal?: AbortSignal;
}

const messageOf = (text: string): string | null => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : null;
  } catch {
    return null;
  }
};

/** Sends one video; resolves with the lesson as the server now has it, or rejects with a VideoUploadError (the server's reason when it gave one). */
export async function uploadLessonVideo(client: OwnerBrowserClient, itemId: string, file: File, options: VideoUploadOptions = {}): Promise<OwnerLessonReply> {
  const refusal = checkVideoFile(file);
  if (refusal) throw new VideoUploadError(0, refusal);
  const headers = await uploadHeaders(client);
  const xhr = options.createXhr?.() ?? (new XMLHttpRequest() as unknown as VideoXhr);
  return new Promise<OwnerLessonReply>((resolve, reject) => {
    xhr.open('PUT', `/api/owner/lessons/${encodeURIComponent(itemId)}/video?name=${encodeURIComponent(file.name)}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('content-type', videoTypeOf(file)!);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          options.onProgress?.(file.size, file.size);
          resolve(JSON.parse(xhr.responseText) as OwnerLessonReply);
        } catch {
          reject(new VideoUploadError(xhr.status, VIDEO_UPLOAD_TEXTS.notCompleted));
        }
        return;
      }
      const detail = xhr.status === 413 ? VIDEO_UPLOAD_TEXTS.tooLarge : (messageOf(xhr.responseText) ?? VIDEO_UPLOAD_TEXTS.notCompleted);
      reject(new VideoUploadError(xhr.status, detail));
    };
    const incomplete = () => reject(new VideoUploadError(0, VIDEO_UPLOAD_TEXTS.notCompleted));
    xhr.onerror = incomplete;
    xhr.onabort = incomplete;
    xhr.ontimeout = incomplete;
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
