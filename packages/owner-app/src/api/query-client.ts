import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isOwnerApiError } from '@vitrine/owner-client/browser';

/** A refusal (4xx) will be refused again: only no answer or a server failure is worth another try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isOwnerApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export interface QueryClientOptions {
  /**
   * A call answered 401: the session ended (signed out elsewhere, expired). The app reloads the page, which the
   * server answers with the sign-in form, and comes back to the same screen after.
   */
  onSignedOut?: () => void;
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const signedOut = (error: unknown) => {
    if (isOwnerApiError(error, 401)) options.onSignedOut?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
