import {
  createQuestRequestSchema,
  createSeriesRequestSchema,
  questSchema,
  seriesSchema,
  type WizardSubmission,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/**
 * What the wizard's create step sends (contracts' wizardSubmission): a one-time quest to POST /api/quests
 * or a recurring series to POST /api/quests/recurring, each parsed with its request schema first.
 */
export async function createFromWizard(
  submission: WizardSubmission,
): Promise<{ kind: WizardSubmission['kind']; title: string }> {
  if (submission.kind === 'series') {
    const body = createSeriesRequestSchema.parse(submission.body);
    const series = seriesSchema.parse(await apiRequest('POST', '/api/quests/recurring', body));
    return { kind: 'series', title: series.title };
  }
  const body = createQuestRequestSchema.parse(submission.body);
  const quest = questSchema.parse(await apiRequest('POST', '/api/quests', body));
  return { kind: 'quest', title: quest.title };
}
