import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { useToast } from '@levelup/web-kit';
import { showToast, undoOptions, UNDO_SECONDS, useHoldUndoToast } from './undo-toast.tsx';

type ToastApi = ReturnType<typeof useToast>;

// The toast outlet is replaced by a recorder: what matters here is what is asked of it, and when.
const toast = { success: vi.fn(), destroy: vi.fn() };
const signOutListeners = vi.hoisted(() => [] as (() => void)[]);
vi.mock('@levelup/web-kit', () => ({
  useToast: () => toast,
  onSignedOut: (listener: () => void) => signOutListeners.push(listener),
}));

function Dialog() {
  useHoldUndoToast();
  return <p>Level Up!</p>;
}

/** The toasts asked for, each as its key and duration. */
const asked = () =>
  toast.success.mock.calls.map((call) => {
    const args = call[0] as { key?: string; duration?: number | false };
    return [args.key, args.duration];
  });

describe('a toast that offers Undo under a dialog', () => {
  it('when a dialog opens over it, then it stays until the dialog closes and runs its whole time again', () => {
    toast.success.mockClear();
    const onUndo = vi.fn();
    showToast(toast as unknown as ToastApi, {
      title: 'Quest Completed!',
      ...undoOptions(toast as unknown as ToastApi, 'completion-e1', onUndo),
    });
    const dialog = render(<Dialog />);
    dialog.unmount();
    expect(asked()).toEqual([
      ['completion-e1', UNDO_SECONDS],
      ['completion-e1', 3600],
      ['completion-e1', UNDO_SECONDS],
    ]);
  });

  it('when its Undo is used while the dialog is open, then the toast is not brought back', async () => {
    toast.success.mockClear();
    const onUndo = vi.fn();
    const options = undoOptions(toast as unknown as ToastApi, 'completion-e2', onUndo);
    showToast(toast as unknown as ToastApi, { title: 'Quest Completed!', ...options });
    const dialog = render(
      <>
        <Dialog />
        {options.actions}
      </>,
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(toast.destroy).toHaveBeenCalledWith('completion-e2');
    dialog.unmount();
    expect(asked()).toEqual([
      ['completion-e2', UNDO_SECONDS],
      ['completion-e2', 3600],
    ]);
  });

  it('when the toast has no Undo, then a dialog leaves it alone', () => {
    toast.success.mockClear();
    showToast(toast as unknown as ToastApi, { title: 'Quest Updated!' });
    render(<Dialog />).unmount();
    expect(asked()).toEqual([[undefined, undefined]]);
  });

  it('when the user signs out in place, then a dialog after the next sign-in does not bring the toast back', () => {
    toast.success.mockClear();
    showToast(toast as unknown as ToastApi, {
      title: 'Quest Completed!',
      ...undoOptions(toast as unknown as ToastApi, 'completion-e3', vi.fn()),
    });
    for (const listener of signOutListeners) listener();
    render(<Dialog />).unmount();
    expect(asked()).toEqual([['completion-e3', UNDO_SECONDS]]);
  });
});
