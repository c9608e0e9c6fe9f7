import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@levelup/web-kit';

/** A talent node as the page reads it (goals-progression-community.md section 3, Talent node). */
export interface TalentNodeSummary {
  nodeKey: string;
  title: string;
  description?: string;
  path: string;
  tier: number;
  completionsRequired: number;
}

/** GET /api/talent-tree: the node list. */
export async function fetchTalentTree(): Promise<TalentNodeSummary[]> {
  const nodes = await apiGet<unknown>('/api/talent-tree');
  return Array.isArray(nodes) ? (nodes as TalentNodeSummary[]) : [];
}

export const talentTreeQueryOptions = queryOptions({
  queryKey: ['/api/talent-tree'],
  queryFn: fetchTalentTree,
});
