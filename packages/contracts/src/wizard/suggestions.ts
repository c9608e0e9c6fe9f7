import type { WizardEmotion, WizardTemplate } from './quest-wizard.ts';

// The wizard's 'Pick what resonates with you' step: suggestion templates per
// emotion, sets of 3 (stressed), 3 (anxious), 2 (vent) and 3 (scattered), 10-20 XP, mostly easy and one
// medium. The counts and the XP are product rules; the titles and descriptions are free to change.

export const WIZARD_EMOTIONS: readonly { value: WizardEmotion; label: string }[] = [
  { value: 'stressed', label: 'Stressed' },
  { value: 'anxious', label: 'Anxious' },
  { value: 'vent', label: 'Need to vent' },
  { value: 'scattered', label: 'Scattered' },
];

export const WIZARD_SUGGESTIONS: Readonly<Record<WizardEmotion, readonly WizardTemplate[]>> = {
  stressed: [
    {
      id: 'stressed-walk',
      title: 'Take a short walk',
      description: 'Ten minutes outside, phone in your pocket.',
      difficulty: 'easy',
      xpReward: 15,
      category: 'self_care',
    },
    {
      id: 'stressed-breathe',
      title: 'Box breathing',
      description: 'Four rounds of breathing in, holding, out and holding for four counts.',
      difficulty: 'easy',
      xpReward: 10,
      category: 'self_care',
    },
    {
      id: 'stressed-one-thing',
      title: 'Finish one small thing',
      description: 'Pick the smallest open task and see it through to the end.',
      difficulty: 'easy',
      xpReward: 15,
      category: 'chores_errands',
    },
  ],
  anxious: [
    {
      id: 'anxious-ground',
      title: 'Grounding exercise',
      description: 'Name five things you see, four you hear and three you can touch.',
      difficulty: 'easy',
      xpReward: 10,
      category: 'self_care',
    },
    {
      id: 'anxious-water',
      title: 'Water and a stretch',
      description: 'Drink a glass of water and stretch your shoulders and neck.',
      difficulty: 'easy',
      xpReward: 10,
      category: 'health_fitness',
    },
    {
      id: 'anxious-reach-out',
      title: 'Message a friend',
      description: 'Send a short message to someone you trust about how you feel.',
      difficulty: 'easy',
      xpReward: 15,
      category: 'social_connection',
    },
  ],
  vent: [
    {
      id: 'vent-journal',
      title: 'Write it out',
      description: 'Ten minutes of free writing about whatever is on your mind.',
      difficulty: 'easy',
      xpReward: 15,
      category: 'self_care',
    },
    {
      id: 'vent-talk',
      title: 'Talk it through',
      description: 'Call or meet someone and talk about what is bothering you.',
      difficulty: 'medium',
      xpReward: 20,
      category: 'social_connection',
    },
  ],
  scattered: [
    {
      id: 'scattered-list',
      title: 'Brain dump',
      description: 'Write every open loop on one list, then circle the top three.',
      difficulty: 'easy',
      xpReward: 15,
      category: 'work_focus',
    },
    {
      id: 'scattered-timer',
      title: 'One focused sprint',
      description: 'Set a 15 minute timer and work on a single task until it rings.',
      difficulty: 'easy',
      xpReward: 20,
      category: 'work_focus',
    },
    {
      id: 'scattered-tidy',
      title: 'Clear one surface',
      description: 'Tidy your desk or one table so your space feels calmer.',
      difficulty: 'easy',
      xpReward: 10,
      category: 'chores_errands',
    },
  ],
};

/** The intents of the first step with their labels (values: wizardIntentSchema). */
export const WIZARD_INTENTS = [
  { value: 'build_routine', label: 'Build a routine' },
  { value: 'learn_practice', label: 'Learn or practise something' },
  { value: 'stress_relief', label: 'Relieve some stress' },
  { value: 'simple_task', label: 'Get a simple task done' },
  { value: 'not_sure', label: "I'm not sure yet" },
] as const;
