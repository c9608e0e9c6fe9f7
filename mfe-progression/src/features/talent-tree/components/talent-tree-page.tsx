import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import {
  GROWTH_PATH_LABELS,
  talentNodeState,
  talentProgressMap,
  talentRecommendations,
  type TalentNode,
} from '@levelup/contracts';
import { PageHeader } from '@levelup/web-kit';
import { talentProgressQueryOptions } from '../api/get-talent-progress.ts';
import { talentTreeQueryOptions } from '../api/get-talent-tree.ts';
import { useCheckUnlocks } from '../hooks/use-check-unlocks.ts';
import { STATE_LABELS, TalentCanvas } from './talent-canvas.tsx';
import { TalentDetailModal } from './talent-detail-modal.tsx';
import { talentTreeCss } from './talent-styles.ts';

const LEGEND = [
  { state: 'locked', color: '#9ca3af' },
  { state: 'in_progress', color: '#2563eb' },
  { state: 'ready', color: '#ca8a04' },
  { state: 'unlocked', color: '#7c3aed' },
] as const;

/** /talent-tree. */
export function TalentTreePage() {
  const nodes = useQuery(talentTreeQueryOptions);
  const progress = useQuery(talentProgressQueryOptions);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const titleOf = (key: string) => nodes.data?.find((n) => n.nodeKey === key)?.title ?? key;
  const check = useCheckUnlocks(titleOf);
  const progressMap = talentProgressMap(progress.data ?? []);
  const openNode = nodes.data?.find((n) => n.nodeKey === openKey) ?? null;
  const open = (node: TalentNode) => setOpenKey(node.nodeKey);
  return (
    <>
      <style>{talentTreeCss}</style>
      <PageHeader
        title="TALENT TREE"
        subtitle="Complete quests in a path to grow its talents."
        actions={
          <Button type="primary" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? 'Checking...' : 'Check for Unlocks'}
          </Button>
        }
      />
      {nodes.isPending || progress.isPending ? (
        <p role="status">Loading talent tree...</p>
      ) : nodes.isError || progress.isError ? (
        <Card>
          <p role="alert" style={{ marginTop: 0 }}>
            Failed to load the talent tree
          </p>
          <Button onClick={() => void Promise.all([nodes.refetch(), progress.refetch()])}>
            Retry
          </Button>
        </Card>
      ) : nodes.data.length === 0 ? (
        <Card>
          <p style={{ margin: 0, textAlign: 'center' }}>
            Your talent tree is being planted. Complete quests to grow it!
          </p>
        </Card>
      ) : (
        <>
          <section aria-labelledby="talent-recs" style={{ marginBottom: 24 }}>
            <h2 id="talent-recs" style={{ fontSize: 20 }}>
              Recommended Next Steps
            </h2>
            <ol className="lu-talent-recs">
              {talentRecommendations(nodes.data, progress.data).map(({ node }) => {
                const completions = Math.min(
                  progressMap.get(node.nodeKey)?.currentCompletions ?? 0,
                  node.completionsRequired,
                );
                return (
                  <li key={node.nodeKey}>
                    <button type="button" className="lu-talent-rec" onClick={() => open(node)}>
                      <strong style={{ display: 'block' }}>{node.title}</strong>
                      <span style={{ display: 'block' }}>
                        {GROWTH_PATH_LABELS[node.path]} · Tier {node.tier}
                      </span>
                      <span style={{ display: 'block' }}>
                        {STATE_LABELS[talentNodeState(node, progressMap)]}: {completions} of{' '}
                        {node.completionsRequired} quests
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
          <section aria-labelledby="talent-canvas-title">
            <h2 id="talent-canvas-title" style={{ fontSize: 20 }}>
              Paths
            </h2>
            <TalentCanvas
              nodes={nodes.data}
              progress={progressMap}
              onOpen={open}
              onReady={() => check.mutate()}
            />
            <ul className="lu-talent-legend" aria-label="Node states">
              {LEGEND.map(({ state, color }) => (
                <li key={state}>
                  <span
                    className="lu-talent-swatch"
                    style={{ borderColor: color }}
                    aria-hidden="true"
                  />
                  {STATE_LABELS[state]}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <TalentDetailModal
        node={openNode}
        state={openNode && talentNodeState(openNode, progressMap)}
        onClose={() => setOpenKey(null)}
      />
    </>
  );
}
