import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import { postReportsQueryOptions } from '../api/get-post-reports.ts';
import { dateTimeFormat } from '../../../lib/dates.ts';

/**
 * 'Reported Posts' on the admin page: what members reported from the community
 * page, with the post as it reads now (or that it was deleted since), the reason and who reported it.
 */
export function ReportedPosts() {
  const reports = useQuery(postReportsQueryOptions);
  return (
    <section aria-label="Reported Posts" style={{ marginBottom: 32 }}>
      <h2 style={{ fontSize: 20 }}>Reported Posts</h2>
      {reports.isPending ? (
        <p role="status">Loading reports...</p>
      ) : reports.isError ? (
        <div role="alert">
          <p>Failed to load reported posts</p>
          <Button onClick={() => void reports.refetch()}>Retry</Button>
        </div>
      ) : reports.data.length === 0 ? (
        <p>No reported posts.</p>
      ) : (
        <div style={{ display: 'grid', gap: 12 }}>
          {reports.data.map((report) => (
            <Card key={report.id} size="small" role="article" aria-label="Reported post">
              <p style={{ margin: '0 0 8px', whiteSpace: 'pre-wrap' }}>
                {report.postContent ?? <em>This post has since been deleted.</em>}
              </p>
              <p style={{ margin: 0, fontSize: 13 }}>
                <strong>Reason:</strong> {report.reason || 'None given'}
              </p>
              <p style={{ margin: 0, fontSize: 13 }}>
                Reported by {report.reportedBy.displayName || 'a member'} on{' '}
                <time dateTime={report.createdAt}>
                  {dateTimeFormat.format(new Date(report.createdAt))}
                </time>
              </p>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
