import type { Connection } from 'mongoose';
import { API } from '@levelup/contracts';
import { dataExportRouter } from '@levelup/service-kit';
import { feedbackModel } from './feedback/models.ts';

/** Data export: the feedback the user sent; the admins' notes stay theirs. */
export function feedbackDataExport(db: Connection) {
  return dataExportRouter({
    operation: API.exportFeedbackData,
    collections: (userId) => ({
      feedback: { model: feedbackModel(db), filter: { userId }, omit: ['adminNotes'] },
    }),
  });
}
