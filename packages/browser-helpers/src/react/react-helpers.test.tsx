// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStrictContext, ErrorBoundary, RENDER_ERROR_EVENT, useDataFetch } from './index';

afterEach(cleanup);

describe('strict context', () => {
  it("throws 'must be used within a Provider' outside its provider and gives the value inside", () => {
    const cart = createStrictContext<{ count: number }>('useCart');
    const Reader = () => <p>{cart.use().count} items</p>;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Reader />)).toThrow('useCart must be used within a Provider');
    render(
      <cart.Provider value={{ count: 3 }}>
        <Reader />
      </cart.Provider>,
    );
    expect(screen.getByText('3 items')).toBeTruthy();
  });
});

describe('data fetch', () => {
  function Probe({ fetcher, onError }: { fetcher: () => Promise<string>; onError?: (failure: unknown) => void }) {
    const state = useDataFetch(fetcher, [], { ...(onError ? { onError } : {}), log: () => {} });
    return <p>{`${state.status} loading=${state.loading} error=${state.error} data=${state.data ?? '-'}`}</p>;
  }

  it('is pending, then keeps the data on success', async () => {
    let resolve!: (value: string) => void;
    render(<Probe fetcher={() => new Promise((done) => (resolve = done))} />);
    expect(screen.getByText('pending loading=true error=false data=-')).toBeTruthy();
    await act(async () => resolve('ok'));
    expect(screen.getByText('success loading=false error=false data=ok')).toBeTruthy();
  });

  it('keeps the error, sets error true and calls the error callback on failure', async () => {
    const onError = vi.fn();
    const failure = new Error('Network error');
    render(<Probe fetcher={() => Promise.reject(failure)} onError={onError} />);
    await act(async () => {});
    expect(screen.getByText('failed loading=false error=true data=-')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(failure);
  });
});

describe('error boundary', () => {
  function Bomb({ explode }: { explode: boolean }) {
    if (explode) throw new Error('Broken block');
    return <p>Fine</p>;
  }

  it('shows the fallback after a render error and reports it as a window event', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reported: unknown[] = [];
    const listener = (event: Event) => reported.push((event as CustomEvent).detail.message);
    window.addEventListener(RENDER_ERROR_EVENT, listener);
    render(
      <ErrorBoundary fallback={<p>Something went wrong</p>}>
        <Bomb explode />
      </ErrorBoundary>,
    );
    window.removeEventListener(RENDER_ERROR_EVENT, listener);
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(reported).toEqual(['Broken block']);
  });

  it('recovers through reset', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Harness() {
      const [explode, setExplode] = useState(true);
      return (
        <ErrorBoundary
          onError={() => {}}
          fallback={({ reset }) => (
            <button
              onClick={() => {
                setExplode(false);
                reset();
              }}
            >
              Try again
            </button>
          )}
        >
          <Bomb explode={explode} />
        </ErrorBoundary>
      );
    }
    render(<Harness />);
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.getByText('Fine')).toBeTruthy();
  });
});
