import type { Model } from 'mongoose';
import type { GoalTemplate, GoalTheme } from '@levelup/contracts';
import type { GoalTemplateDoc } from './models.ts';
import { GOAL_TEMPLATES } from './templates.ts';

function toTemplate(doc: GoalTemplateDoc): GoalTemplate {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    theme: doc.theme,
    targetXp: doc.targetXp,
    cadence: doc.cadence,
    color: doc.color,
    icon: doc.icon ?? null,
    tags: doc.tags ?? [],
    exampleQuests: doc.exampleQuests ?? [],
  };
}

export function goalTemplatesService(GoalTemplate: Model<GoalTemplateDoc>) {
  return {
    /** Writes the seed list (idempotent: each template by its key, so every start and instance agrees). */
    async seed(): Promise<void> {
      await GoalTemplate.bulkWrite(
        GOAL_TEMPLATES.map(({ key, ...template }, order) => ({
          updateOne: {
            filter: { _id: key },
            update: { $set: { ...template, isActive: true, order } },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    },

    async list(theme?: GoalTheme): Promise<GoalTemplate[]> {
      const docs = await GoalTemplate.find({ isActive: true, ...(theme ? { theme } : {}) })
        .sort({ order: 1, _id: 1 })
        .lean<GoalTemplateDoc[]>();
      return docs.map(toTemplate);
    },
  };
}

export type GoalTemplatesService = ReturnType<typeof goalTemplatesService>;
