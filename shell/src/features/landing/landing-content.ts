// Static marketing content of the landing page ("All numbers and activity lines are static marketing content").

export const LANDING_STATS = [
  { value: '12,400+', label: 'Quests completed' },
  { value: '1,800+', label: 'Adventurers levelling up' },
  { value: '94%', label: 'Keep a streak past week one' },
  { value: '4.8/5', label: 'Beta tester rating' },
] as const;

export const LANDING_FEATURES = [
  { title: 'Smart Dashboard', text: "Today's quests, goals and streaks in one place." },
  {
    title: 'Character Progression',
    text: 'Unlock talents along three growth paths as you complete quests.',
  },
  {
    title: 'Achievement Tracking',
    text: 'Celebrate every win, from the first quest to a 7-day streak.',
  },
  { title: 'XP & Level System', text: 'Earn XP for every quest and watch your level rise.' },
] as const;

export const SHOWCASE_ACHIEVEMENTS = [
  { name: 'First Quest', text: 'Complete your first daily quest' },
  { name: 'Week Warrior', text: 'Keep a 7-day streak' },
  { name: 'Community Helper', text: 'Help 10 community members' },
  { name: 'Level 10 Hero', text: 'Reach level 10' },
] as const;

export const SAMPLE_QUESTS = [
  { title: 'Morning stretch', difficulty: 'Easy', xp: 10, path: 'Physical Growth' },
  { title: 'Read ten pages', difficulty: 'Medium', xp: 25, path: 'Inner Growth' },
  { title: 'Clear the kitchen counter', difficulty: 'Easy', xp: 10, path: 'Environment Growth' },
  { title: 'Deep work: 90 minutes', difficulty: 'Hard', xp: 50, path: 'Inner Growth' },
] as const;

/** How often the sample quest changes (ms). */
export const SAMPLE_QUEST_ROTATION_MS = 4000;
