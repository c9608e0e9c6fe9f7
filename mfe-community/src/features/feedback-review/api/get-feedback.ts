import { API } from '@levelup/contracts';
import { queryKeyOf, queryOf } from '@levelup/web-kit';

export const feedbackQueryKey = queryKeyOf(API.listFeedback);

/** The feedback, newest first; admins only (a member gets 403). */
export const feedbackQueryOptions = queryOf(API.listFeedback);
