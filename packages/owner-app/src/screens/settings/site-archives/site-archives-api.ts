import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { getSiteArchiveContract, listSiteArchivesContract, SiteArchiveJson, siteArchiveLinkContract, startSiteExportContract } from '@vitrine/contracts';
import { callRoute, type OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';
import { uploadHeaders, type UploadXhr } from '../../products/editor/upload';

/** Settings → Export and import's calls (type-only imports of the contracts); the import is the raw .tar.gz as the body. */
export const SITE_ARCHIVE_ROUTES = {
  list: callRoute<typeof listSiteArchivesContract>('GET', '/api/owner/site-archives'),
  start: callRoute<typeof startSiteExportContract>('POST', '/api/owner/site-archives'),
  get: callRoute<typeof getSiteArchiveContract>('GET', '/api/owner/site-archives/:archiveId'),
  link: callRoute<typeof siteArchiveLinkContract>('POST', '/api/owner/site-archives/:archiveId/link'),
} as const;

export const IMPORT_SITE_ARCHIVE_PATH = '/api/owner/site-archives/import';
/** The server's limit (SITE_ARCHIVE_LIMITS.importBytes, 2 GB), copied: the bundle carries no contract values; the test keeps them equal. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024 * 1024;
/** How often the list is asked again while an export is queued or running (the progress bar follows it). */
export const EXPORT_POLL_MS = 1000;

export interface SiteArchiveList {
  archives: SiteArchiveJson[];
  canImport: boolean;
}

export const siteArchiveKeys = { list: ['site-archives'] as const };

export const isUnderWay = (archive: SiteArchiveJson) => archive.status === 'queued' || archive.status === 'running';

/** The exports, asked again every second while one is under way (TanStack Query stops when none is). */
export function useSiteArchives() {
  const client = useOwnerClient();
  return useQuery<SiteArchiveList>({
    queryKey: siteArchiveKeys.list,
    queryFn: () => client.call(SITE_ARCHIVE_ROUTES.list) as Promise<SiteArchiveList>,
    refetchInterval: (query) => (query.state.data?.archives.some(isUnderWay) ? EXPORT_POLL_MS : false),
  });
}

export function useStartExport() {
  const client = useOwnerClient();
  return useOwnerMutation<boolean, { archive: SiteArchiveJson }>({
    mutationFn: (includePersonalData) => client.call(SITE_ARCHIVE_ROUTES.start, { body: { includePersonalData } }) as Promise<{ archive: SiteArchiveJson }>,
    invalidates: [siteArchiveKeys.list],
  });
}

/** A signed link for a ready export (it works for 15 minutes, on this host only): asked at the click, never kept. */
export function useArchiveLink() {
  const client = useOwnerClient();
  return (archiveId: string) => client.call(SITE_ARCHIVE_ROUTES.link, { params: { archiveId } }) as Promise<{ url: string; expiresAt: string }>;
}

/** After an import the whole site changed: every cached answer is stale, not just the list. */
export function useForgetEverything() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export interface ImportReply {
  rows: Record<string, number>;
  files: number;
}

/** A refused import: the server's message and each problem it listed (`rows/variants.jsonl line 3: …`). */
export class ImportError extends Error {
  constructor(message: string, readonly status: number, readonly problems: string[] = []) {
    super(message);
    this.name = 'ImportError';
  }
}

/** The part of XMLHttpRequest the uploader uses (a fake in tests): the picture uploader's, sending a file. */
export type ArchiveXhr = Omit<UploadXhr, 'send'> & { send(body: Blob): void };

export interface ImportOptions {
  /** Bytes sent so far and the total, as they go out. */
  onProgress?: (sent: number, total: number) => void;
  createXhr?: () => ArchiveXhr;
}

function refusalOf(status: number, text: string): ImportError {
  if (status === 413) return new ImportError(SITE_ARCHIVE_TEXTS.tooLarge, status);
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, unknown> };
    const problems = Object.values(body.errors ?? {}).filter((value): value is string => typeof value === 'string');
    if (typeof body.message === 'string' && body.message !== '') return new ImportError(body.message, status, problems);
  } catch {
    // Not JSON (a proxy's page): the generic words below.
  }
  return new ImportError(SITE_ARCHIVE_TEXTS.importFailed, status);
}

