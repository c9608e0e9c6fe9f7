import Button from 'antd/es/button';
import Card from 'antd/es/card';

/** The new-user welcome panel with the wizard's 'Create My First Quest'. */
export function WelcomePanel({
  onCreateFirstQuest,
  onQuickWin,
}: {
  onCreateFirstQuest: () => void;
  onQuickWin: () => void;
}) {
  return (
    <Card>
      <section aria-labelledby="welcome-title" style={{ display: 'grid', gap: 8 }}>
        <h2 id="welcome-title" style={{ margin: 0, fontSize: 20 }}>
          Your adventure starts here
        </h2>
        <p style={{ margin: 0 }}>
          Turn your routines and to-dos into quests, earn XP and level up. A two-minute breathing
          quick win earns your first 10 XP.
        </p>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="primary" onClick={onCreateFirstQuest}>
            Create My First Quest
          </Button>
          <Button onClick={onQuickWin}>Try a Quick Win</Button>
        </div>
      </section>
    </Card>
  );
}
