// svc-feedback's public entry: what harnesses (e2e, bench, faults, scripts) may use. Nothing outside
// this service imports a file inside its src/ directly.
export { createApp, startWorkers, SERVICE_NAME } from './app.ts';
export type { FeedbackDeps } from './app.ts';
