import { useId, useState, type KeyboardEvent } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  CHECKLIST_MAX_STEPS,
  CHECKLIST_STEP_MAX_LENGTH,
  COMPLETE_WHEN_CHECKLIST_DONE_LABEL,
  checklistInputSchema,
} from '@levelup/contracts';

/** A step as the form holds it: a kept step has its id (its tick stays), a new one has none. */
export interface ChecklistFormStep {
  id?: string;
  text: string;
}

/** The contract's rules on the list (each step's text, how many), said under the section. */
const checklistRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const result = checklistInputSchema.safeParse(value ?? []);
    if (!result.success) {
      const issue = result.error.issues[0];
      const at = typeof issue?.path[0] === 'number' ? `Step ${issue.path[0] + 1}: ` : '';
      throw new Error(`${at}${issue?.message ?? 'Invalid checklist'}`);
    }
  },
};

/** The ordered steps, each editable, movable up and down and removable, and a field to add one. */
function ChecklistSteps({
  value = [],
  onChange,
}: {
  value?: ChecklistFormStep[];
  onChange?: (steps: ChecklistFormStep[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const full = value.length >= CHECKLIST_MAX_STEPS;
  const set = (steps: ChecklistFormStep[]) => onChange?.(steps);
  const move = (from: number, to: number) => {
    const steps = [...value];
    const [step] = steps.splice(from, 1);
    if (step) steps.splice(to, 0, step);
    set(steps);
  };
  const add = () => {
    const text = draft.trim();
    if (!text || full) return;
    set([...value, { text }]);
    setDraft('');
  };
  const onDraftKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {value.length > 0 && (
        <ol aria-label="Steps" style={{ margin: 0, padding: 0, display: 'grid', gap: 6 }}>
          {value.map((step, index) => (
            <li
              key={step.id ?? `new-${index}`}
              style={{ listStyle: 'none', display: 'flex', gap: 4, alignItems: 'center' }}
            >
              <Input
                aria-label={`Step ${index + 1}`}
                value={step.text}
                maxLength={CHECKLIST_STEP_MAX_LENGTH}
                onChange={(e) =>
                  set(value.map((s, i) => (i === index ? { ...s, text: e.target.value } : s)))
                }
              />
              <Button
                icon={<ArrowUpOutlined aria-hidden="true" />}
                aria-label={`Move step ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <Button
                icon={<ArrowDownOutlined aria-hidden="true" />}
                aria-label={`Move step ${index + 1} down`}
                disabled={index === value.length - 1}
                onClick={() => move(index, index + 1)}
              />
              <Button
                icon={<DeleteOutlined aria-hidden="true" />}
                aria-label={`Remove step ${index + 1}`}
                onClick={() => set(value.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
      )}
      <div style={{ display: 'flex', gap: 4 }}>
        <Input
          aria-label="New step"
          aria-describedby={hintId}
          placeholder={full ? 'No more steps' : 'e.g. Wipe the counters'}
          value={draft}
          disabled={full}
          maxLength={CHECKLIST_STEP_MAX_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onDraftKey}
        />
        <Button icon={<PlusOutlined aria-hidden="true" />} disabled={full} onClick={add}>
          Add step
        </Button>
      </div>
      <span id={hintId} style={{ fontSize: 12, opacity: 0.8 }}>
        {value.length}/{CHECKLIST_MAX_STEPS} steps. Press Enter to add one.
      </span>
    </div>
  );
}

/**
 * The quest forms' Checklist section: the steps (`checklist`) and the choice to complete the quest
 * when every step is ticked (`completeWhenChecklistDone`).
 */
export function ChecklistFields() {
  return (
    <fieldset style={{ border: 'none', margin: '0 0 12px', padding: 0, minWidth: 0 }}>
      <legend
        style={{ fontSize: 14, fontWeight: 600, marginBottom: 8, border: 'none', color: 'inherit' }}
      >
        Checklist
      </legend>
      <Form.Item name="checklist" rules={[checklistRule]} style={{ marginBottom: 8 }}>
        <ChecklistSteps />
      </Form.Item>
      <Form.Item
        name="completeWhenChecklistDone"
        valuePropName="checked"
        style={{ marginBottom: 0 }}
      >
        <CompleteSwitch />
      </Form.Item>
    </fieldset>
  );
}

/** The switch with its label beside it (the label names the switch and toggles it too). */
function CompleteSwitch({
  checked,
  onChange,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Switch id={id} checked={checked ?? false} onChange={(on) => onChange?.(on)} />
      <label htmlFor={id} style={{ cursor: 'pointer' }}>
        {COMPLETE_WHEN_CHECKLIST_DONE_LABEL}
      </label>
    </div>
  );
}
