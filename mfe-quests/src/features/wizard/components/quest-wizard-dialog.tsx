import { useEffect, useReducer, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import {
  WIZARD_EMOTIONS,
  WIZARD_INTENTS,
  WIZARD_RESET_DELAY_MS,
  WIZARD_STEP_TITLES,
  WIZARD_SUGGESTIONS,
  canPickScheduledTime,
  defaultXpForDifficulty,
  initialQuestWizardState,
  isRecurringChoice,
  localDate,
  questDescriptionSchema,
  questTitleSchema,
  questWizardReducer,
  shortDate,
  wizardCanContinue,
  wizardSubmission,
  zonedParts,
  type GrowthPath,
  type MonthlyBy,
  type QuestDifficulty,
  type TimeOfDay,
  type WizardRecurrence,
} from '@levelup/contracts';
import { quotaMessageOr, useToast } from '@levelup/web-kit';
import { markOnboardingComplete } from '../../../lib/onboarding.ts';
import { refresh } from '../../../lib/query-keys.ts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { createFromWizard } from '../api/create-from-wizard.ts';

const RECURRENCES: { value: WizardRecurrence; label: string; hint: string }[] = [
  { value: 'one_time', label: 'Just once', hint: 'A one-time quest' },
  { value: 'daily', label: 'Every day', hint: 'A daily recurring quest' },
  { value: 'weekly', label: 'Certain days of the week', hint: 'A weekly recurring quest' },
  { value: 'monthly', label: 'Once a month', hint: 'A monthly recurring quest' },
];
const UNIT: Record<'daily' | 'weekly' | 'monthly', [string, string]> = {
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
};
const monthlyByOptions = [
  { value: 'day_of_month', label: 'On the same date' },
  { value: 'weekday', label: 'On the same weekday (e.g. 2nd Tuesday)' },
];

/** 'Repeats every day from today.', 'Repeats every 3 days from today.', 'Repeats every 2 weeks on Tuesday.' */
function repeatsText(
  recurrence: 'daily' | 'weekly' | 'monthly',
  n: number,
  days: string[],
): string {
  const [one, many] = UNIT[recurrence];
  const every = n === 1 ? `every ${one}` : `every ${n} ${many}`;
  if (recurrence === 'weekly') return `Repeats ${every} on ${days.join(', ')}.`;
  return `Repeats ${every} from today.`;
}
const TIMES: { value: TimeOfDay; label: string; hint: string }[] = [
  { value: 'morning', label: 'Morning', hint: '6am-12pm' },
  { value: 'afternoon', label: 'Afternoon', hint: '12pm-6pm' },
  { value: 'evening', label: 'Evening', hint: '6pm-6am' },
  { value: 'anytime', label: 'Anytime', hint: 'Whenever it fits' },
];
const PATHS: { value: GrowthPath; label: string; hint: string }[] = [
  { value: 'inner_growth', label: 'Inner Growth', hint: 'Mind, learning and calm' },
  { value: 'physical_growth', label: 'Physical Growth', hint: 'Body, health and energy' },
  { value: 'environment_growth', label: 'Environment Growth', hint: 'Home, work and surroundings' },
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const difficultyOptions = [
  { value: 'easy', label: 'Easy' },
  { value: 'medium', label: 'Medium' },
  { value: 'hard', label: 'Hard' },
];

function Choices({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} style={{ display: 'grid', gap: 8 }}>
      {children}
    </div>
  );
}

function Choice({ label, hint, onClick }: { label: string; hint?: string; onClick: () => void }) {
  return (
    <Button
      block
      size="large"
      onClick={onClick}
      style={{ height: 'auto', padding: '10px 16px', textAlign: 'left' }}
    >
      <span style={{ display: 'grid' }}>
        <strong>{label}</strong>
        {hint && <span style={{ fontSize: 12, opacity: 0.75 }}>{hint}</span>}
      </span>
    </Button>
  );
}

const errorStyle = { color: 'var(--ant-color-error, #d4380d)', fontSize: 13 } as const;

function fieldError(schema: typeof questTitleSchema, value: string): string | null {
  if (!value) return null;
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * The quest creation wizard (steps and titles, flow and Back rules, weekly days). Every transition is the contracts' questWizardReducer; this dialog only
 * renders the step and sends the contracts' wizardSubmission. Closing resets after 300 ms.
 */
export default function QuestWizardDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const [state, dispatch] = useReducer(questWizardReducer, undefined, initialQuestWizardState);
  const toast = useToast();
  const queryClient = useQueryClient();
  const { now, timeZone } = useUserDay();

  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => dispatch({ type: 'reset' }), WIZARD_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (state.notice)
      toast.error({ title: state.notice.title, description: state.notice.description });
  }, [state.notice, toast]);

  const create = useMutation({
    mutationFn: createFromWizard,
    onSuccess: ({ kind, title }) => {
      void refresh(queryClient, [
        'quests',
        'withOccurrences',
        'grouped',
        'recurring',
        'overview',
        'calendar',
      ]);
      toast.success({
        title: kind === 'series' ? 'Recurring Quest Created!' : 'Quest Created!',
        description: `${title} is on your quest log.`,
      });
      markOnboardingComplete();
      dispatch({ type: 'reset' });
      onClose();
    },
    onError: (error, submission) =>
      toast.error({
        title: 'Error',
        description: quotaMessageOr(
          error,
          submission.kind === 'series'
            ? 'Failed to create recurring quest. Please try again.'
            : 'Failed to create quest. Please try again.',
        ),
      }),
  });

  const canContinue = wizardCanContinue(state);
  const recurring = isRecurringChoice(state.recurrence);
  const titleError = fieldError(questTitleSchema, state.title);
  const descriptionError = fieldError(questDescriptionSchema, state.description);
  const scheduled = state.scheduledTime
    ? zonedParts(new Date(state.scheduledTime), timeZone)
    : null;

  let body: ReactNode = null;
  switch (state.step) {
    case 'intent':
      body = (
        <Choices label="Intent">
          {WIZARD_INTENTS.map((intent) => (
            <Choice
              key={intent.value}
              label={intent.label}
              onClick={() => dispatch({ type: 'chooseIntent', intent: intent.value })}
            />
          ))}
        </Choices>
      );
      break;
    case 'recurrence':
      body = (
        <Choices label="Recurrence">
          {RECURRENCES.map((r) => (
            <Choice
              key={r.value}
              label={r.label}
              hint={r.hint}
              onClick={() => dispatch({ type: 'chooseRecurrence', recurrence: r.value })}
            />
          ))}
        </Choices>
      );
      break;
    case 'weekly_days':
      body = (
        <div
          role="group"
          aria-label="Weekdays"
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
        >
          {WEEKDAYS.map((name, day) => {
            const on = state.weeklyDays.includes(day);
            return (
              <Button
                key={name}
                type={on ? 'primary' : 'default'}
                aria-pressed={on}
                aria-label={name}
                onClick={() => dispatch({ type: 'toggleWeekday', day })}
              >
                {name.slice(0, 3)}
              </Button>
            );
          })}
        </div>
      );
      break;
    case 'time_of_day':
      body = (
        <Choices label="Time of day">
          {TIMES.map((t) => (
            <Choice
              key={t.value}
              label={t.label}
              hint={t.hint}
              onClick={() => dispatch({ type: 'chooseTimeOfDay', timeOfDay: t.value })}
            />
          ))}
        </Choices>
      );
      break;
    case 'quest_path':
      body = (
        <Choices label="Quest path">
          {PATHS.map((p) => (
            <Choice
              key={p.value}
              label={p.label}
              hint={p.hint}
              onClick={() => dispatch({ type: 'choosePath', growthPath: p.value })}
            />
          ))}
        </Choices>
      );
      break;
    case 'emotion':
      body = (
        <Choices label="Feeling">
          {WIZARD_EMOTIONS.map((e) => (
            <Choice
              key={e.value}
              label={e.label}
              onClick={() => dispatch({ type: 'chooseEmotion', emotion: e.value })}
            />
          ))}
        </Choices>
      );
      break;
    case 'templates':
      body = (
        <Choices label="Suggestions">
          {(state.emotion ? WIZARD_SUGGESTIONS[state.emotion] : []).map((t) => (
            <Choice
              key={t.id}
              label={t.title}
              hint={`${t.description} (+${t.xpReward} XP)`}
              onClick={() => dispatch({ type: 'chooseTemplate', template: t })}
            />
          ))}
        </Choices>
      );
      break;
    case 'life_task':
      // No wizard choice leads into this step, which only points the way: life tasks are
      // added from the dashboard's Life Tasks card.
      body = <p>Life tasks are added from the Life Tasks card on your dashboard.</p>;
      break;
    case 'create':
      body = (
        <div style={{ display: 'grid', gap: 12 }}>
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
                onChange={(v) =>
                  typeof v === 'number' && dispatch({ type: 'setXpReward', xpReward: v })
                }
              />
            </label>
          </div>
          {recurring && state.recurrence !== 'one_time' && state.recurrence !== null ? (
            <div style={{ display: 'grid', gap: 8 }}>
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
                <label style={{ display: 'grid', gap: 4 }}>
                  <span>Repeat every</span>
                  <InputNumber
                    min={1}
                    max={52}
                    value={state.recurrenceInterval}
                    aria-label={`Repeat every (${UNIT[state.recurrence][1]})`}
                    suffix={UNIT[state.recurrence][state.recurrenceInterval === 1 ? 0 : 1]}
                    style={{ width: '100%' }}
                    onChange={(v) =>
                      typeof v === 'number' &&
                      dispatch({ type: 'setRecurrenceInterval', interval: v })
                    }
                  />
                </label>
                {state.recurrence === 'monthly' && (
                  <label style={{ display: 'grid', gap: 4 }}>
                    <span id="wizard-monthly-by">Each month</span>
                    <Select
                      aria-labelledby="wizard-monthly-by"
                      value={state.monthlyBy}
                      options={monthlyByOptions}
                      onChange={(monthlyBy: MonthlyBy) =>
                        dispatch({ type: 'setMonthlyBy', monthlyBy })
                      }
                    />
                  </label>
                )}
              </div>
              <p style={{ margin: 0, fontSize: 13, opacity: 0.8 }}>
                {repeatsText(
                  state.recurrence,
                  state.recurrenceInterval,
                  state.weeklyDays.map((d) => WEEKDAYS[d]!),
                )}
              </p>
            </div>
          ) : (
            <div style={{ display: 'grid', gap: 6 }}>
              <span id="wizard-due">
                Due date:{' '}
                {state.dueDate ? shortDate(localDate(new Date(state.dueDate), timeZone)) : 'none'}
              </span>
              <div
                role="group"
                aria-labelledby="wizard-due"
                style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}
              >
                <Button
                  size="small"
                  onClick={() => dispatch({ type: 'setDuePreset', preset: 'today', now, timeZone })}
                >
                  Today
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    dispatch({ type: 'setDuePreset', preset: 'tomorrow', now, timeZone })
                  }
                >
                  Tomorrow
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    dispatch({ type: 'setDuePreset', preset: 'next_week', now, timeZone })
                  }
                >
                  Next Week
                </Button>
                <input
                  type="date"
                  aria-label="Custom due date"
                  onChange={(e) =>
                    e.target.value &&
                    dispatch({ type: 'setCustomDueDate', date: e.target.value, timeZone })
                  }
                  style={{
                    font: 'inherit',
                    padding: '0 6px',
                    borderRadius: 6,
                    border: '1px solid rgba(128,128,128,0.4)',
                    background: 'transparent',
                    color: 'inherit',
                  }}
                />
                <Button
                  size="small"
                  disabled={!state.dueDate}
                  onClick={() => dispatch({ type: 'clearDueDate' })}
                >
                  Clear
                </Button>
              </div>
            </div>
          )}
          {!recurring && canPickScheduledTime(state) && (
            <label style={{ display: 'grid', gap: 4 }}>
              <span>Scheduled time (today)</span>
              <input
                type="time"
                value={
                  scheduled
                    ? `${String(scheduled.hour).padStart(2, '0')}:${String(scheduled.minute).padStart(2, '0')}`
                    : ''
                }
                onChange={(e) => {
                  const [h, m] = e.target.value.split(':').map(Number);
                  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m))
                    dispatch({ type: 'clearScheduledTime' });
                  else dispatch({ type: 'setScheduledTime', hour: h, minute: m, now, timeZone });
                }}
                style={{
                  font: 'inherit',
                  padding: '4px 8px',
                  borderRadius: 6,
                  border: '1px solid rgba(128,128,128,0.4)',
                  background: 'transparent',
                  color: 'inherit',
                }}
              />
            </label>
          )}
        </div>
      );
      break;
  }

  const footer = (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <span>
        {state.history.length > 0 && (
          <Button onClick={() => dispatch({ type: 'back' })}>Back</Button>
        )}
      </span>
      {state.step === 'weekly_days' && (
        // aria-disabled rather than disabled: the button stays focusable and a press explains why
        // (the 'Select at least one day' toast).
        <Button
          type="primary"
          aria-disabled={!canContinue}
          style={canContinue ? undefined : { opacity: 0.5, cursor: 'not-allowed' }}
          onClick={() => dispatch({ type: 'confirmWeeklyDays' })}
        >
          Continue
        </Button>
      )}
      {state.step === 'create' && (
        <Button
          type="primary"
          disabled={!canContinue}
          loading={create.isPending}
          onClick={() => create.mutate(wizardSubmission(state))}
        >
          Create Quest
        </Button>
      )}
    </div>
  );

  return (
    <Modal
      open={open}
      title={WIZARD_STEP_TITLES[state.step]}
      onCancel={onClose}
      footer={footer}
      width={520}
    >
      {body}
    </Modal>
  );
}
