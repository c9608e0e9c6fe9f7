import { lazy, type ComponentType } from 'react';
import type { WizardStep } from '@levelup/contracts';
import { EmotionStep } from './emotion-step.tsx';
import { IntentStep } from './intent-step.tsx';
import { LifeTaskStep } from './life-task-step.tsx';
import { QuestPathStep } from './quest-path-step.tsx';
import { RecurrenceStep } from './recurrence-step.tsx';
import type { StepProps } from './step-props.ts';
import { TemplatesStep } from './templates-step.tsx';
import { TimeOfDayStep } from './time-of-day-step.tsx';
import { WeeklyDaysStep } from './weekly-days-step.tsx';

/**
 * The last step's fields (inputs, selects, a number field) are most of the wizard's code: fetched when
 * the user moves past the first step (preloadCreateStep), not with the dialog that opens by itself.
 */
const loadCreateStep = () => import('./create-step.tsx');
const CreateStep = lazy(async () => ({ default: (await loadCreateStep()).CreateStep }));
export function preloadCreateStep(): void {
  void loadCreateStep();
}

/** The component that renders each wizard step; a new step in the contracts fails typecheck here. */
export const WIZARD_STEP_COMPONENTS: Readonly<Record<WizardStep, ComponentType<StepProps>>> = {
  intent: IntentStep,
  recurrence: RecurrenceStep,
  weekly_days: WeeklyDaysStep,
  time_of_day: TimeOfDayStep,
  quest_path: QuestPathStep,
  emotion: EmotionStep,
  templates: TemplatesStep,
  life_task: LifeTaskStep,
  create: CreateStep,
};
export type { StepProps } from './step-props.ts';
