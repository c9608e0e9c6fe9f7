import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the placeholder comes within `margin` of the viewport, `fallback` until then:
 * a panel below the fold (the activity calendar) and its code are fetched when the user scrolls towards
 * it, not with the dashboard's first load (at most 500 KB of JavaScript). Without
 * IntersectionObserver (tests, old browsers) it renders at once.
 */
export function WhenVisible({
  children,
  fallback,
  margin = '0px',
}: {
  children: ReactNode;
  fallback: ReactNode;
  margin?: string;
}) {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (visible || !placeholder.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(placeholder.current);
    return () => observer.disconnect();
  }, [visible, margin]);

  if (visible) return <>{children}</>;
  return <div ref={placeholder}>{fallback}</div>;
}
