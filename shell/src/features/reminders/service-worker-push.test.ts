/// <reference types="node" />
// Reads the worker script from disk: a Node API in this one test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// The service worker's reminder handlers, run on a recording worker scope (the end-to-end test drives
// them in Chromium; here each branch is checked on its own).
const source = readFileSync(
  path.join(import.meta.dirname, '../../../public/service-worker.js'),
  'utf8',
);
const ORIGIN = 'https://levelup.test';

type Listener = (event: Record<string, unknown>) => void;

function worker(windows: Array<{ url: string }> = []) {
  const listeners = new Map<string, Listener[]>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const navigated: string[] = [];
  const opened: string[] = [];
  const clients = windows.map((w) => ({
    url: w.url,
    navigate: vi.fn(async (url: string) => {
      navigated.push(url);
      return { focus: async () => Promise.reject(new Error('not from a click')) };
    }),
    focus: vi.fn(async () => undefined),
  }));
  const self = {
    location: new URL(`${ORIGIN}/service-worker.js`),
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
      getNotifications: async () => [],
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => {
        opened.push(url);
      },
      claim: async () => undefined,
    },
    skipWaiting: async () => undefined,
  };
  new Function('self', 'caches', 'fetch', source)(self, {}, vi.fn());
  async function dispatch(type: string, event: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    for (const listener of listeners.get(type) ?? [])
      listener({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  }
  return { dispatch, shown, navigated, opened };
}

const pushOf = (payload: unknown) => ({
  data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) },
});
const notification = (url: string) => ({ data: { url }, close: vi.fn() });

describe('the service worker and reminders', () => {
  it('when a reminder is pushed, then it is shown as a notification tagged by its item, carrying its screen', async () => {
    const sw = worker();
    await sw.dispatch(
      'push',
      pushOf({
        title: 'Morning run',
        body: 'Scheduled for 10:30',
        url: '/quests?focus=q1',
        tag: 'quest:q1',
      }),
    );
    expect(sw.shown).toEqual([
      {
        title: 'Morning run',
        options: expect.objectContaining({
          body: 'Scheduled for 10:30',
          tag: 'quest:q1',
          data: { url: '/quests?focus=q1' },
        }),
      },
    ]);
  });

  it('when a push carries no reminder, then nothing is shown', async () => {
    const sw = worker();
    await sw.dispatch('push', pushOf('"not a reminder"'));
    await sw.dispatch('push', { data: { json: () => JSON.parse('{') } });
    expect(sw.shown).toEqual([]);
  });

  it('when the notification is clicked with the app open, then that window goes to the item’s screen', async () => {
    const sw = worker([{ url: `${ORIGIN}/dashboard` }]);
    const clicked = notification('/quests?focus=q1');
    await sw.dispatch('notificationclick', { notification: clicked });
    expect(clicked.close).toHaveBeenCalled();
    expect(sw.navigated).toEqual([`${ORIGIN}/quests?focus=q1`]);
    expect(sw.opened).toEqual([]);
  });

  it('when no window is open, then a new one opens; a link to another site opens the app instead', async () => {
    const sw = worker();
    await sw.dispatch('notificationclick', { notification: notification('/sessions?session=s1') });
    await sw.dispatch('notificationclick', { notification: notification('https://evil.test/x') });
    expect(sw.opened).toEqual([`${ORIGIN}/sessions?session=s1`, ORIGIN]);
  });
});
