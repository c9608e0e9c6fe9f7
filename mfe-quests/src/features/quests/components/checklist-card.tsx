import { useId, useState } from 'react';
import Checkbox from 'antd/es/checkbox';
import Progress from 'antd/es/progress';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import { checklistProgress, checklistStepsLabel, type ChecklistStep } from '@levelup/contracts';
import { useChecklistTick } from '../hooks/use-checklist-tick.ts';
import type { CardKind } from '../hooks/quest-caches.ts';

/**
 * A card's checklist, a quest's or a routine's day's (`kind`): how far it is ("2/5 steps" and a bar),
 * and a button that opens the steps as checkboxes, each ticked at once (useChecklistTick).
 */
export function QuestChecklist({
  kind,
  itemId,
  questTitle,
  steps,
}: {
  kind: CardKind;
  /** The quest's or the occurrence's id. */
  itemId: string;
  questTitle: string;
  steps: readonly ChecklistStep[];
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const tick = useChecklistTick(kind);
  const { done, total, percent } = checklistProgress(steps);
  const label = checklistStepsLabel(done, total);
  return (
    <div style={{ marginTop: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`Steps of ${questTitle}: ${label}`}
          onClick={() => setOpen((o) => !o)}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 6,
            background: 'transparent',
            border: 'none',
            padding: 0,
            font: 'inherit',
            fontSize: 13,
            color: 'inherit',
            cursor: 'pointer',
            whiteSpace: 'nowrap',
          }}
        >
          {open ? <DownOutlined aria-hidden="true" /> : <RightOutlined aria-hidden="true" />}
          <span>{label}</span>
        </button>
        <Progress
          percent={percent}
          size="small"
          showInfo={false}
          aria-label={`${questTitle}: ${label}`}
          style={{ flex: 1, margin: 0, minWidth: 60 }}
        />
      </div>
      <ul
        id={listId}
        hidden={!open}
        aria-label={`Steps of ${questTitle}`}
        style={{ margin: '6px 0 0', padding: 0, display: 'grid', gap: 4 }}
      >
        {open &&
          steps.map((step) => (
            <li key={step.id} style={{ listStyle: 'none' }}>
              <Checkbox
                checked={step.done}
                onChange={(e) =>
                  tick.mutate({ id: itemId, stepId: step.id, done: e.target.checked })
                }
              >
                <span
                  style={{
                    textDecoration: step.done ? 'line-through' : 'none',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {step.text}
                </span>
              </Checkbox>
            </li>
          ))}
      </ul>
    </div>
  );
}
