// vitest setup of every frontend project: jest-dom matchers, cleanup, and the browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

const browser = typeof window !== 'undefined';

// antd validation and transitions are slow in jsdom on 2 cores; findBy* waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  if (!browser) return;
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

if (browser) installBrowserStubs();

function installBrowserStubs() {
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }

  // antd reads these; jsdom does not implement them.
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  window.scrollTo = () => {};

  // jsdom has the <dialog> element but not its methods: open and close by the attribute, as a browser
  // does, with the close event.
  if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  }
}
