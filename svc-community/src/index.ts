// svc-community's public entry: what harnesses (tests of other services, e2e, bench, faults, scripts)
// may use. Nothing outside this service imports a file inside its src/ directly.
export { createApp, startWorkers, SERVICE_NAME } from './app.ts';
export type { CommunityDeps } from './app.ts';
export { communityModels } from './models.ts';
export { feedRebuild } from './feed/rebuild.ts';