/**
 * Sends an archive as the raw body by XMLHttpRequest, for `upload.onprogress` (fetch reports none), with the crumb
 * and XSRF headers the client's changes carry; resolves with what was imported or rejects with an ImportError.
 */
export async function uploadSiteArchive(client: OwnerBrowserClient, file: File, options: ImportOptions = {}): Promise<ImportReply> {
  if (file.size === 0) throw new ImportError(SITE_ARCHIVE_TEXTS.pickFile, 0);
  if (file.size > MAX_IMPORT_BYTES) throw new ImportError(SITE_ARCHIVE_TEXTS.tooLarge, 0);
  const headers = await uploadHeaders(client);
  const xhr = options.createXhr?.() ?? (new XMLHttpRequest() as unknown as ArchiveXhr);
  return new Promise<ImportReply>((resolve, reject) => {
    xhr.open('POST', IMPORT_SITE_ARCHIVE_PATH);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('content-type', 'application/gzip');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportReply);
        } catch {
          reject(new ImportError(SITE_ARCHIVE_TEXTS.importFailed, xhr.status));
        }
        return;
      }
      reject(refusalOf(xhr.status, xhr.responseText));
    };
    const incomplete = () => reject(new ImportError(SITE_ARCHIVE_TEXTS.interrupted, 0));
    xhr.onerror = incomplete;
    xhr.onabort = incomplete;
    xhr.ontimeout = incomplete;
    xhr.send(file);
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const SITE_ARCHIVE_TEXTS = {
  exportHeading: 'Export this site',
  exportIntro:
    'One archive (.tar.gz) of the whole site: pages with their blocks, navigation, header and footer, design, products with their variants and pictures, collections, forms, posts and comments, events, member areas and courses, and settings. It imports into a new website here or on another Vitrine server.',
  personalData: 'Include personal data: orders, customers and newsletter subscribers',
  personalDataHelp: 'Leave this off unless the archive is for moving the shop. An archive with personal data must be kept as safely as the shop itself.',
  start: 'Start export',
  starting: 'Starting…',
  started: 'Export started. You can leave this page: it goes on in the background.',
  progressLabel: 'Export progress',
  progressText: (done: number, total: number) => (total > 0 ? `Exporting: step ${done} of ${total}` : 'Waiting to start…'),
  listHeading: 'Exports',
  listEmpty: 'No exports yet.',
  created: 'Started',
  contents: 'Contents',
  status: 'Status',
  size: 'Size',
  withPersonalData: 'Site and personal data',
  withoutPersonalData: 'Site only',
  statusText: { queued: 'Waiting', running: 'Exporting', ready: 'Ready', failed: 'Failed' } as Record<string, string>,
  download: 'Download',
  downloadLabel: (when: string) => `Download the export of ${when}`,
  downloading: 'Your download starts in a moment. The link works for 15 minutes.',
  importHeading: 'Import a site archive',
  importIntro: 'Replace this website’s pages, navigation and design with an archive’s, and add its products, posts and everything else it holds. Every picture is stored again.',
  importNotNew: 'This website already has products or orders, so an archive cannot be imported here. Create a new website and import it there.',
  fileLabel: 'Site archive (.tar.gz)',
  import: 'Import archive',
  importing: 'Uploading…',
  uploadLabel: 'Upload progress',
  uploadText: (percent: number) => `${percent}% uploaded`,
  imported: (reply: ImportReply) => {
    const total = Object.values(reply.rows).reduce((sum, count) => sum + count, 0);
    return `Imported ${plural(reply.rows.site_pages ?? 0, 'page', 'pages')}, ${plural(reply.rows.products ?? 0, 'product', 'products')} and ${plural(reply.files, 'file', 'files')} (${plural(total, 'record', 'records')} in all). Reload the page to see the site’s imported name here.`;
  },
  pickFile: 'Choose a site archive (.tar.gz) to import.',
  tooLarge: 'The archive is larger than 2 GB.',
  interrupted: 'The upload was interrupted before the whole archive arrived; nothing was imported.',
  importFailed: 'The archive could not be imported.',
} as const;
