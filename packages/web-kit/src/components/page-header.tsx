import type { ReactNode } from 'react';

/** A page's title (its h1) with an optional subtitle and actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <header
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'flex-start',
        gap: 16,
        flexWrap: 'wrap',
        marginBottom: 24,
      }}
    >
      <div>
        <h1 style={{ margin: 0, fontSize: 28, lineHeight: 1.25 }}>{title}</h1>
        {subtitle && <p style={{ margin: '8px 0 0', opacity: 0.75 }}>{subtitle}</p>}
      </div>
      {actions}
    </header>
  );
}
