import type { Dispatch } from 'react';
import type { QuestWizardAction, QuestWizardState } from '@levelup/contracts';

/**
 * What every wizard step gets: the contracts' wizard state, its reducer's dispatch, and the user's
 * "now" and time zone (which the date and time fields hand to the reducer).
 */
export interface StepProps {
  state: QuestWizardState;
  dispatch: Dispatch<QuestWizardAction>;
  now: Date;
  timeZone: string;
}
