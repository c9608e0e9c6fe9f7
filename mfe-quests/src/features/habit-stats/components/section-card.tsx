import { useId, type ReactNode } from 'react';
import Card from 'antd/es/card';

const h2 = { margin: 0, fontSize: 18 } as const;

/** A card that is a named region of the page (its heading names it). */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card
      role="region"
      aria-labelledby={id}
      title={
        <h2 id={id} style={h2}>
          {title}
        </h2>
      }
    >
      {children}
    </Card>
  );
}
