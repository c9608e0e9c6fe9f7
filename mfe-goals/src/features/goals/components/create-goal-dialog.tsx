import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Tabs from 'antd/es/tabs';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import { goalThemeSchema, type GoalTemplate } from '@levelup/contracts';
import { goalTemplatesQueryOptions } from '../api/get-goal-templates.ts';
import { useCreateGoal } from '../hooks/use-goal-mutations.ts';
import { GoalForm, emptyGoalForm, toGoalRequest, type GoalFormValues } from './goal-form.tsx';
import { ThemeTile, titleCase } from './goal-visuals.tsx';

function fromTemplate(template: GoalTemplate): GoalFormValues {
  return {
    title: template.title,
    description: template.description,
    theme: template.theme,
    targetXp: String(template.targetXp),
    cadence: template.cadence,
    color: template.color,
  };
}

/** Step 1: templates in tabs by theme, or Create Custom Goal (Create dialog). */
function TemplateStep({ onChoose }: { onChoose: (values: GoalFormValues) => void }) {
  const templates = useQuery(goalTemplatesQueryOptions);
  return (
    <>
      <p style={{ marginTop: 0 }}>Start from a template or create your own goal.</p>
      {templates.isPending ? (
        <p role="status">Loading templates...</p>
      ) : templates.isError ? (
        <p role="alert">
          Failed to load goal templates.{' '}
          <Button type="link" onClick={() => void templates.refetch()} style={{ padding: 0 }}>
            Retry
          </Button>
        </p>
      ) : (
        <Tabs
          items={goalThemeSchema.options.map((theme) => ({
            key: theme,
            label: titleCase(theme),
            children: (
              <ul className="lu-template-list" aria-label={`${titleCase(theme)} templates`}>
                {templates.data
                  .filter((t) => t.theme === theme)
                  .map((template) => (
                    <li key={template.id}>
                      <button
                        type="button"
                        className="lu-template"
                        onClick={() => onChoose(fromTemplate(template))}
                      >
                        <span style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                          <ThemeTile theme={template.theme} color={template.color} />
                          <span>
                            <strong>{template.title}</strong>
                            <span style={{ display: 'block' }}>{template.description}</span>
                            <span style={{ display: 'block', opacity: 0.85 }}>
                              {template.targetXp} XP · {titleCase(template.cadence)}
                            </span>
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
              </ul>
            ),
          }))}
        />
      )}
      <Button
        block
        type="dashed"
        icon={<PlusOutlined aria-hidden="true" />}
        style={{ marginTop: 16 }}
        onClick={() => onChoose(emptyGoalForm)}
      >
        Create Custom Goal
      </Button>
    </>
  );
}

/**
 * Create New Goal, two steps: a template or Create Custom Goal, then the pre-filled form with Back. After
 * a successful create the dialog closes, resets to step 1 and clears the form.
 */
export function CreateGoalDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState<GoalFormValues | null>(null);
  const create = useCreateGoal();
  const close = () => {
    setValues(null);
    onClose();
  };
  return (
    <Modal
      title="Create New Goal"
      open={open}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={640}
    >
      {values === null ? (
        <TemplateStep onChoose={setValues} />
      ) : (
        <GoalForm
          name="create-goal"
          initialValues={values}
          submitLabel="Create Goal"
          pendingLabel="Creating..."
          pending={create.isPending}
          onSubmit={(submitted) => create.mutate(toGoalRequest(submitted), { onSuccess: close })}
          extraAction={
            <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={() => setValues(null)}>
              Back
            </Button>
          }
        />
      )}
    </Modal>
  );
}
