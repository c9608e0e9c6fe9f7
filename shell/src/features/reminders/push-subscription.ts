import { API, type PushSubscriptionRequest } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** What this browser can do about notifications right now. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export interface PushEnvironment {
  nav: Navigator;
  notification: typeof Notification | undefined;
}

const browser = (): PushEnvironment => ({
  nav: navigator,
  notification: typeof Notification === 'undefined' ? undefined : Notification,
});

function supported(env: PushEnvironment): boolean {
  return (
    'serviceWorker' in env.nav && env.notification !== undefined && 'PushManager' in globalThis
  );
}

/** The service worker's registration (registered now if the shell has not yet: it waits for a quiet network). */
async function registration(env: PushEnvironment): Promise<ServiceWorkerRegistration> {
  const existing = await env.nav.serviceWorker.getRegistration('/');
  if (!existing) await env.nav.serviceWorker.register('/service-worker.js');
  return env.nav.serviceWorker.ready;
}

export async function pushState(env: PushEnvironment = browser()): Promise<PushState> {
  if (!supported(env)) return 'unsupported';
  if (env.notification?.permission === 'denied') return 'denied';
  if (env.notification?.permission !== 'granted') return 'off';
  const existing = await env.nav.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Turns notifications on for this browser. Only ever called from a click: the permission prompt comes
 * from the user's own action. Subscribes with the server's VAPID key and gives the subscription to the
 * server. Resolves to the resulting state.
 */
export async function enablePush(env: PushEnvironment = browser()): Promise<PushState> {
  if (!supported(env) || !env.notification) return 'unsupported';
  const permission = await env.notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const [{ publicKey }, worker] = await Promise.all([
    call(API.getPushPublicKey),
    registration(env),
  ]);
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await call(API.subscribePush, { body: subscription.toJSON() as PushSubscriptionRequest });
  return 'on';
}

/** Turns them off for this browser: the server forgets the subscription, the browser drops it. */
export async function disablePush(env: PushEnvironment = browser()): Promise<PushState> {
  if (!supported(env)) return 'unsupported';
  const existing = await env.nav.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription) {
    await call(API.unsubscribePush, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
