import type { Model } from 'mongoose';
import { isDuplicateKeyError } from '@levelup/service-kit';
import type { SeriesLinkDoc } from './models.ts';

export function seriesLinksRepository(SeriesLink: Model<SeriesLinkDoc>) {
  return {
    /** The new link, or null when the goal already has this series (the unique pair). */
    async create(link: Omit<SeriesLinkDoc, '_id'>): Promise<SeriesLinkDoc | null> {
      try {
        return (await SeriesLink.create(link)).toObject();
      } catch (err) {
        if (isDuplicateKeyError(err)) return null;
        throw err;
      }
    },

    async forGoal(goalId: string): Promise<SeriesLinkDoc[]> {
      return SeriesLink.find({ goalId }).sort({ linkedAt: 1, _id: 1 }).lean<SeriesLinkDoc[]>();
    },

    async forSeries(userId: string, seriesId: string): Promise<SeriesLinkDoc[]> {
      return SeriesLink.find({ userId, seriesId }).lean<SeriesLinkDoc[]>();
    },

    async removeForGoal(goalId: string): Promise<void> {
      await SeriesLink.deleteMany({ goalId });
    },

    async removeForSeries(seriesId: string): Promise<void> {
      await SeriesLink.deleteMany({ seriesId });
    },
  };
}

export type SeriesLinksRepository = ReturnType<typeof seriesLinksRepository>;
