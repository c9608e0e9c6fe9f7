import type { CompletionType, GrowthPath, QuestCategory } from '../quests/enums.ts';
import type { TalentNode } from './talents.ts';

// Which path a completion counts in, and which nodes a check unlocks (nodes
// unlock when enough quests are completed in their path).

/**
 * A quest without a growth path counts in the path of its category. The table mirrors deriveCategory (the
 * wizard's path + time of day -> category): health and fitness is the body; learning, self-care,
 * creative work, social connection and the morning routine are inner growth; work focus, the evening
 * routine and chores shape the environment. 'other' counts in no path.
 */
export const CATEGORY_TALENT_PATH: Readonly<Record<QuestCategory, GrowthPath | null>> = {
  morning_routine: 'inner_growth',
  evening_routine: 'environment_growth',
  work_focus: 'environment_growth',
  health_fitness: 'physical_growth',
  creative_project: 'inner_growth',
  learning: 'inner_growth',
  social_connection: 'inner_growth',
  self_care: 'inner_growth',
  chores_errands: 'environment_growth',
  other: null,
};

/** The quest's growthPath, else its category's path, else none. */
export function talentPathOf(item: {
  growthPath?: GrowthPath | null;
  category?: QuestCategory | null;
}): GrowthPath | null {
  if (item.growthPath) return item.growthPath;
  return item.category ? CATEGORY_TALENT_PATH[item.category] : null;
}

/** A quest or an occurrence counts while completed; partial ('Kinda Sorta') does not complete it. */
export function countsTowardTalents(completionType: CompletionType): boolean {
  return completionType === 'completed';
}

export type PathCompletions = Readonly<Record<GrowthPath, number>>;

export const NO_PATH_COMPLETIONS: PathCompletions = {
  inner_growth: 0,
  physical_growth: 0,
  environment_growth: 0,
};

/**
 * Nodes a check unlocks now, in tree order (tier, then the order given): not unlocked yet, every
 * prerequisite unlocked (before or earlier in this same check), and the path's completions at least
 * the node's requirement. Each node appears once.
 */
export function talentUnlocksDue<
  N extends Pick<TalentNode, 'nodeKey' | 'path' | 'tier' | 'completionsRequired'> & {
    prerequisites: readonly string[];
  },
>(nodes: readonly N[], completions: PathCompletions, unlocked: ReadonlySet<string>): N[] {
  const done = new Set(unlocked);
  const due: N[] = [];
  const ordered = nodes.map((node, index) => ({ node, index }));
  ordered.sort((a, b) => a.node.tier - b.node.tier || a.index - b.index);
  // Repeat until nothing changes, so a prerequisite listed later in the same tier still counts.
  for (let changed = true; changed;) {
    changed = false;
    for (const { node } of ordered) {
      if (done.has(node.nodeKey)) continue;
      if (!node.prerequisites.every((key) => done.has(key))) continue;
      if (completions[node.path] < node.completionsRequired) continue;
      done.add(node.nodeKey);
      due.push(node);
      changed = true;
    }
  }
  return due;
}
