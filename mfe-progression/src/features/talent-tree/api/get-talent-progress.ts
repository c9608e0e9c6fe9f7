import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** Per node, the path's completions and whether it is unlocked. */
export const talentProgressQueryOptions = queryOf(API.talentProgress);
