import Spin from 'antd/es/spin';

/** A full-section spinner with the 'Loading...' text every page shows while it loads. */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'grid', placeItems: 'center', gap: 12, padding: '64px 16px' }}
    >
      <Spin size="large" />
      <span>{label}</span>
    </div>
  );
}
