// svc-goals' public entry: what harnesses (tests of other services, e2e, bench, faults, scripts) may
// use. Nothing outside this service imports a file inside its src/ directly.
export { createApp, startWorkers, SERVICE_NAME } from './app.ts';
export type { GoalsDeps } from './app.ts';
export { goalModels } from './goals/models.ts';
export { goalsRebuild } from './quest-views/rebuild.ts';
