import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';
import { growthPathSchema } from '../quests/enums.ts';

// Talent nodes and each user's talent progress.

export const talentEffectSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  type: z.string(),
});
export type TalentEffect = z.infer<typeof talentEffectSchema>;

/** GET /api/talent-tree: node list. */
export const talentNodeSchema = z.object({
  nodeKey: z.string(),
  title: z.string(),
  description: z.string(),
  path: growthPathSchema,
  tier: z.number().int().min(1),
  icon: z.string(),
  position: z.object({ x: z.number(), y: z.number() }),
  completionsRequired: z.number().int().min(0),
  isKeystone: z.boolean(),
  isBranch: z.boolean(),
  prerequisites: z.array(z.string()),
  effects: z.array(talentEffectSchema),
  unlockMessage: z.string(),
});
export type TalentNode = z.infer<typeof talentNodeSchema>;
export const talentTreeResponseSchema = z.array(talentNodeSchema);
export type TalentTreeResponse = z.infer<typeof talentTreeResponseSchema>;

/** GET /api/talent-tree/user/progress */
export const talentProgressSchema = z.object({
  nodeKey: z.string(),
  currentCompletions: z.number().int().min(0),
  isUnlocked: z.boolean(),
  unlockedAt: isoDateTimeSchema.nullable().optional(),
});
export type TalentProgress = z.infer<typeof talentProgressSchema>;
export const talentProgressListResponseSchema = z.array(talentProgressSchema);
export type TalentProgressListResponse = z.infer<typeof talentProgressListResponseSchema>;

/** POST /api/talent-tree/user/check-unlocks */
export const checkUnlocksResponseSchema = z.object({
  newlyUnlocked: z.array(z.object({ nodeKey: z.string(), title: z.string().optional() })),
});
export type CheckUnlocksResponse = z.infer<typeof checkUnlocksResponseSchema>;

export type TalentNodeState = 'locked' | 'in_progress' | 'ready' | 'unlocked';

type ProgressMap = ReadonlyMap<string, { currentCompletions: number; isUnlocked: boolean }>;

export function talentProgressMap(
  progress: readonly TalentProgress[],
): Map<string, TalentProgress> {
  return new Map(progress.map((p) => [p.nodeKey, p]));
}

/**
 * Four states: unlocked; locked while a prerequisite is not unlocked; ready when completions reached the
 * requirement but the node is not unlocked yet; otherwise in progress (completions below the requirement).
 */
export function talentNodeState(
  node: Pick<TalentNode, 'nodeKey' | 'prerequisites' | 'completionsRequired'>,
  progress: ProgressMap,
): TalentNodeState {
  const own = progress.get(node.nodeKey);
  if (own?.isUnlocked) return 'unlocked';
  if (!node.prerequisites.every((key) => progress.get(key)?.isUnlocked)) return 'locked';
  return (own?.currentCompletions ?? 0) >= node.completionsRequired ? 'ready' : 'in_progress';
}

/** Progress toward the requirement as a percent, 0..100 (a node needing 0 is complete). */
export function talentPercent(
  node: Pick<TalentNode, 'completionsRequired'>,
  currentCompletions: number,
): number {
  if (node.completionsRequired <= 0) return 100;
  return Math.min(
    100,
    Math.max(0, Math.round((currentCompletions / node.completionsRequired) * 100)),
  );
}

/**
 * Recommendation priority: ready 100; at 75% or more progress 80 + percent; 50% or more 60 + percent;
 * above 0 40 + percent; no progress: tier 1 = 50, branch = 45, keystone = 30, otherwise 35; plus 5 for
 * each node it unlocks (each node listing it as a prerequisite).
 */
export function talentRecommendationPriority(
  node: Pick<
    TalentNode,
    'nodeKey' | 'prerequisites' | 'completionsRequired' | 'tier' | 'isBranch' | 'isKeystone'
  >,
  progress: ProgressMap,
  allNodes: readonly Pick<TalentNode, 'prerequisites'>[],
): number {
  const completions = progress.get(node.nodeKey)?.currentCompletions ?? 0;
  const percent = talentPercent(node, completions);
  let base: number;
  if (completions >= node.completionsRequired) base = 100;
  else if (percent >= 75) base = 80 + percent;
  else if (percent >= 50) base = 60 + percent;
  else if (percent > 0) base = 40 + percent;
  else if (node.tier === 1) base = 50;
  else if (node.isBranch) base = 45;
  else if (node.isKeystone) base = 30;
  else base = 35;
  const unlocks = allNodes.filter((n) => n.prerequisites.includes(node.nodeKey)).length;
  return base + 5 * unlocks;
}

export const MAX_TALENT_RECOMMENDATIONS = 3;

/** Nodes not unlocked whose prerequisites are all unlocked, top 3 by priority (ties keep tree order). */
export function talentRecommendations<N extends TalentNode>(
  nodes: readonly N[],
  progress: readonly TalentProgress[],
): { node: N; priority: number }[] {
  const map = talentProgressMap(progress);
  return nodes
    .filter(
      (n) =>
        !map.get(n.nodeKey)?.isUnlocked && n.prerequisites.every((k) => map.get(k)?.isUnlocked),
    )
    .map((node) => ({ node, priority: talentRecommendationPriority(node, map, nodes) }))
    .sort((a, b) => b.priority - a.priority)
    .slice(0, MAX_TALENT_RECOMMENDATIONS);
}

export const GROWTH_PATH_LABELS = {
  inner_growth: 'Inner Growth',
  physical_growth: 'Physical Growth',
  environment_growth: 'Environment Growth',
} as const;

/** 'Complete N quest(s) in the {path} path'. */
export function talentRequirementText(
  node: Pick<TalentNode, 'completionsRequired' | 'path'>,
): string {
  return `Complete ${node.completionsRequired} quest(s) in the ${GROWTH_PATH_LABELS[node.path]} path`;
}
