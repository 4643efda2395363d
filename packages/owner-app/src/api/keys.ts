/**
 * Query keys, one family per resource: a mutation invalidates its resource's family (`queryKeys.analytics.all`)
 * and every query under it refetches. Keys are arrays of plain values, so two screens asking for the same
 * thing share one call and one cache entry.
 */
export const queryKeys = {
  owner: {
    all: ['owner'] as const,
    me: () => ['owner', 'me'] as const,
  },
  analytics: {
    all: ['analytics'] as const,
    summary: (range: { from: string; to: string }) => ['analytics', 'summary', range.from, range.to] as const,
  },
} as const;
