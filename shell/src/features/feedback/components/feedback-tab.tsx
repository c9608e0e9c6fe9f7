import { lazy, Suspense, useState } from 'react';
import { useAuth } from '@levelup/web-kit';

// The form (antd Modal, Radio, Input) loads on first use, so the first dashboard load does not grow.
const loadDialogs = () => import('./feedback-dialogs.tsx');
const FeedbackDialogs = lazy(loadDialogs);

/**
 * The floating 'Beta Feedback' tab on every page (core.md section 2, Top navigation;
 * goals-progression-community.md section 2, Beta feedback widget). Sending needs a member, so visitors
 * do not see it.
 */
export function FeedbackTab() {
  const { isSignedIn } = useAuth();
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
        style={{
          position: 'fixed',
          right: 0,
          top: '50%',
          zIndex: 900,
          transform: 'translateY(-50%) rotate(180deg)',
          writingMode: 'vertical-rl',
          padding: '14px 8px',
          border: 'none',
          borderRadius: '0 8px 8px 0',
          background: '#7c3aed',
          color: '#ffffff',
          font: 'inherit',
          fontSize: 14,
          fontWeight: 600,
          letterSpacing: 0.3,
          cursor: 'pointer',
          boxShadow: '0 4px 12px rgba(0, 0, 0, 0.2)',
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
