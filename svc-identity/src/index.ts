// svc-identity's public entry: what harnesses (tests of other services, e2e, bench, faults, scripts)
// may use. Nothing outside this service imports a file inside its src/ directly.
export { createApp, startWorkers, SERVICE_NAME, XP_CONSUMER } from './app.ts';
export type { IdentityDeps } from './app.ts';
export { ensureIdentityIndexes, identityModels } from './users/models.ts';
export { xpEventHandler } from './xp/apply-xp-event.ts';
export { xpRebuild } from './xp/rebuild.ts';
export { ATTEMPT_LIMITS } from './auth/attempts.ts';
export type { Workers } from './app.ts';
export { generateVapidKeys } from './reminders/push-sender.ts';
export { reminderModels } from './reminders/models.ts';
export { remindersRepository } from './reminders/repository.ts';
export { reminderScheduler } from './reminders/scheduler.ts';
export { webPushSender, type PushSenderOptions } from './reminders/push-sender.ts';
