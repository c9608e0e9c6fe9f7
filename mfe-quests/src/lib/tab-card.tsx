import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Card from 'antd/es/card';

export interface TabSpec {
  key: string;
  label: string;
  panel: ReactNode;
}

/**
 * A card with WAI-ARIA tabs (arrow keys, Home and End move between them). A small tablist rather than
 * antd Tabs, whose overflow menu and motion code would weigh on every first dashboard load.
 */
export function TabCard({ title, tabs }: { title: string; tabs: TabSpec[] }) {
  const [selected, setSelected] = useState(tabs[0]?.key);
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    setSelected(tab.key);
    refs.current[tab.key]?.focus();
  };
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>}>
      <div
        role="tablist"
        aria-label={title}
        style={{ display: 'flex', gap: 8, marginBottom: 16, flexWrap: 'wrap' }}
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
