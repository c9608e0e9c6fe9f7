import { lazy, Suspense, useState } from 'react';
import { useSignInState } from '@levelup/web-kit';

// The form (antd Modal, Radio, Input) loads on first use, so the first dashboard load does not grow.
const loadDialogs = () => import('./feedback-dialogs.tsx');
const FeedbackDialogs = lazy(loadDialogs);

/**
 * The floating 'Beta Feedback' tab on every page. Sending needs a member, so visitors
 * do not see it.
 */
export function FeedbackTab() {
  const { isSignedIn } = useSignInState();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!isSignedIn) return null;

  return (
    <>
      <button
        type="button"
        className="lu-feedback-tab"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialogs()}
        onFocus={() => void loadDialogs()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Beta Feedback
      </button>
      {used && (
        <Suspense fallback={null}>
          <FeedbackDialogs open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
