// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnerApiError } from '@vitrine/owner-client/browser';
import { ConfirmProvider, useConfirm, type ConfirmApi, type ConfirmOptions } from './confirm';
import { ErrorBoundary } from './ErrorBoundary';
import { EDITOR_MESSAGES, failureText } from './messages';
import { Empty, LoadFailed, OutcomeLine, ReadStates } from './states';

afterEach(cleanup);

/** A page with an opener button; `api` is the confirm API, `answers` what each confirm resolved to. */
function confirmHarness() {
  const answers: boolean[] = [];
  let api!: ConfirmApi;
  function Page({ options }: { options: ConfirmOptions }) {
    api = useConfirm();
    return (
      <button type="button" onClick={() => void api.confirm(options).then((answer) => answers.push(answer))}>
        Delete
      </button>
    );
  }
  const open = async (options: ConfirmOptions) => {
    render(
      <ConfirmProvider>
        <Page options={options} />
      </ConfirmProvider>,
    );
    screen.getByRole('button', { name: 'Delete' }).focus();
    await act(async () => screen.getByRole('button', { name: 'Delete' }).click());
    return screen.getByRole('alertdialog', { name: options.title });
  };
  return { answers, open, api: () => api };
}

describe('the confirm modal (platform §2, §4)', () => {
  it('resolves true on confirm and closes, giving the focus back', async () => {
    const { answers, open } = confirmHarness();
    const dialog = await open({ title: 'Delete this key?', message: 'Apps using it stop working.', confirmLabel: 'Delete key', destructive: true });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await act(async () => screen.getByRole('button', { name: 'Delete key' }).click());
    expect(answers).toEqual([true]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Delete');
  });

  it('resolves false on Cancel, on Escape and on a click outside', async () => {
    const { answers, open } = confirmHarness();
    await open({ title: 'Sure?' });
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    cleanup();
    const second = confirmHarness();
    const dialog = await second.open({ title: 'Sure?' });
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }));
    cleanup();
    const third = confirmHarness();
    await third.open({ title: 'Sure?' });
    await act(async () => fireEvent.mouseDown(document.querySelector('.modal-backdrop')!));
    expect([...answers, ...second.answers, ...third.answers]).toEqual([false, false, false]);
  });

  it('keeps Tab inside the dialog', async () => {
    const { open } = confirmHarness();
    const dialog = await open({ title: 'Sure?', confirmLabel: 'Yes' });
    screen.getByRole('button', { name: 'Yes' }).focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement?.textContent).toBe('Yes');
  });

  it('when not cancellable: no Cancel, and Escape or a click outside do nothing', async () => {
    const { answers, open } = confirmHarness();
    const dialog = await open({ title: 'Read this first', confirmLabel: 'I understand', cancellable: false });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }));
    await act(async () => fireEvent.mouseDown(document.querySelector('.modal-backdrop')!));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'I understand' }).click());
    expect(answers).toEqual([true]);
  });

  it('without auto-close: answered, it stays open with its buttons disabled until close()', async () => {
    const { answers, open, api } = confirmHarness();
    await open({ title: 'Send to 12 people?', confirmLabel: 'Send', autoClose: false });
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(answers).toEqual([true]);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => api().close());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(answers).toEqual([true]);
  });

  it('says where it must be used', () => {
    function Outside() {
      useConfirm();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Outside />)).toThrow('useConfirm must be used within a Provider');
    vi.restoreAllMocks();
  });
});

describe('the error boundary (platform §2, §8)', () => {
  function Boom({ fail }: { fail: boolean }) {
    if (fail) throw new Error('render failed');
    return <p>All good</p>;
  }

  it("reports a render error, shows 'Something went wrong' and tries again", async () => {
    const onError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Page() {
      const [fail, setFail] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setFail(false)}>
            Fix
          </button>
          <ErrorBoundary onError={onError}>
            <Boom fail={fail} />
          </ErrorBoundary>
        </>
      );
    }
    render(<Page />);
    expect(screen.getByRole('alert').textContent).toContain(EDITOR_MESSAGES.somethingWentWrong);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), expect.anything());
    await act(async () => screen.getByRole('button', { name: 'Fix' }).click());
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.getByText('All good')).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('clears itself when its reset key changes (another screen)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(
      <ErrorBoundary resetKey="/config/a" fallback={<p>fallback</p>}>
        <Boom fail />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    view.rerender(
      <ErrorBoundary resetKey="/config/b" fallback={<p>fallback</p>}>
        <Boom fail={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeTruthy();
    vi.restoreAllMocks();
  });
});

describe('the editor messages (platform §8)', () => {
  it("say 'Network error' without an answer, the server's words for a refusal, else 'Something went wrong'", () => {
    expect(failureText(new OwnerApiError(0, null))).toBe('Network error');
    expect(failureText(new OwnerApiError(403, { message: 'Your role does not allow this.' }))).toBe('Your role does not allow this.');
    expect(failureText(new OwnerApiError(502, null))).toBe('Something went wrong');
    expect(failureText(new TypeError('x'))).toBe('Something went wrong');
    render(<LoadFailed error={new OwnerApiError(0, null)} retry={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('h2')?.textContent).toBe('Unable to load results');
    expect(alert.textContent).toContain('Network error');
  });
});

describe('the read states and the outcome line', () => {
  /** A query result as ReadStates reads it; `refetch` records the retry. */
  const read = (state: { isPending?: boolean; isError?: boolean; error?: unknown; data?: string[] }) => ({ isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn(), ...state });
  const list = (rows: string[]) => (
    <ReadStates read={read({ data: rows })} isEmpty={rows.length === 0} empty={<Empty title="No rows" />}>
      {(data) => <ul aria-label="Rows">{data.map((row) => <li key={row}>{row}</li>)}</ul>}
    </ReadStates>
  );

  it('shows Loading, then LoadFailed with a retry, the empty node, or the list', async () => {
    const children = vi.fn(() => null);
    render(<ReadStates read={read({ isPending: true })}>{children}</ReadStates>);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(children).not.toHaveBeenCalled();
    cleanup();
    const failed = read({ isError: true, error: new OwnerApiError(0, null) });
    render(<ReadStates read={failed}>{children}</ReadStates>);
    expect(screen.getByRole('alert').textContent).toContain('Network error');
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(failed.refetch).toHaveBeenCalledOnce();
    expect(children).not.toHaveBeenCalled();
    cleanup();
    render(list([]));
    expect(screen.getByRole('heading', { name: 'No rows' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    render(list(['one', 'two']));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
  });

  it('says a done outcome as a status, a refused one as an alert, and nothing for null', () => {
    const { container, rerender } = render(<OutcomeLine outcome={{ kind: 'done', text: 'Saved.' }} className="comments-outcome" />);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(screen.getByRole('status').className).toBe('comments-outcome ');
    rerender(<OutcomeLine outcome={{ kind: 'refused', text: 'Not allowed.' }} className="comments-outcome" />);
    expect(screen.getByRole('alert').textContent).toBe('Not allowed.');
    expect(screen.getByRole('alert').className).toBe('comments-outcome error-message');
    rerender(<OutcomeLine outcome={null} className="comments-outcome" />);
    expect(container.innerHTML).toBe('');
  });
});
