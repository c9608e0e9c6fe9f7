import Select from 'antd/es/select';
import { QUEST_TAGS_MAX, questTagsSchema } from '@levelup/contracts';
import type { StepProps } from '../step-props.ts';

const errorStyle = { color: 'var(--ant-color-error, #d4380d)', fontSize: 13 } as const;

/** The new quest's or routine's tags: type a word and Enter (or a comma) to add it. */
export function TagsField({ state, dispatch }: StepProps) {
  const result = questTagsSchema.safeParse(state.tags);
  const error = result.success ? null : (result.error.issues[0]?.message ?? null);
  return (
    <div style={{ display: 'grid', gap: 4 }}>
      <label htmlFor="wizard-tags">Tags</label>
      <Select
        id="wizard-tags"
        mode="tags"
        value={state.tags}
        placeholder="e.g. home, reading"
        tokenSeparators={[',']}
        open={false}
        suffixIcon={null}
        status={error ? 'error' : undefined}
        onChange={(tags: string[]) => dispatch({ type: 'setTags', tags })}
      />
      <span style={error ? errorStyle : { fontSize: 13, opacity: 0.8 }}>
        {error ?? `Optional: words to find it by in the Quest Log, up to ${QUEST_TAGS_MAX}.`}
      </span>
    </div>
  );
}
