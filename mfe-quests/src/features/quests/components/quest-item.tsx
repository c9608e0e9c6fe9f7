import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import type { Quest } from '@levelup/contracts';

const difficultyColor = { easy: 'green', medium: 'gold', hard: 'red' } as const;

/**
 * One quest with its quick-complete button. Completion is one-way in the UI: a completed quest is dimmed,
 * struck through and shows 'Done' (core.md section 2, Quest card; section 4, Quest completion).
 */
export function QuestItem({
  quest,
  onComplete,
  pending,
}: {
  quest: Quest;
  onComplete: (quest: Quest) => void;
  pending: boolean;
}) {
  const done = quest.isCompleted;
  return (
    <li
      aria-label={quest.title}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '12px 0',
        borderBottom: '1px solid var(--lu-border, #e5e7eb)',
        opacity: done ? 0.55 : 1,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <strong style={{ textDecoration: done ? 'line-through' : 'none' }}>{quest.title}</strong>
          <Tag color={difficultyColor[quest.difficulty]}>{quest.difficulty}</Tag>
          <Tag color="purple">+{quest.xpReward} XP</Tag>
        </div>
        {quest.description && (
          <div style={{ fontSize: 13, opacity: 0.75, marginTop: 4 }}>{quest.description}</div>
        )}
      </div>
      {done ? (
        <Tag color="success" icon={<CheckOutlined aria-hidden="true" />}>
          Done
        </Tag>
      ) : (
        <Button
          type="primary"
          shape="round"
          icon={<CheckOutlined aria-hidden="true" />}
          aria-label={`Complete quest: ${quest.title}`}
          disabled={pending}
          loading={pending}
          onClick={() => onComplete(quest)}
        >
          Complete
        </Button>
      )}
    </li>
  );
}
