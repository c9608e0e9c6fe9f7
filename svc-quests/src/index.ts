// svc-quests' public entry: what harnesses (tests of other services, e2e, bench, faults, scripts) may
// use. Nothing outside this service imports a file inside its src/ directly.
export { createApp, startWorkers, SERVICE_NAME } from './app.ts';
export type { QuestsDeps } from './app.ts';
export { occurrenceModel } from './occurrences/models.ts';
