import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  getSiteStylesContract,
  listSiteStylesVersionsContract,
  publishSiteStylesContract,
  resetSiteStylesContract,
  restoreSiteStylesVersionContract,
  saveSiteStylesDraftContract,
  SiteStylesJson,
  SiteStylesVersionJson,
} from '@vitrine/contracts';
import type { StyleValues } from '@vitrine/design/browser';
import { callRoute, type CallRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Design screen's calls: the site styles (draft, published, versions) of the server's site-styles domain. */
export const DESIGN_ROUTES = {
  styles: callRoute<typeof getSiteStylesContract>('GET', '/api/site-styles'),
  saveDraft: callRoute<typeof saveSiteStylesDraftContract>('PUT', '/api/site-styles/draft'),
  publish: callRoute<typeof publishSiteStylesContract>('POST', '/api/site-styles/publish'),
  reset: callRoute<typeof resetSiteStylesContract>('POST', '/api/site-styles/reset'),
  versions: callRoute<typeof listSiteStylesVersionsContract>('GET', '/api/site-styles/versions'),
  restore: callRoute<typeof restoreSiteStylesVersionContract>('POST', '/api/site-styles/versions/:versionId/restore'),
} as const;

export type { SiteStylesJson };
export type StyleVersionJson = SiteStylesVersionJson;

export interface StyleVersionPageJson {
  versions: StyleVersionJson[];
  nextCursor: string | null;
}

type Input = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
const send = <T>(client: ReturnType<typeof useOwnerClient>, route: CallRoute, input: Input = {}) => client.call(route, input as never) as Promise<T>;

export const designKeys = {
  all: ['site-styles'] as const,
  styles: () => ['site-styles', 'current'] as const,
  versions: (cursor: string | null) => ['site-styles', 'versions', cursor ?? ''] as const,
};

export function useSiteStyles() {
  const client = useOwnerClient();
  return useQuery<SiteStylesJson>({ queryKey: designKeys.styles(), queryFn: () => send<SiteStylesJson>(client, DESIGN_ROUTES.styles), staleTime: Infinity });
}

/** Saves the draft; the answer goes into the cache without a refetch (the screen keeps its own draft while typing). */
export function useSaveDraft() {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useOwnerMutation<StyleValues, SiteStylesJson>({
    mutationFn: (values) => send<SiteStylesJson>(client, DESIGN_ROUTES.saveDraft, { body: { values } }),
    invalidates: [],
    onSuccess: (answer) => queryClient.setQueryData(designKeys.styles(), answer),
  });
}

/** Publish, reset and restore answer the styles as they now are; the versions list refetches. */
function useStylesChange<TInput>(call: (client: ReturnType<typeof useOwnerClient>, input: TInput) => Promise<SiteStylesJson>) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useOwnerMutation<TInput, SiteStylesJson>({
    mutationFn: (input) => call(client, input),
    invalidates: [['site-styles', 'versions']],
    onSuccess: (answer) => queryClient.setQueryData(designKeys.styles(), answer),
  });
}

export const usePublish = () => useStylesChange<void>((client) => send(client, DESIGN_ROUTES.publish));
export const useReset = () => useStylesChange<void>((client) => send(client, DESIGN_ROUTES.reset));
export const useRestore = () => useStylesChange<string>((client, versionId) => send(client, DESIGN_ROUTES.restore, { params: { versionId } }));

export function useStyleVersions(cursor: string | null, enabled = true) {
  const client = useOwnerClient();
  return useQuery<StyleVersionPageJson>({
    queryKey: designKeys.versions(cursor),
    queryFn: () => send<StyleVersionPageJson>(client, DESIGN_ROUTES.versions, cursor ? { query: { cursor } } : {}),
    placeholderData: keepPreviousData,
    enabled,
  });
}
