import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible.tsx';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

describe('WhenVisible', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the placeholder is not near the viewport, then the fallback shows until it comes near', () => {
    const observers: { callback: Callback; disconnect: () => void }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Callback) {
          observers.push({ callback, disconnect: vi.fn() });
        }
        observe() {}
        disconnect() {}
      },
    );
    render(
      <WhenVisible fallback={<p>placeholder</p>}>
        <p>calendar</p>
      </WhenVisible>,
    );
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(screen.queryByText('calendar')).not.toBeInTheDocument();

    act(() => observers[0]!.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('calendar')).not.toBeInTheDocument();
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('calendar')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument();
  });

  it('when the browser has no IntersectionObserver, then the children render at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible fallback={<p>placeholder</p>}>
        <p>calendar</p>
      </WhenVisible>,
    );
    expect(screen.getByText('calendar')).toBeInTheDocument();
  });
});
