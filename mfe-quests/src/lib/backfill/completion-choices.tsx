import Button from 'antd/es/button';
import { COMPLETION_CHOICE_LABELS, type CompletionType } from '@levelup/contracts';
import { FILL_IN_ROW } from './fill-in-styles.ts';

const CHOICES: CompletionType[] = ['not_completed', 'partial', 'completed'];

/**
 * The three states of "How'd it go?" for an item's day (Didn't Complete, Kinda Sorta, Completed), the
 * same for a routine and a one-time quest. `name` names the group: the item, or the day on a habit's page.
 */
export function CompletionChoices(props: {
  name: string;
  completionType: CompletionType;
  pending: boolean;
  onChoose: (completionType: CompletionType) => void;
}) {
  const { name, completionType, pending, onChoose } = props;
  // Only a done state shows as chosen: not completed is also where an untouched day starts.
  const chosen = (type: CompletionType) => type !== 'not_completed' && completionType === type;
  return (
    <div role="group" aria-label={`How'd it go? ${name}`} style={{ ...FILL_IN_ROW, marginTop: 6 }}>
      {CHOICES.map((type) => (
        <Button
          key={type}
          size="small"
          type={chosen(type) ? 'primary' : 'default'}
          aria-pressed={chosen(type)}
          disabled={pending}
          onClick={() => onChoose(type)}
        >
          {COMPLETION_CHOICE_LABELS[type]}
        </Button>
      ))}
    </div>
  );
}
