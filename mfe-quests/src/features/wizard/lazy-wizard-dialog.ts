import { lazy } from 'react';

/**
 * The quest creation wizard, fetched on first use (the dashboard offers it to a new user; the Quest
 * Log opens it from 'Start New Quest'). Its chunk has a name of its own (quest-wizard.[hash].js), so
 * its load can be told apart from the others in the network panel and held in a browser test.
 */
export const QuestWizardDialog = lazy(
  () => import(/* webpackChunkName: "quest-wizard" */ './components/quest-wizard-dialog.tsx'),
);
