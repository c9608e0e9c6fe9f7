import { expect, test } from '@playwright/test';
import {
  pushStandInTls,
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '@levelup/service-kit/testing/push-service';
import { E2E_BASE_URL } from '../stack-env.ts';
import { signUpInBrowser } from './helpers.ts';

// A scheduled quest's reminder, from the server to the service worker's notification and back into the
// app. Chromium reaches its vendor's push service only over the internet, so the browser's subscription
// is the push service stand-in's (the one PushManager call replaced below); everything after it is real:
// svc-identity's scheduler sends with web-push (VAPID, aes128gcm) to the stand-in, which checks and
// decrypts the message, and that message is delivered to the service worker over the DevTools protocol,
// as a push service would deliver it.

let push: PushServiceStandIn;

test.beforeAll(async () => {
  const dir = process.env.E2E_PUSH_TLS_DIR;
  if (!dir) throw new Error('E2E_PUSH_TLS_DIR is set by global-setup');
  push = await startPushServiceStandIn({ tls: pushStandInTls(dir) });
});
test.afterAll(async () => {
  await push?.close();
});

test('a scheduled quest reminds through the service worker, and the notification opens the quest', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const device = push.subscribe();
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  // The browser's subscription is the stand-in's; the rest of PushManager is Chromium's own.
  await page.addInitScript((json) => {
    const subscription = {
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem('e2e-push-subscribed');
        return true;
      },
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem('e2e-push-subscribed')
        ? (subscription as unknown as PushSubscription)
        : null;
    };
    PushManager.prototype.subscribe = async function (options) {
      if (!options?.applicationServerKey) throw new Error('no applicationServerKey');
      localStorage.setItem('e2e-push-subscribed', '1');
      return subscription as unknown as PushSubscription;
    };
  }, device.json);

  await signUpInBrowser(page);
  await page.goto('/profile');
  const reminders = page.getByRole('region', { name: 'Reminders', exact: true });
  await expect(reminders.getByText('Notifications are off on this device.')).toBeVisible();
  await reminders.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(reminders.getByText('Notifications are on for this device.')).toBeVisible();
  // Quiet hours would hold it back at night: this test must not depend on the hour it runs at.
  await reminders.getByRole('switch', { name: 'No notifications from' }).click();
  await expect(reminders.getByRole('switch', { name: 'No notifications from' })).not.toBeChecked();

  // A quest scheduled a few seconds ahead (the e2e stack's scheduler looks every half second).
  const title = `Stretch break ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/quests', {
    data: {
      title,
      description: 'Stand up and stretch',
      scheduledTime: new Date(Date.now() + 4000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const quest = (await created.json()) as { id: string };

  // The push service receives it once, signed and encrypted for this browser.
  await expect
    .poll(() => push.received.filter((m) => m.subscriptionId === device.id).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const [message] = push.received.filter((m) => m.subscriptionId === device.id);
  const payload = JSON.parse(message?.payload ?? '{}') as {
    title: string;
    url: string;
    tag: string;
  };
  expect(payload).toMatchObject({ title, url: `/quests?focus=${quest.id}` });

  // The push service hands it to the browser's service worker.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${E2E_BASE_URL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: E2E_BASE_URL,
    registrationId: await registrationId,
    data: message?.payload ?? '',
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        }));
      }),
    )
    .toEqual([
      { title, body: expect.stringMatching(/^Scheduled for \d\d:\d\d$/), tag: payload.tag },
    ]);

  // The in-app list has it too.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Your Reminders' }).getByRole('link', { name: title }),
  ).toBeVisible();

  // Clicking the notification (the service worker's notificationclick path) opens the quest.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.evaluate((tag) => {
    navigator.serviceWorker.controller?.postMessage({ type: 'open-reminder', tag });
  }, payload.tag);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/quests?focus=${quest.id}`);
  await expect(page.getByText(title).first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        async () => (await (await navigator.serviceWorker.ready).getNotifications()).length,
      ),
    )
    .toBe(0);
});
