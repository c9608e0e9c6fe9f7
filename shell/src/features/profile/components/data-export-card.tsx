import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { useMutation } from '@tanstack/react-query';
import { dataExportFileName, localDate } from '@levelup/contracts';
import {
  csvExportBlob,
  downloadBlob,
  fetchDataExport,
  jsonExportBlob,
} from '../api/data-export-api.ts';

type Format = 'json' | 'csv';

/**
 * 'Your Data': everything the user has in Level Up, as one JSON document or
 * as CSV files (one per collection) in a zip.
 */
export function DataExportCard({ timeZone }: { timeZone: string }) {
  const download = useMutation({
    mutationFn: async (format: Format) => {
      const exported = await fetchDataExport();
      const name = dataExportFileName(localDate(new Date(exported.exportedAt), timeZone));
      if (format === 'json') downloadBlob(jsonExportBlob(exported), `${name}.json`);
      else downloadBlob(await csvExportBlob(exported), `${name}.zip`);
    },
  });
  const busy = (format: Format) => download.isPending && download.variables === format;
  return (
    <Card
      role="region"
      aria-labelledby="data-export-title"
      title={
        <h2 id="data-export-title" style={{ margin: 0, fontSize: 18 }}>
          Your Data
        </h2>
      }
    >
      <p style={{ marginTop: 0 }}>
        Download everything you have in Level Up: your account, XP history, quests, goals, talents,
        posts and feedback.
      </p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button
          icon={<DownloadOutlined aria-hidden="true" />}
          loading={busy('json')}
          disabled={download.isPending && !busy('json')}
          onClick={() => download.mutate('json')}
        >
          Download JSON
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden="true" />}
          loading={busy('csv')}
          disabled={download.isPending && !busy('csv')}
          onClick={() => download.mutate('csv')}
        >
          Download CSV (zip)
        </Button>
      </div>
      {download.isError && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          role="alert"
          title="Export failed"
          description="Part of your data could not be read right now. Nothing was downloaded; please try again."
        />
      )}
    </Card>
  );
}
