import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { defaultXpForDifficulty, type QuestDifficulty } from '@levelup/contracts';
import type { StepProps } from '../step-props.ts';

const difficultyOptions = [
  { value: 'easy', label: 'Easy' },
  { value: 'medium', label: 'Medium' },
  { value: 'hard', label: 'Hard' },
];

/** Difficulty and XP reward side by side; a new difficulty resets the reward to its default. */
export function RewardFields({ state, dispatch }: StepProps) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
      <label style={{ display: 'grid', gap: 4 }}>
        <span id="wizard-difficulty">Difficulty</span>
        <Select
          aria-labelledby="wizard-difficulty"
          value={state.difficulty}
          options={difficultyOptions}
          onChange={(difficulty: QuestDifficulty) => {
            dispatch({ type: 'setDifficulty', difficulty });
            dispatch({ type: 'setXpReward', xpReward: defaultXpForDifficulty(difficulty) });
          }}
        />
      </label>
      <label style={{ display: 'grid', gap: 4 }}>
        <span>XP Reward</span>
        <InputNumber
          min={1}
          max={1000}
          value={state.xpReward}
          style={{ width: '100%' }}
          onChange={(v) => typeof v === 'number' && dispatch({ type: 'setXpReward', xpReward: v })}
        />
      </label>
    </div>
  );
}
