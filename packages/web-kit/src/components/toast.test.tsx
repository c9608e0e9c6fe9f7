import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../api/client.ts';
import { mockFetch } from '../testing/mock-fetch.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { useToast } from './toast.tsx';

function QuickPost() {
  const toast = useToast();
  const send = () =>
    apiRequest('POST', '/api/posts', { content: 'hi' }).catch(() =>
      // The caller's own, generic failure toast.
      toast.error({ title: 'Could not share', description: 'Please try again.' }),
    );
  return (
    <button type="button" onClick={() => void send()}>
      Share
    </button>
  );
}

describe('ToastProvider', () => {
  it("when a call is refused with 429, then the page shows the server's message, in place of the caller's generic toast", async () => {
    const message = 'Too many new posts. Please try again in 45 seconds.';
    mockFetch({
      'POST /api/posts': {
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message } },
        headers: { 'retry-after': '45' },
      },
    });
    renderWithProviders(<QuickPost />);
    screen.getByRole('button', { name: 'Share' }).click();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Slow down')).toBeInTheDocument();
    expect(screen.queryByText('Could not share')).toBeNull();
  });
});
