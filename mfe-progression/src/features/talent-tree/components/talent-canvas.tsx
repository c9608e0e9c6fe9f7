import {
  GROWTH_PATH_LABELS,
  talentNodeState,
  type TalentNode,
  type TalentNodeState,
  type TalentProgress,
} from '@levelup/contracts';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import { TalentIcon } from './talent-icon.tsx';

export const STATE_LABELS: Record<TalentNodeState, string> = {
  locked: 'Locked',
  in_progress: 'In progress',
  ready: 'Ready to unlock',
  unlocked: 'Unlocked',
};

const CANVAS_HEIGHT = 500;
const MARGIN = 90;

/**
 * The 500 px canvas: one button per node at its seeded position, prerequisite lines beneath
 * (solid once the prerequisite is unlocked). A ready node's click checks for unlocks; any
 * other node opens its details.
 */
export function TalentCanvas({
  nodes,
  progress,
  onOpen,
  onReady,
}: {
  nodes: readonly TalentNode[];
  progress: ReadonlyMap<string, TalentProgress>;
  onOpen: (node: TalentNode) => void;
  onReady: (node: TalentNode) => void;
}) {
  const byKey = new Map(nodes.map((n) => [n.nodeKey, n]));
  const width = Math.max(...nodes.map((n) => n.position.x)) + MARGIN;
  return (
    <div className="lu-talent-scroll">
      <div className="lu-talent-canvas" style={{ width, height: CANVAS_HEIGHT }}>
        <svg className="lu-talent-lines" width={width} height={CANVAS_HEIGHT} aria-hidden="true">
          {nodes.flatMap((node) =>
            node.prerequisites.flatMap((key) => {
              const from = byKey.get(key);
              if (!from) return [];
              const open = progress.get(key)?.isUnlocked ?? false;
              return [
                <line
                  key={`${key}-${node.nodeKey}`}
                  x1={from.position.x}
                  y1={from.position.y}
                  x2={node.position.x}
                  y2={node.position.y}
                  stroke={open ? '#7c3aed' : '#9ca3af'}
                  strokeWidth={open ? 3 : 2}
                  strokeDasharray={open ? undefined : '6 5'}
                />,
              ];
            }),
          )}
        </svg>
        {nodes
          .filter((n) => n.tier === 1)
          .map((root) => (
            <span key={root.path} className="lu-talent-path" style={{ left: root.position.x }}>
              {GROWTH_PATH_LABELS[root.path]}
            </span>
          ))}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Talent nodes">
          {nodes.map((node) => {
            const state = talentNodeState(node, progress);
            const count = Math.min(
              progress.get(node.nodeKey)?.currentCompletions ?? 0,
              node.completionsRequired,
            );
            return (
              <li key={node.nodeKey}>
                <button
                  type="button"
                  className={`lu-talent-node lu-talent-${state}${node.isKeystone ? ' lu-talent-keystone' : ''}`}
                  style={{ left: node.position.x, top: node.position.y }}
                  data-state={state}
                  onClick={() => (state === 'ready' ? onReady(node) : onOpen(node))}
                >
                  <span className="lu-talent-orb">
                    {state === 'locked' ? (
                      <LockOutlined aria-hidden />
                    ) : (
                      <TalentIcon name={node.icon} />
                    )}
                  </span>
                  {/* The name is the visible text plus the state, so it always contains what is seen. */}
                  <span className="lu-talent-label">{node.title}</span>
                  <span className="lu-visually-hidden">: {STATE_LABELS[state]}, </span>
                  <span className="lu-talent-count">
                    {`${count}/${node.completionsRequired} quests`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
