import Input from 'antd/es/input';
import { questDescriptionSchema, questTitleSchema } from '@levelup/contracts';
import type { StepProps } from '../step-props.ts';

const errorStyle = { color: 'var(--ant-color-error, #d4380d)', fontSize: 13 } as const;

function fieldError(schema: typeof questTitleSchema, value: string): string | null {
  if (!value) return null;
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Title and description, each with the contracts' validation message under it once typed. */
export function QuestTextFields({ state, dispatch }: StepProps) {
  const titleError = fieldError(questTitleSchema, state.title);
  const descriptionError = fieldError(questDescriptionSchema, state.description);
  return (
    <>
      <div style={{ display: 'grid', gap: 4 }}>
        <label htmlFor="wizard-title">Title</label>
        <Input
          id="wizard-title"
          value={state.title}
          status={titleError ? 'error' : undefined}
          aria-invalid={!!titleError}
          aria-describedby={titleError ? 'wizard-title-error' : undefined}
          onChange={(e) => dispatch({ type: 'setTitle', title: e.target.value })}
        />
        {titleError && (
          <span id="wizard-title-error" style={errorStyle}>
            {titleError}
          </span>
        )}
      </div>
      <div style={{ display: 'grid', gap: 4 }}>
        <label htmlFor="wizard-description">Description</label>
        <Input.TextArea
          id="wizard-description"
          rows={3}
          value={state.description}
          status={descriptionError ? 'error' : undefined}
          aria-invalid={!!descriptionError}
          aria-describedby={descriptionError ? 'wizard-description-error' : undefined}
          onChange={(e) => dispatch({ type: 'setDescription', description: e.target.value })}
        />
        {descriptionError && (
          <span id="wizard-description-error" style={errorStyle}>
            {descriptionError}
          </span>
        )}
      </div>
    </>
  );
}
