import Card from 'antd/es/card';
import { PageHeader, PageSpinner } from '@levelup/web-kit';
import { sortForDashboard } from '../api/quests-api.ts';
import { useQuests } from '../hooks/use-quests.ts';
import { CreateQuestButton } from './create-quest-button.tsx';
import { QuestList } from './quest-list.tsx';

/** /quests (core.md section 2, Quest Log). Recurring quests arrive with the series feature. */
export function QuestLogPage() {
  const quests = useQuests();
  return (
    <>
      <PageHeader title="Quest Log" actions={<CreateQuestButton label="Start New Quest" />} />
      {quests.isPending ? (
        <PageSpinner />
      ) : quests.isError ? (
        <p role="alert">Failed to load quests</p>
      ) : quests.data.length === 0 ? (
        <Card>
          <p style={{ textAlign: 'center', margin: 0 }}>No quests yet</p>
        </Card>
      ) : (
        <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Regular Quests</h2>}>
          <QuestList quests={sortForDashboard(quests.data)} label="Regular quests" />
        </Card>
      )}
    </>
  );
}
