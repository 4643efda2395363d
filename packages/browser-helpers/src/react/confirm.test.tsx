// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmProvider, useConfirm, type ConfirmApi } from './confirm';

afterEach(cleanup);

function setup(): { api: () => ConfirmApi } {
  let captured: ConfirmApi | undefined;
  const Probe = () => {
    captured = useConfirm();
    return <button type="button">Opener</button>;
  };
  render(
    <ConfirmProvider>
      <Probe />
    </ConfirmProvider>,
  );
  return { api: () => captured! };
}

describe('the confirm modal', () => {
  it('resolves true on confirm and false on cancel, closing itself by default', async () => {
    const { api } = setup();
    let answer: Promise<boolean> | undefined;
    act(() => void (answer = api().confirm({ title: 'Delete this page?' })));
    expect(screen.getByRole('alertdialog', { name: 'Delete this page?' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    act(() => void (answer = api().confirm({ title: 'Again?' })));
    await act(async () => fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' }));
    await expect(answer).resolves.toBe(false);
  });

  it('without cancellable has no Cancel and ignores Escape; without autoClose stays open until closed', async () => {
    const { api } = setup();
    let answer: Promise<boolean> | undefined;
    act(() => void (answer = api().confirm({ title: 'Sure?', cancellable: false, autoClose: false })));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    await expect(answer).resolves.toBe(true);
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => api().close());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("throws 'must be used within a Provider' outside its provider", () => {
    const Lonely = () => {
      useConfirm();
      return null;
    };
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Lonely />)).toThrow('useConfirm must be used within a Provider');
    } finally {
      console.error = quiet;
    }
  });
});
