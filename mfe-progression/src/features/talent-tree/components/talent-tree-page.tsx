import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { PageHeader } from '@levelup/web-kit';
import { talentTreeQueryOptions } from '../api/talent-tree-api.ts';

const pathNames: Record<string, string> = {
  inner_growth: 'Inner Growth',
  physical_growth: 'Physical Growth',
  environment_growth: 'Environment Growth',
};

/** /talent-tree (goals-progression-community.md section 2); the canvas and unlocks come with the feature. */
export function TalentTreePage() {
  const nodes = useQuery(talentTreeQueryOptions);
  return (
    <>
      <PageHeader title="TALENT TREE" actions={<Button type="primary">Check for Unlocks</Button>} />
      {nodes.isPending ? (
        <p role="status">Loading talent tree...</p>
      ) : nodes.isError ? (
        <p role="alert">Failed to load the talent tree</p>
      ) : nodes.data.length === 0 ? (
        <Card>
          <p style={{ margin: 0, textAlign: 'center' }}>
            Your talent tree is being planted. Complete quests to grow it!
          </p>
        </Card>
      ) : (
        <div
          style={{
            display: 'grid',
            gap: 16,
            gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          }}
        >
          {nodes.data.map((node) => (
            <Card
              key={node.nodeKey}
              size="small"
              title={node.title}
              extra={<Tag>Tier {node.tier}</Tag>}
            >
              <p style={{ marginTop: 0 }}>{node.description}</p>
              <span>
                Complete {node.completionsRequired} quest(s) in the{' '}
                {pathNames[node.path] ?? node.path} path
              </span>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
