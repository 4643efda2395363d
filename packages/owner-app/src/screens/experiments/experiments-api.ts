import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  createOwnerExperimentContract,
  deleteOwnerExperimentContract,
  getExperimentResultsContract,
  getFeatureFlagsContract,
  getReplaySessionContract,
  listOwnerExperimentsContract,
  listReplaySessionsContract,
  updateFeatureFlagsContract,
  updateOwnerExperimentContract,
  CreateExperimentBody,
  UpdateExperimentBody,
} from '@vitrine/contracts';
import { callRoute, type CallAnswer, type CallRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Experiments screen's calls, typed from their contracts (type-only imports). */
export const EXPERIMENT_ROUTES = {
  list: callRoute<typeof listOwnerExperimentsContract>('GET', '/api/owner/experiments'),
  create: callRoute<typeof createOwnerExperimentContract>('POST', '/api/owner/experiments'),
  update: callRoute<typeof updateOwnerExperimentContract>('PUT', '/api/owner/experiments/:experimentId'),
  remove: callRoute<typeof deleteOwnerExperimentContract>('DELETE', '/api/owner/experiments/:experimentId'),
  results: callRoute<typeof getExperimentResultsContract>('GET', '/api/owner/experiments/:experimentId/results'),
  flags: callRoute<typeof getFeatureFlagsContract>('GET', '/api/owner/feature-flags'),
  saveFlags: callRoute<typeof updateFeatureFlagsContract>('PUT', '/api/owner/feature-flags'),
  replays: callRoute<typeof listReplaySessionsContract>('GET', '/api/owner/replays'),
  replay: callRoute<typeof getReplaySessionContract>('GET', '/api/owner/replays/:sessionId'),
} as const;

type AnswerOf<R> = R extends CallRoute<infer S> ? CallAnswer<S> : never;
export type Experiment = AnswerOf<typeof EXPERIMENT_ROUTES.list>['experiments'][number];
export type ExperimentResultsReply = AnswerOf<typeof EXPERIMENT_ROUTES.results>;
export type VariantResultRow = ExperimentResultsReply['variants'][number];
export type FeatureFlag = AnswerOf<typeof EXPERIMENT_ROUTES.flags>['flags'][number];
export type ReplaySessionsReply = AnswerOf<typeof EXPERIMENT_ROUTES.replays>;
export type ReplaySessionRow = ReplaySessionsReply['sessions'][number];
export type ReplayReply = AnswerOf<typeof EXPERIMENT_ROUTES.replay>;
export type { CreateExperimentBody, UpdateExperimentBody };

export const experimentKeys = {
  all: ['experiments'] as const,
  list: () => ['experiments', 'list'] as const,
  results: (id: string, from: string, to: string, event: string) => ['experiments', 'results', id, from, to, event] as const,
  flags: () => ['feature-flags'] as const,
  replays: (cursor: string) => ['replays', 'list', cursor] as const,
  replay: (id: string) => ['replays', 'one', id] as const,
};

/** The website's experiments, then the platform-wide ones, by name. */
export function useExperiments() {
  const client = useOwnerClient();
  return useQuery({ queryKey: experimentKeys.list(), queryFn: () => client.call(EXPERIMENT_ROUTES.list, {}) });
}

export function useCreateExperiment() {
  const client = useOwnerClient();
  return useOwnerMutation<CreateExperimentBody, AnswerOf<typeof EXPERIMENT_ROUTES.create>>({
    mutationFn: (body) => client.call(EXPERIMENT_ROUTES.create, { body }),
    invalidates: [experimentKeys.all],
  });
}

export function useUpdateExperiment() {
  const client = useOwnerClient();
  return useOwnerMutation<{ experimentId: string; body: UpdateExperimentBody }, AnswerOf<typeof EXPERIMENT_ROUTES.update>>({
    mutationFn: ({ experimentId, body }) => client.call(EXPERIMENT_ROUTES.update, { params: { experimentId }, body }),
    invalidates: [experimentKeys.all],
  });
}

export function useDeleteExperiment() {
  const client = useOwnerClient();
  return useOwnerMutation<string, AnswerOf<typeof EXPERIMENT_ROUTES.remove>>({
    mutationFn: (experimentId) => client.call(EXPERIMENT_ROUTES.remove, { params: { experimentId } }),
    invalidates: [experimentKeys.all],
  });
}

/** One A/B test's results over a range and a conversion event (empty strings: the server's defaults). */
export function useExperimentResults(experimentId: string, range: { from: string; to: string }, conversionEvent: string) {
  const client = useOwnerClient();
  return useQuery({
    queryKey: experimentKeys.results(experimentId, range.from, range.to, conversionEvent),
    queryFn: () =>
      client.call(EXPERIMENT_ROUTES.results, {
        params: { experimentId },
        query: { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}), ...(conversionEvent ? { conversionEvent } : {}) },
      }),
    enabled: experimentId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useFeatureFlags() {
  const client = useOwnerClient();
  return useQuery({ queryKey: experimentKeys.flags(), queryFn: () => client.call(EXPERIMENT_ROUTES.flags, {}) });
}

export function useSaveFeatureFlags() {
  const client = useOwnerClient();
  return useOwnerMutation<Array<{ code: number; enabled: boolean }>, AnswerOf<typeof EXPERIMENT_ROUTES.saveFlags>>({
    mutationFn: (flags) => client.call(EXPERIMENT_ROUTES.saveFlags, { body: { flags } }),
    invalidates: [experimentKeys.flags()],
  });
}

export function useReplaySessions(cursor: string) {
  const client = useOwnerClient();
  return useQuery({
    queryKey: experimentKeys.replays(cursor),
    queryFn: () => client.call(EXPERIMENT_ROUTES.replays, { query: cursor ? { cursor } : {} }),
    placeholderData: keepPreviousData,
    // Sessions arrive while the owner is elsewhere: opening the list asks again.
    refetchOnMount: 'always',
  });
}

export function useReplaySession(sessionId: string) {
  const client = useOwnerClient();
  return useQuery({ queryKey: experimentKeys.replay(sessionId), queryFn: () => client.call(EXPERIMENT_ROUTES.replay, { params: { sessionId } }), staleTime: Infinity });
}
