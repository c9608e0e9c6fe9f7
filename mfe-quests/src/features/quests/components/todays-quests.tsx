import Button from 'antd/es/button';
import { sortForDashboard } from '../api/quests-api.ts';
import { useQuests } from '../hooks/use-quests.ts';
import { CreateQuestButton } from './create-quest-button.tsx';
import { QuestList } from './quest-list.tsx';

/** The dashboard's quests tab: today's quests, Create Quest, the empty and failure states (core.md section 2). */
export function TodaysQuests() {
  const quests = useQuests();
  if (quests.isPending) return <p role="status">Loading quests...</p>;
  if (quests.isError)
    return (
      <div role="alert">
        <p>Failed to load quests</p>
        <Button onClick={() => void quests.refetch()}>Try Again</Button>
      </div>
    );
  const list = sortForDashboard(quests.data);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div>
        <CreateQuestButton />
      </div>
      {list.length === 0 ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <p>No quests for today yet</p>
          <CreateQuestButton label="Create Your First Quest" primary={false} />
        </div>
      ) : (
        <QuestList quests={list} label="Today's quests" />
      )}
    </div>
  );
}
