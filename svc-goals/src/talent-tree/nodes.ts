import type { GrowthPath, TalentEffect, TalentNode } from '@levelup/contracts';

/**
 * The talent tree, seeded into talent_tree_nodes: three
 * paths, four tiers each. Every path opens with one node, splits into two branches (tiers 2 and 3) and
 * closes with a keystone needing both. Positions are pixels on the page's canvas (500 px high, each path
 * a 300 px column); prerequisites are always of a lower tier.
 */

const COLUMN: Record<GrowthPath, number> = {
  inner_growth: 150,
  physical_growth: 450,
  environment_growth: 750,
};
const ROW = [0, 60, 175, 295, 420] as const;
const SPREAD = 75;

interface PathSpec {
  path: GrowthPath;
  nodes: [Seed, Seed, Seed, Seed, Seed, Seed];
}

interface Seed {
  key: string;
  title: string;
  description: string;
  icon: string;
  completionsRequired: number;
  effects: TalentEffect[];
  unlockMessage: string;
}

/** Root (tier 1), branch A and B (tiers 2 and 3), keystone (tier 4). */
function pathNodes({ path, nodes }: PathSpec): TalentNode[] {
  const [root, a2, b2, a3, b3, keystone] = nodes;
  const x = COLUMN[path];
  const node = (
    seed: Seed,
    tier: number,
    dx: number,
    prerequisites: string[],
    kind: { isBranch?: boolean; isKeystone?: boolean } = {},
  ): TalentNode => ({
    nodeKey: seed.key,
    title: seed.title,
    description: seed.description,
    path,
    tier,
    icon: seed.icon,
    position: { x: x + dx, y: ROW[tier] ?? 0 },
    completionsRequired: seed.completionsRequired,
    isKeystone: kind.isKeystone ?? false,
    isBranch: kind.isBranch ?? false,
    prerequisites,
    effects: seed.effects,
    unlockMessage: seed.unlockMessage,
  });
  return [
    node(root, 1, 0, []),
    node(a2, 2, -SPREAD, [root.key], { isBranch: true }),
    node(b2, 2, SPREAD, [root.key], { isBranch: true }),
    node(a3, 3, -SPREAD, [a2.key]),
    node(b3, 3, SPREAD, [b2.key]),
    node(keystone, 4, 0, [a3.key, b3.key], { isKeystone: true }),
  ];
}

