import type { Connection } from 'mongoose';
import { DATA_EXPORT_PATHS } from '@levelup/contracts';
import { dataExportRouter } from '@levelup/service-kit';
import { feedbackModel } from './feedback/models.ts';

/** GET /api/feedback/export (issue 12): the feedback the user sent; the admins' notes stay theirs. */
export function feedbackDataExport(db: Connection) {
  return dataExportRouter({
    path: DATA_EXPORT_PATHS.feedback,
    collections: (userId) => ({
      feedback: { model: feedbackModel(db), filter: { userId }, omit: ['adminNotes'] },
    }),
  });
}
