// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_CONTRACTS, getAnalyticsSummaryContract } from '@vitrine/contracts';
import { BOOT, fakeServer, summaryOf, type FakeServer } from '../test-support/fixtures';
import { AppDataProvider, createAppClient, useOwnerClient } from './client';
import { useAnalyticsSummary, useOwner, useOwnerMutation, useSignOut } from './hooks';
import { queryKeys } from './keys';
import { createQueryClient, shouldRetry } from './query-client';
import { ROUTES } from './routes';
import { OwnerApiError, memoryTokenStore } from '@vitrine/owner-client/browser';

afterEach(cleanup);

function harness(server: FakeServer) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AppDataProvider client={server.client} boot={BOOT}>
        {children}
      </AppDataProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const WEEK = { from: '2026-03-01', to: '2026-03-07' };
const MONTH = { from: '2026-02-06', to: '2026-03-07' };

describe('the routes the app calls', () => {
  it('are the contracts’ method and path', () => {
    const known = new Map(ROUTE_CONTRACTS.map((contract) => [`${contract.method} ${contract.url}`, contract]));
    for (const route of Object.values(ROUTES)) expect(known.has(`${route.method} ${route.url}`), `${route.method} ${route.url}`).toBe(true);
    expect(ROUTES.analyticsSummary).toMatchObject({ method: getAnalyticsSummaryContract.method, url: getAnalyticsSummaryContract.url });
  });
});

describe('the data hooks', () => {
  it('read the summary of a range once per key, shared by every screen that asks', async () => {
    const server = fakeServer((_method, url) => summaryOf(Object.fromEntries(new URL(url, 'http://x').searchParams) as typeof WEEK));
    const { wrapper } = harness(server);
    const first = renderHook(() => useAnalyticsSummary(WEEK), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    expect(first.result.current.data?.totals.visits).toBe(12);
    const second = renderHook(() => useAnalyticsSummary(WEEK), { wrapper });
    expect(second.result.current.data?.range.from).toBe(WEEK.from);
    expect(server.calls).toEqual(['GET /api/owner/analytics/summary?from=2026-03-01&to=2026-03-07']);
  });

  it('keep the last answer on screen while another range loads', async () => {
    let release: () => void = () => {};
    const server = fakeServer(async (_method, url) => {
      const range = Object.fromEntries(new URL(url, 'http://x').searchParams) as typeof WEEK;
      if (range.from === MONTH.from) await new Promise<void>((resolve) => (release = resolve));
      return summaryOf(range);
    });
    const { wrapper } = harness(server);
    const hook = renderHook(({ range }) => useAnalyticsSummary(range), { wrapper, initialProps: { range: WEEK } });
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    hook.rerender({ range: MONTH });
    expect(hook.result.current.isPlaceholderData).toBe(true);
    expect(hook.result.current.data?.range.from).toBe(WEEK.from);
    await act(async () => release());
    await waitFor(() => expect(hook.result.current.isPlaceholderData).toBe(false));
    expect(hook.result.current.data?.range.from).toBe(MONTH.from);
  });

  it('do not retry a refusal, and keep its message', async () => {
    const server = fakeServer(() => ({ status: 403, body: { message: 'Your role does not allow this.' } }));
    const { wrapper } = harness(server);
    const hook = renderHook(() => useAnalyticsSummary(WEEK), { wrapper });
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(hook.result.current.error).toMatchObject({ status: 403, message: 'Your role does not allow this.' });
    expect(server.calls).toHaveLength(1);
    expect(shouldRetry(0, new OwnerApiError(0, null))).toBe(true);
    expect(shouldRetry(2, new OwnerApiError(503, null))).toBe(false);
  });

  it('start from the boot data for the owner', () => {
    const server = fakeServer(() => ({}));
    const { wrapper } = harness(server);
    const hook = renderHook(() => useOwner(), { wrapper });
    expect(hook.result.current.data?.siteUser.email).toBe('owner@example.com');
    expect(server.calls).toEqual([]);
  });

  it('invalidate the named families after a change, so what is on screen refetches', async () => {
    const server = fakeServer((method, url) => (method === 'GET' ? summaryOf(Object.fromEntries(new URL(url, 'http://x').searchParams) as typeof WEEK) : { ok: true }));
    const { wrapper, queryClient } = harness(server);
    const summary = renderHook(() => useAnalyticsSummary(WEEK), { wrapper });
    await waitFor(() => expect(summary.result.current.isSuccess).toBe(true));
    const mutation = renderHook(
      () => {
        const client = useOwnerClient();
        return useOwnerMutation({ mutationFn: () => client.http.send('POST', '/api/owner/something'), invalidates: [queryKeys.analytics.all] });
      },
      { wrapper },
    );
    await act(async () => {
      await mutation.result.current.mutateAsync(undefined);
    });
    await waitFor(() => expect(server.calls.filter((call) => call.startsWith('GET'))).toHaveLength(2));
    expect(server.calls[1]).toBe('POST /api/owner/something');
    expect(queryClient.getQueryState(queryKeys.analytics.summary(WEEK))?.isInvalidated).toBe(false);
  });

  it('sign out through the API, forget every cached answer, then leave', async () => {
    const server = fakeServer((method, url) => (method === 'DELETE' ? { signedOut: true } : summaryOf(Object.fromEntries(new URL(url, 'http://x').searchParams) as typeof WEEK)));
    const { wrapper, queryClient } = harness(server);
    const summary = renderHook(() => useAnalyticsSummary(WEEK), { wrapper });
    await waitFor(() => expect(summary.result.current.isSuccess).toBe(true));
    summary.unmount();
    const afterSignOut = vi.fn();
    const signOut = renderHook(() => useSignOut({ afterSignOut }), { wrapper });
    await act(async () => {
      await signOut.result.current.mutateAsync();
    });
    expect(server.calls.at(-1)).toBe('DELETE /api/site-users/account/session?cloneCart=false');
    expect(afterSignOut).toHaveBeenCalledOnce();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('sign changes with the XSRF token of the page, and refuse to be used outside their provider', () => {
    const tokens = memoryTokenStore();
    createAppClient(BOOT, { xsrfTokens: tokens });
    expect(tokens.get()).toBe('xsrf-from-boot');
    expect(() => renderHook(() => useOwnerClient())).toThrow('useOwnerClient must be used within a Provider');
  });
});

describe('a session that ended', () => {
  it('sends the owner to sign in again when a call answers 401, and only then', async () => {
    const onSignedOut = vi.fn();
    const queryClient = createQueryClient({ onSignedOut });
    let status = 403;
    const server = fakeServer(() => ({ status, body: { message: status === 401 ? 'Sign in to manage this website.' : 'Your role does not allow this.' } }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <AppDataProvider client={server.client} boot={BOOT}>
          {children}
        </AppDataProvider>
      </QueryClientProvider>
    );
    const refused = renderHook(() => useAnalyticsSummary(WEEK), { wrapper });
    await waitFor(() => expect(refused.result.current.isError).toBe(true));
    expect(onSignedOut).not.toHaveBeenCalled();
    status = 401;
    const signedOut = renderHook(() => useAnalyticsSummary(MONTH), { wrapper });
    await waitFor(() => expect(signedOut.result.current.isError).toBe(true));
    expect(onSignedOut).toHaveBeenCalledOnce();
  });
});
