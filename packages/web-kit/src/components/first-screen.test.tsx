import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FirstScreenOr, holdFirstScreen, releaseFirstScreen } from './first-screen.tsx';

function serverRoot(marker: string | null) {
  const root = document.createElement('div');
  if (marker) root.dataset.prerendered = marker;
  root.innerHTML =
    '<style>.lu-first-card{padding:24px}</style><header>nav</header><main><h1>Welcome back, Level 2 Adventurer!</h1></main>';
  return root;
}

afterEach(() => {
  releaseFirstScreen();
  window.history.pushState(null, '', '/');
});

describe('the held first screen', () => {
  it('when the server wrote the first screen, then the dashboard page shows it as its loading state until released', () => {
    holdFirstScreen(serverRoot('first-screen'));
    window.history.pushState(null, '', '/dashboard');
    const { rerender } = render(<FirstScreenOr fallback={<p>Loading...</p>} />);
    expect(screen.getByRole('heading', { name: 'Welcome back, Level 2 Adventurer!' })).toBeTruthy();
    expect(screen.queryByText('nav')).toBeNull();

    releaseFirstScreen();
    rerender(<FirstScreenOr fallback={<p>Loading...</p>} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it("keeps the first screen's rules in the document after the root's content is replaced, until released", () => {
    const root = serverRoot('first-screen');
    document.body.append(root);
    holdFirstScreen(root);
    root.replaceChildren(); // what React's first render does to the server's markup

    const rules = () => [...document.querySelectorAll('style')].map((style) => style.textContent);
    expect(rules()).toContain('.lu-first-card{padding:24px}');
    releaseFirstScreen();
    expect(rules()).not.toContain('.lu-first-card{padding:24px}');
    root.remove();
  });

  it('when the visitor has moved to another page, then that page gets its own loading state', () => {
    holdFirstScreen(serverRoot('first-screen'));
    window.history.pushState(null, '', '/quests');
    render(<FirstScreenOr fallback={<p>Loading...</p>} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('when the page is the plain app page, then nothing is held', () => {
    holdFirstScreen(serverRoot(null));
    window.history.pushState(null, '', '/');
    render(<FirstScreenOr fallback={<p>Loading...</p>} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('when the server wrote the landing page, then / shows it while the app loads, and no other page does', () => {
    holdFirstScreen(serverRoot('landing'));
    window.history.pushState(null, '', '/');
    const { unmount } = render(<FirstScreenOr fallback={<p>Loading...</p>} />);
    expect(screen.getByRole('heading', { name: 'Welcome back, Level 2 Adventurer!' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    unmount();

    window.history.pushState(null, '', '/dashboard');
    render(<FirstScreenOr fallback={<p>Loading...</p>} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
  });
});
