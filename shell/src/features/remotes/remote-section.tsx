import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { FirstScreenOr, PageSpinner, releaseFirstScreen } from '@levelup/web-kit';
import { ErrorBoundary } from './error-boundary.tsx';
import { loadRemoteRoutes, type RemoteName, type RemoteRoutesModule } from './remote-registry.ts';

export type RemoteLoader = (remote: RemoteName, attempt: number) => Promise<RemoteRoutesModule>;

export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  // The page will not be whole: a retry's loading state is the spinner, not the server's first screen.
  useEffect(() => releaseFirstScreen(), []);
  return (
    <section
      role="alert"
      style={{
        textAlign: 'center',
        padding: '48px 16px',
        display: 'grid',
        gap: 12,
        justifyItems: 'center',
      }}
    >
      <h1 style={{ fontSize: 24, margin: 0 }}>This section is unavailable right now</h1>
      <p style={{ margin: 0, opacity: 0.8 }}>
        It could not be loaded. The rest of Level Up still works; try again in a moment.
      </p>
      <Button type="primary" onClick={onRetry}>
        Retry
      </Button>
    </section>
  );
}

/**
 * A remote's routes inside an error boundary and Suspense. React.lazy caches a rejected load, so Retry
 * makes a new lazy component (keyed by attempt) and the loader re-registers the remote.
 */
export function RemoteSection({
  remote,
  loader = loadRemoteRoutes,
}: {
  remote: RemoteName;
  loader?: RemoteLoader;
}) {
  const [attempt, setAttempt] = useState(0);
  const Routes = useMemo(() => lazy(() => loader(remote, attempt)), [loader, remote, attempt]);
  return (
    <ErrorBoundary
      key={`${remote}:${attempt}`}
      fallback={() => <RemoteFallback onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<FirstScreenOr fallback={<PageSpinner />} />}>
        <Routes />
      </Suspense>
    </ErrorBoundary>
  );
}
