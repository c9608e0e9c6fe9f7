import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import { useNavigate } from 'react-router-dom';

/** A full-page answer with a big status code, a heading, a line of text and Return Home (404, 403). */
export function StatusPage({
  code,
  title,
  children,
}: {
  code: number;
  title: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <section
      style={{
        textAlign: 'center',
        padding: '64px 16px',
        display: 'grid',
        gap: 16,
        justifyItems: 'center',
      }}
    >
      <div
        aria-hidden="true"
        style={{ fontSize: 64, fontWeight: 800, color: 'var(--lu-accent, #7c3aed)', lineHeight: 1 }}
      >
        {code}
      </div>
      <h1 style={{ fontSize: 28, margin: 0 }}>{title}</h1>
      <p style={{ margin: 0, maxWidth: 480 }}>{children}</p>
      <Button type="primary" onClick={() => navigate('/')}>
        Return Home
      </Button>
    </section>
  );
}

/** The 404 page of any unknown path, in the shell and inside a remote's section. */
export function NotFoundPage() {
  return (
    <StatusPage code={404} title="404 - Page Not Found">
      <span style={{ opacity: 0.8 }}>This quest location doesn&apos;t exist yet!</span>
    </StatusPage>
  );
}
