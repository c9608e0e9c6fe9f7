import { useEffect } from 'react';
import Button from 'antd/es/button';
import { onSignedOut, useToast } from '@levelup/web-kit';

type ToastApi = ReturnType<typeof useToast>;
type ToastArgs = Parameters<ToastApi['success']>[0];

/** How long a toast that offers Undo stays, so there is time to reach the button. */
export const UNDO_SECONDS = 5;

/**
 * How long a held toast may stay: the dialog decides when it goes. (A notice whose duration changes to
 * none on screen is closed at once by the notification library, so holding is a long duration instead.)
 */
const HELD_SECONDS = 60 * 60;

/** The last toast that offers Undo, and until when it is on screen; null once used or closed. */
let undoToast: { args: ToastArgs & { key: string }; until: number } | null = null;
// Its Undo was the signed-out user's: a dialog after the next sign-in must not bring it back.
onSignedOut(() => {
  undoToast = null;
});

/**
 * The options that give a toast its Undo button: one click closes the toast and calls `onUndo` once (the
 * toast is gone, so there is no second click).
 */
export function undoOptions(toast: ToastApi, key: string, onUndo: () => void) {
  return {
    key,
    duration: UNDO_SECONDS,
    actions: (
      <Button
        size="small"
        onClick={() => {
          undoToast = null;
          toast.destroy(key);
          onUndo();
        }}
      >
        Undo
      </Button>
    ),
  };
}

/**
 * Shows a success toast; one with Undo (its options carry a key, see undoOptions) is remembered, so a
 * dialog opening over the page can hold it (useHoldUndoToast).
 */
export function showToast(toast: ToastApi, args: ToastArgs) {
  const key = args.key === undefined ? undefined : String(args.key);
  if (key === undefined) {
    toast.success(args);
    return;
  }
  const remembered = {
    ...args,
    key,
    onClose: () => {
      if (undoToast?.args.key === key) undoToast = null;
    },
  };
  toast.success(remembered);
  undoToast = {
    args: remembered,
    until: Date.now() + (typeof args.duration === 'number' ? args.duration : UNDO_SECONDS) * 1000,
  };
}

/**
 * While the calling component is mounted (a dialog over the page, such as the level-up celebration), the
 * toast that offers Undo stays on screen; when it goes, the toast runs its whole time again, so the
 * Undo is still within reach after the dialog.
 */
export function useHoldUndoToast() {
  const toast = useToast();
  useEffect(() => {
    const held = undoToast && undoToast.until > Date.now() ? undoToast : null;
    if (!held) return undefined;
    toast.success({ ...held.args, duration: HELD_SECONDS });
    return () => {
      if (undoToast !== held) return;
      toast.success({ ...held.args, duration: UNDO_SECONDS });
      undoToast = { ...held, until: Date.now() + UNDO_SECONDS * 1000 };
    };
  }, [toast]);
}
