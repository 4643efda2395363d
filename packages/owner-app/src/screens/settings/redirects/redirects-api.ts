import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  createRedirectContract, deleteRedirectContract, dismissNotFoundPathContract, getNotFoundReportContract, listRedirectsContract, NotFoundReportReply,
  RedirectBody, RedirectImportReply, RedirectJson, RedirectListReply, updateRedirectContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → URL redirects' calls (type-only imports of the contracts). */
export const REDIRECT_ROUTES = {
  list: callRoute<typeof listRedirectsContract>('GET', '/api/owner/redirects'),
  create: callRoute<typeof createRedirectContract>('POST', '/api/owner/redirects'),
  update: callRoute<typeof updateRedirectContract>('PUT', '/api/owner/redirects/:redirectId'),
  remove: callRoute<typeof deleteRedirectContract>('DELETE', '/api/owner/redirects/:redirectId'),
  notFound: callRoute<typeof getNotFoundReportContract>('GET', '/api/owner/redirects/not-found'),
  dismiss: callRoute<typeof dismissNotFoundPathContract>('DELETE', '/api/owner/redirects/not-found/:pathId'),
} as const;

export const REDIRECT_IMPORT_URL = '/api/owner/redirects/import';
export const REDIRECT_EXPORT_URL = '/api/owner/redirects/export.csv';

export const redirectKeys = { all: ['redirects'] as const, list: (q: string) => ['redirects', 'list', q] as const, notFound: ['redirects', 'not-found'] as const };

export function useRedirects(q: string) {
  const client = useOwnerClient();
  return useInfiniteQuery<RedirectListReply>({
    queryKey: redirectKeys.list(q),
    initialPageParam: undefined,
    queryFn: ({ pageParam }) =>
      client.call(REDIRECT_ROUTES.list, { query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam as string } : {}) } }) as Promise<RedirectListReply>,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useNotFoundReport() {
  const client = useOwnerClient();
  return useQuery<NotFoundReportReply>({ queryKey: redirectKeys.notFound, queryFn: () => client.call(REDIRECT_ROUTES.notFound) as Promise<NotFoundReportReply> });
}

export function useSaveRedirect() {
  const client = useOwnerClient();
  return useOwnerMutation<{ id?: string; body: RedirectBody }, { redirect: RedirectJson }>({
    mutationFn: ({ id, body }) =>
      (id ? client.call(REDIRECT_ROUTES.update, { params: { redirectId: id }, body }) : client.call(REDIRECT_ROUTES.create, { body })) as Promise<{ redirect: RedirectJson }>,
    invalidates: [redirectKeys.all],
  });
}

export function useDeleteRedirect() {
  const client = useOwnerClient();
  return useOwnerMutation<string, unknown>({
    mutationFn: (redirectId) => client.call(REDIRECT_ROUTES.remove, { params: { redirectId } }),
    invalidates: [redirectKeys.all],
  });
}

export function useDismissNotFound() {
  const client = useOwnerClient();
  return useOwnerMutation<string, unknown>({
    mutationFn: (pathId) => client.call(REDIRECT_ROUTES.dismiss, { params: { pathId } }),
    invalidates: [redirectKeys.notFound],
  });
}

export function useImportRedirects() {
  const client = useOwnerClient();
  return useOwnerMutation<Blob | string, RedirectImportReply>({
    mutationFn: (file) => client.http.send('POST', REDIRECT_IMPORT_URL, { body: file, contentType: 'text/csv' }) as Promise<RedirectImportReply>,
    invalidates: [redirectKeys.all],
  });
}

/** The screen's words. */
export const REDIRECT_TEXTS = {
  intro:
    'Send visitors from addresses that no longer exist to where the content lives now. A redirect only answers an address that has no page: it never hides one. Changing the address of a page, post or product adds one by itself.',
  addTitle: 'Add a redirect',
  editTitle: (source: string) => `Change the redirect from ${source}`,
  source: 'Old address',
  sourceHelp: 'A path such as /old-page, or /products/* for every address under /products/.',
  target: 'New address',
  targetHelp: 'A path such as /shop, or a full address. With a wildcard, * takes the rest of the old address: /shop/p/*.',
  type: 'Type',
  permanent: 'Permanent (301)',
  temporary: 'Temporary (302)',
  keepQuery: 'Keep the query string (?…) of the old address',
  add: 'Add redirect',
  adding: 'Adding…',
  save: 'Save changes',
  saving: 'Saving…',
  cancel: 'Cancel',
  added: (source: string) => `Redirect from ${source} added.`,
  saved: (source: string) => `Redirect from ${source} saved.`,
  required: 'Enter both the old and the new address.',
  listTitle: 'Redirects',
  search: 'Search redirects',
  none: 'No redirects yet.',
  noMatch: 'No redirect matches this search.',
  count: (shown: number, total: number) => (total === shown ? `${total} ${total === 1 ? 'redirect' : 'redirects'}` : `${shown} of ${total} redirects`),
  more: 'Show more',
  edit: 'Edit',
  editOf: (source: string) => `Edit the redirect from ${source}`,
  delete: 'Delete',
  deleteOf: (source: string) => `Delete the redirect from ${source}`,
  deleteTitle: 'Delete this redirect?',
  deleteMessage: (source: string) => `Visitors to ${source} will see “page not found” again.`,
  deleted: (source: string) => `Redirect from ${source} deleted.`,
  origin: { owner: 'You', automatic: 'Address change', import: 'Product import' } as Record<RedirectJson['origin'], string>,
  csvTitle: 'Import and export',
  csvIntro: 'A CSV with the columns Source, Target, and optionally Status (301 or 302) and Query (keep or drop). Shopify’s redirect export works as it is.',
  file: 'Redirects CSV file',
  import: 'Import',
  importing: 'Importing…',
  chooseFile: 'Choose a CSV file first.',
  imported: (reply: RedirectImportReply) => `Imported: ${reply.created} added, ${reply.updated} replaced.`,
  export: 'Export CSV',
  notFoundTitle: 'Not found',
  notFoundIntro: 'Addresses visitors asked for that have no page, the most missed first. Counts arrive within a few seconds.',
  notFoundNone: 'No missed addresses yet.',
  hits: 'Visits',
  lastSeen: 'Last seen',
  redirectFrom: 'Redirect…',
  redirectOf: (path: string) => `Redirect ${path}`,
  dismiss: 'Dismiss',
  dismissOf: (path: string) => `Dismiss ${path}`,
} as const;
