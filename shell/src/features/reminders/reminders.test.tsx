import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS } from '@levelup/contracts';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import { enablePush, keyBytes, pushState, type PushEnvironment } from './push-subscription.ts';
import { ReminderSettingsCard } from './reminder-settings-card.tsx';
import { RemindersListCard } from './reminders-list-card.tsx';

const reminder = {
  id: 'r1',
  kind: 'quest',
  itemId: 'q1',
  title: 'Morning run',
  dueAt: '2026-12-01T09:30:00.000Z',
  status: 'sent',
  url: '/quests?focus=q1',
};

describe('the reminder list', () => {
  it('when reminders came and are coming, then each shows with its time in the user’s zone and a link to its screen', async () => {
    mockFetch({
      'GET /api/reminders': {
        body: {
          recent: [reminder, { ...reminder, id: 'r2', title: 'Late reading', status: 'quiet' }],
          upcoming: [
            {
              ...reminder,
              id: 'r3',
              kind: 'session',
              itemId: 's1',
              title: 'Deep work hour',
              status: 'pending',
              url: '/sessions?session=s1',
            },
          ],
        },
      },
    });
    renderWithProviders(<RemindersListCard timeZone="Europe/Berlin" />);
    expect(await screen.findByRole('link', { name: 'Morning run' })).toHaveAttribute(
      'href',
      '/quests?focus=q1',
    );
    expect(screen.getByRole('link', { name: 'Deep work hour' })).toHaveAttribute(
      'href',
      '/sessions?session=s1',
    );
    expect(screen.getByText(/quiet hours, not sent/)).toBeInTheDocument();
    // 09:30 UTC is 10:30 in Berlin.
    expect(screen.getAllByText(/10:30/)).toHaveLength(3);
  });

  it('when there are none, then it says how to get some', async () => {
    mockFetch({ 'GET /api/reminders': { body: { recent: [], upcoming: [] } } });
    renderWithProviders(<RemindersListCard timeZone="UTC" />);
    expect(await screen.findByText(/Give a quest a scheduled time/)).toBeInTheDocument();
  });
});

describe('reminder settings', () => {
  it('when notifications cannot be shown, then the card points to the reminder list by its heading, which the profile shows above it', async () => {
    mockFetch({
      'GET /api/reminders/settings': { body: DEFAULT_REMINDER_SETTINGS },
      'GET /api/reminders': { body: { recent: [], upcoming: [] } },
    });
    // As the profile composes them: the list first, then the settings.
    renderWithProviders(
      <>
        <RemindersListCard timeZone="UTC" />
        <ReminderSettingsCard timeZone="UTC" />
      </>,
    );
    expect(await screen.findByText(/still appear under Your Reminders\./)).toBeInTheDocument();
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toContain('Your Reminders');
    expect(screen.queryByText(/list below/)).not.toBeInTheDocument();
  });

  it('when a kind is switched off, then the change is saved; a browser without push says the list still has them', async () => {
    const { calls } = mockFetch({
      'GET /api/reminders/settings': { body: DEFAULT_REMINDER_SETTINGS },
      'PATCH /api/reminders/settings': { body: { ...DEFAULT_REMINDER_SETTINGS, quests: false } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ReminderSettingsCard timeZone="Europe/Berlin" />);
    const quests = await screen.findByRole('switch', { name: 'Scheduled quests, at their time' });
    expect(quests).toBeChecked();
    await user.click(quests);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ quests: false }),
    );
    await waitFor(() => expect(quests).not.toBeChecked());
    expect(screen.getByText(/cannot show notifications/)).toBeInTheDocument();
    expect(screen.getByText(/Times are in your time zone \(Europe\/Berlin\)/)).toBeInTheDocument();
  });
});

/** A browser's notification and push API, recording what the page asks of it. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission) {
  const subscription = {
    endpoint: 'https://push.example.test/abc',
    toJSON: () => ({
      endpoint: 'https://push.example.test/abc',
      expirationTime: null,
      keys: { p256dh: 'BPk', auth: 'au' },
    }),
  };
  const subscribe = vi.fn(async () => subscription);
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  const requestPermission = vi.fn(async () => answer);
  const env = {
    nav: {
      serviceWorker: {
        getRegistration: async () => registration,
        register: async () => registration,
        ready: Promise.resolve(registration),
      },
    },
    notification: { permission, requestPermission },
  } as unknown as PushEnvironment;
  return { env, subscribe, requestPermission };
}

describe('turning notifications on', () => {
  it('when the user allows them, then the browser subscribes with the server’s key and the server gets the subscription', async () => {
    vi.stubGlobal('PushManager', class {});
    const { calls } = mockFetch({
      'GET /api/reminders/push-key': { body: { publicKey: 'BAEC' } },
      'PUT /api/reminders/subscriptions': { body: { subscriptions: 1 } },
    });
    const browser = fakeBrowser('default', 'granted');
    expect(await pushState(browser.env)).toBe('off');
    // Nothing is asked before the click's call.
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(await enablePush(browser.env)).toBe('on');
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes('BAEC'),
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      endpoint: 'https://push.example.test/abc',
      expirationTime: null,
      keys: { p256dh: 'BPk', auth: 'au' },
    });
    vi.unstubAllGlobals();
  });

  it('when the user blocks them, then nothing is subscribed', async () => {
    vi.stubGlobal('PushManager', class {});
    const { calls } = mockFetch({});
    const browser = fakeBrowser('default', 'denied');
    expect(await enablePush(browser.env)).toBe('denied');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    vi.unstubAllGlobals();
  });

  it('decodes a base64url VAPID key to its bytes', () => {
    expect([...keyBytes('BAEC_-8')]).toEqual([4, 1, 2, 255, 239]);
  });
});
