import Button from 'antd/es/button';
import { useNavigate } from 'react-router-dom';

/** The 404 page of any unknown path, in the shell and inside a remote's section (core.md section 2). */
export function NotFoundPage() {
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
        404
      </div>
      <h1 style={{ fontSize: 28, margin: 0 }}>404 - Page Not Found</h1>
      <p style={{ margin: 0, opacity: 0.8 }}>This quest location doesn&apos;t exist yet!</p>
      <Button type="primary" onClick={() => navigate('/')}>
        Return Home
      </Button>
    </section>
  );
}
