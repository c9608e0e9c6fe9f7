import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** Reported posts, newest first; admins only (a member gets 403). */
export const postReportsQueryOptions = queryOf(API.listPostReports);
