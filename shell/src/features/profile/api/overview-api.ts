import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** The profile's Quest Stats. */
export const overviewQueryOptions = queryOf(API.dashboardOverview);
