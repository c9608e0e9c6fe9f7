import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineQueue } from '@levelup/web-kit';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { OfflineStatus } from './offline-status.tsx';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('offline status', () => {
  afterEach(() => setOnline(true));

  it('when check-offs wait offline, then the header says so, and they are sent in order when the connection returns', async () => {
    const { calls: everyCall } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'PATCH /api/quests/q1/progress': { body: {} },
      'PATCH /api/quests/occurrences/o1/progress': { body: {} },
    });
    // The check-offs sent, apart from the read of who is signed in.
    const sent = () => everyCall.filter((c) => c.method !== 'GET');
    renderWithProviders(<OfflineStatus />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    setOnline(false);
    await act(async () => {
      await offlineQueue().enqueue({
        method: 'PATCH',
        path: '/api/quests/q1/progress',
        body: { completionType: 'completed', progressNotes: null },
        label: 'Read: completed',
      });
      await offlineQueue().enqueue({
        method: 'PATCH',
        path: '/api/quests/occurrences/o1/progress',
        body: { completionType: 'partial', progressNotes: null },
        label: 'Journal: partial',
      });
    });
    expect(await screen.findByRole('status')).toHaveTextContent('offline, 2 changes waiting');
    expect(sent()).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(sent().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/api/quests/q1/progress', { completionType: 'completed', progressNotes: null }],
      [
        'PATCH',
        '/api/quests/occurrences/o1/progress',
        { completionType: 'partial', progressNotes: null },
      ],
    ]);
  });
});
