import { QueryClient } from '@tanstack/react-query';
import { isOwnerApiError } from '@vitrine/owner-client/browser';

/** A refusal (4xx) will be refused again: only no answer or a server failure is worth another try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isOwnerApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
