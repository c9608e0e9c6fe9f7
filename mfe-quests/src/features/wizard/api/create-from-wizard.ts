import {
  API,
  createQuestRequestSchema,
  createSeriesRequestSchema,
  type WizardSubmission,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/**
 * What the wizard's create step sends (contracts' wizardSubmission): a one-time quest (createQuest) or a
 * recurring series (createSeries), each parsed with its request schema first.
 */
export async function createFromWizard(
  submission: WizardSubmission,
): Promise<{ kind: WizardSubmission['kind']; title: string }> {
  if (submission.kind === 'series') {
    const body = createSeriesRequestSchema.parse(submission.body);
    const series = await call(API.createSeries, { body });
    return { kind: 'series', title: series.title };
  }
  const body = createQuestRequestSchema.parse(submission.body);
  const quest = await call(API.createQuest, { body });
  return { kind: 'quest', title: quest.title };
}
