import { useQuery } from '@tanstack/react-query';
import type { getSiteImportContract, listSiteImportsContract, SiteImportJson } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → Import's calls (type-only imports of the contracts); the start is the raw .xml file as the body. */
export const SITE_IMPORT_ROUTES = {
  list: callRoute<typeof listSiteImportsContract>('GET', '/api/owner/site-imports'),
  get: callRoute<typeof getSiteImportContract>('GET', '/api/owner/site-imports/:importId'),
} as const;

export const START_WXR_IMPORT_PATH = '/api/owner/site-imports/wxr';
/** The server's limit (SITE_IMPORT_LIMITS.archiveBytes, 20 MB), copied: the bundle carries no contract values; the test keeps them equal. */
export const MAX_WXR_BYTES = 20 * 1024 * 1024;
/** How often the list is asked again while an import is queued or running (the progress bar follows it). */
export const IMPORT_POLL_MS = 1000;

export const siteImportKeys = { list: ['site-imports'] as const };

export const isImportUnderWay = (entry: SiteImportJson) => entry.status === 'queued' || entry.status === 'running';

export function useSiteImports() {
  const client = useOwnerClient();
  return useQuery<{ imports: SiteImportJson[] }>({
    queryKey: siteImportKeys.list,
    queryFn: () => client.call(SITE_IMPORT_ROUTES.list) as Promise<{ imports: SiteImportJson[] }>,
    refetchInterval: (query) => (query.state.data?.imports.some(isImportUnderWay) ? IMPORT_POLL_MS : false),
  });
}

/** Sends the export file as it is (application/xml); the server checks it before anything is written. */
export function useStartWxrImport() {
  const client = useOwnerClient();
  return useOwnerMutation<File, { import: SiteImportJson }>({
    mutationFn: (file) => client.http.send('POST', START_WXR_IMPORT_PATH, { body: file, contentType: 'application/xml' }) as Promise<{ import: SiteImportJson }>,
    invalidates: [siteImportKeys.list],
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const SITE_IMPORT_TEXTS = {
  heading: 'Import from WordPress or Squarespace',
  intro:
    'Bring in pages, blog posts with their categories, tags and authors, comments and pictures from a WordPress export (Tools → Export → All content) or a Squarespace one (Settings → Import & export → Export → WordPress). The old addresses redirect to the new ones.',
  fileLabel: 'Export file (.xml)',
  start: 'Import',
  starting: 'Sending…',
  pickFile: 'Choose the export file (.xml) to import.',
  tooLarge: 'The export file is larger than 20 MB.',
  started: 'Import started. You can leave this page: it goes on in the background.',
  progressLabel: 'Import progress',
  progressText: (done: number, total: number) => `Importing: step ${done} of ${total}`,
  reportHeading: (title: string) => (title ? `Last import: ${title}` : 'Last import'),
  created: (created: { pages: number; posts: number; comments: number; pictures: number; redirects: number }) =>
    `Created ${plural(created.pages, 'page', 'pages')}, ${plural(created.posts, 'post', 'posts')}, ${plural(created.comments, 'comment', 'comments')}, ${plural(created.pictures, 'picture', 'pictures')} and ${plural(created.redirects, 'redirect', 'redirects')}.`,
  skippedHeading: 'Skipped (already on this site)',
  failedPicturesHeading: 'Pictures not fetched (kept as links to their old address)',
  failed: (reason: string) => `The import failed: ${reason}`,
  none: 'Nothing imported yet.',
} as const;
