import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Platform §4's data fetch: pending (loading true, error false), then success (the data kept) or failed
 * (the error kept, error true, and the optional error callback called — a failed fetch is also logged,
 * §8). A newer fetch wins: an answer arriving after the inputs changed or the component unmounted is
 * dropped. `reload()` fetches again.
 */
export type DataFetchState<T> =
  | { status: 'pending'; loading: true; error: false; data: T | undefined; failure: undefined }
  | { status: 'success'; loading: false; error: false; data: T; failure: undefined }
  | { status: 'failed'; loading: false; error: true; data: T | undefined; failure: unknown };

export interface DataFetchOptions {
  onError?: (failure: unknown) => void;
  /** Where failures are logged (console.error by default). */
  log?: (message: string, failure: unknown) => void;
}

export const DATA_FETCH_MESSAGES = { failed: 'Data fetch failed' } as const;

export function useDataFetch<T>(fetcher: (signal: AbortSignal) => Promise<T>, inputs: readonly unknown[], options: DataFetchOptions = {}) {
  const [state, setState] = useState<DataFetchState<T>>({ status: 'pending', loading: true, error: false, data: undefined, failure: undefined });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ fetcher, options });
  latest.current = { fetcher, options };

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: 'pending', loading: true, error: false, data: previous.data, failure: undefined }));
    latest.current.fetcher(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', loading: false, error: false, data, failure: undefined });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const { onError, log = (message, detail) => console.error(message, detail) } = latest.current.options;
        log(DATA_FETCH_MESSAGES.failed, failure);
        setState((previous) => ({ status: 'failed', loading: false, error: true, data: previous.data, failure }));
        onError?.(failure);
      },
    );
    return () => controller.abort();
    // The caller names what the fetch depends on, like a hook's dependency list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...inputs, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, reload };
}