export const TALENT_NODES: readonly TalentNode[] = [
  ...pathNodes({
    path: 'inner_growth',
    nodes: [
      {
        key: 'inner_mindful_start',
        title: 'Mindful Start',
        description: 'You have begun tending to your inner world.',
        icon: 'brain',
        completionsRequired: 3,
        effects: [
          { name: 'Calm Focus', description: 'Inner growth quests feel lighter', type: 'passive' },
        ],
        unlockMessage: 'Your mind is awakening. Keep nurturing it!',
      },
      {
        key: 'inner_focused_mind',
        title: 'Focused Mind',
        description: 'Learning and deep attention come more easily.',
        icon: 'target',
        completionsRequired: 8,
        effects: [
          { name: 'Study Streak', description: 'Learning quests build momentum', type: 'passive' },
        ],
        unlockMessage: 'Your focus sharpens like a blade.',
      },
      {
        key: 'inner_gentle_heart',
        title: 'Gentle Heart',
        description: 'Self-care and connection become part of your days.',
        icon: 'heart',
        completionsRequired: 8,
        effects: [
          { name: 'Kind Words', description: 'Self-care quests restore energy', type: 'passive' },
        ],
        unlockMessage: 'Kindness toward yourself is a superpower.',
      },
      {
        key: 'inner_deep_focus',
        title: 'Deep Focus',
        description: 'You can settle into long stretches of meaningful work.',
        icon: 'eye',
        completionsRequired: 15,
        effects: [{ name: 'Flow State', description: 'Long quests feel shorter', type: 'bonus' }],
        unlockMessage: 'You have found the doorway to flow.',
      },
      {
        key: 'inner_self_compassion',
        title: 'Self-Compassion',
        description: 'Missed days no longer knock you off course.',
        icon: 'sun',
        completionsRequired: 15,
        effects: [
          { name: 'Soft Landing', description: 'A missed day is just a day', type: 'bonus' },
        ],
        unlockMessage: 'You meet every setback with grace.',
      },
      {
        key: 'inner_sage',
        title: 'Inner Sage',
        description: 'Focus and compassion meet: your inner growth is a way of life.',
        icon: 'crown',
        completionsRequired: 30,
        effects: [
          { name: 'Wisdom', description: 'Mastery of the inner path', type: 'keystone' },
          { name: 'Sage Title', description: 'A title to show on your profile', type: 'cosmetic' },
        ],
        unlockMessage: 'Keystone reached: the Inner Sage walks with you.',
      },
    ],
  }),
  ...pathNodes({
    path: 'physical_growth',
    nodes: [
      {
        key: 'physical_first_steps',
        title: 'First Steps',
        description: 'Your body thanks you for moving.',
        icon: 'footprints',
        completionsRequired: 3,
        effects: [
          { name: 'Warm Up', description: 'Physical quests get easier to start', type: 'passive' },
        ],
        unlockMessage: 'Every journey begins with a single step!',
      },
      {
        key: 'physical_endurance',
        title: 'Endurance',
        description: 'You keep going a little longer each time.',
        icon: 'wind',
        completionsRequired: 8,
        effects: [
          { name: 'Second Wind', description: 'Cardio quests build stamina', type: 'passive' },
        ],
        unlockMessage: 'Your stamina grows stronger.',
      },
      {
        key: 'physical_strength',
        title: 'Strength',
        description: 'Strength training becomes part of your week.',
        icon: 'dumbbell',
        completionsRequired: 8,
        effects: [
          { name: 'Solid Core', description: 'Strength quests build power', type: 'passive' },
        ],
        unlockMessage: 'You feel your strength building.',
      },
      {
        key: 'physical_runners_high',
        title: "Runner's High",
        description: 'Moving lifts your mood as much as your fitness.',
        icon: 'zap',
        completionsRequired: 15,
        effects: [{ name: 'Endorphins', description: 'Exercise brightens the day', type: 'bonus' }],
        unlockMessage: 'You have found the joy in movement.',
      },
      {
        key: 'physical_iron_will',
        title: 'Iron Will',
        description: 'You show up for your body even on hard days.',
        icon: 'shield',
        completionsRequired: 15,
        effects: [{ name: 'Unbreakable', description: 'Hard days do not stop you', type: 'bonus' }],
        unlockMessage: 'Nothing can stop you now.',
      },
      {
        key: 'physical_peak_vitality',
        title: 'Peak Vitality',
        description: 'Endurance and strength together: your body is your ally.',
        icon: 'mountain',
        completionsRequired: 30,
        effects: [
          { name: 'Vitality', description: 'Mastery of the physical path', type: 'keystone' },
          {
            name: 'Athlete Title',
            description: 'A title to show on your profile',
            type: 'cosmetic',
          },
        ],
        unlockMessage: 'Keystone reached: you are at your peak!',
      },
    ],
  }),
  ...pathNodes({
    path: 'environment_growth',
    nodes: [
      {
        key: 'environment_tidy_space',
        title: 'Tidy Space',
        description: 'Your surroundings start to support you.',
        icon: 'home',
        completionsRequired: 3,
        effects: [
          { name: 'Clear Desk', description: 'Chores feel less daunting', type: 'passive' },
        ],
        unlockMessage: 'A tidy space makes room for a clear mind.',
      },
      {
        key: 'environment_organizer',
        title: 'Organizer',
        description: 'Everything has a place, and you know where it is.',
        icon: 'archive',
        completionsRequired: 8,
        effects: [
          { name: 'Everything in Place', description: 'Errands chain together', type: 'passive' },
        ],
        unlockMessage: 'Order emerges from chaos.',
      },
      {
        key: 'environment_productive_flow',
        title: 'Productive Flow',
        description: 'Your workspace and routines help you get things done.',
        icon: 'briefcase',
        completionsRequired: 8,
        effects: [
          { name: 'Ready to Work', description: 'Work quests start faster', type: 'passive' },
        ],
        unlockMessage: 'Your workspace works for you.',
      },
      {
        key: 'environment_systems_thinker',
        title: 'Systems Thinker',
        description: 'Routines run themselves so you do not have to remember.',
        icon: 'settings',
        completionsRequired: 15,
        effects: [
          { name: 'Autopilot', description: 'Recurring chores feel automatic', type: 'bonus' },
        ],
        unlockMessage: 'You build systems, not just to-do lists.',
      },
      {
        key: 'environment_deep_work_zone',
        title: 'Deep Work Zone',
        description: 'You have shaped a space where focus comes naturally.',
        icon: 'lamp',
        completionsRequired: 15,
        effects: [{ name: 'Focus Zone', description: 'Distractions fade away', type: 'bonus' }],
        unlockMessage: 'Your environment fuels your focus.',
      },
      {
        key: 'environment_master_of_order',
        title: 'Master of Order',
        description: 'Home and work both support the life you want.',
        icon: 'castle',
        completionsRequired: 30,
        effects: [
          { name: 'Harmony', description: 'Mastery of the environment path', type: 'keystone' },
          {
            name: 'Architect Title',
            description: 'A title to show on your profile',
            type: 'cosmetic',
          },
        ],
        unlockMessage: 'Keystone reached: your world is in order.',
      },
    ],
  }),
];
