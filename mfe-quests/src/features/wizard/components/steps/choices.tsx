import type { ReactNode } from 'react';
import Button from 'antd/es/button';

/** A labelled column of choice buttons, the shape of most wizard steps. */
export function Choices({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} style={{ display: 'grid', gap: 8 }}>
      {children}
    </div>
  );
}

/** One choice: a large button with a bold label and an optional hint under it. */
export function Choice({
  label,
  hint,
  onClick,
}: {
  label: string;
  hint?: string;
  onClick: () => void;
}) {
  return (
    <Button
      block
      size="large"
      onClick={onClick}
      style={{ height: 'auto', padding: '10px 16px', textAlign: 'left' }}
    >
      <span style={{ display: 'grid' }}>
        <strong>{label}</strong>
        {hint && <span style={{ fontSize: 12, opacity: 0.75 }}>{hint}</span>}
      </span>
    </Button>
  );
}
