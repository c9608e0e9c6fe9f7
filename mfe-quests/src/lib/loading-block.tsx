import Skeleton from 'antd/es/skeleton';

/** A placeholder for a panel or step whose code is still loading, announced as "Loading". */
export function LoadingBlock({ rows }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading">
      <Skeleton active paragraph={rows === undefined ? undefined : { rows }} />
    </div>
  );
}
