import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Card from 'antd/es/card';

interface Tab {
  key: string;
  label: string;
  panel: ReactNode;
}

/**
 * The 'Daily Management' card with its two tabs (core.md section 2). A small WAI-ARIA tablist rather than
 * antd Tabs, whose overflow menu and motion code would weigh on every first dashboard load.
 */
export function DailyManagement({ tabs }: { tabs: Tab[] }) {
  const [selected, setSelected] = useState(tabs[0]?.key);
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    setSelected(next.key);
    refs.current[next.key]?.focus();
  };
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Daily Management</h2>}>
      <div
        role="tablist"
        aria-label="Daily Management"
        style={{ display: 'flex', gap: 8, marginBottom: 16 }}
      >
        {tabs.map((tab, index) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                refs.current[tab.key] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-${tab.key}-tab`}
              aria-selected={active}
              aria-controls={`${id}-${tab.key}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              style={{
                border: 'none',
                borderBottom: `2px solid ${active ? 'var(--lu-accent, #7c3aed)' : 'transparent'}`,
                background: 'transparent',
                color: active ? 'var(--lu-accent, #7c3aed)' : 'inherit',
                fontWeight: active ? 600 : 400,
                padding: '8px 4px',
                cursor: 'pointer',
                font: 'inherit',
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-${tab.key}-panel`}
          aria-labelledby={`${id}-${tab.key}-tab`}
          hidden={tab.key !== selected}
        >
          {tab.key === selected && tab.panel}
        </div>
      ))}
    </Card>
  );
}
