import type { ReactNode } from 'react';
import { FIRST_SCREEN_PATHS } from '@levelup/contracts';

// The dashboard's first screen as the server wrote it (contracts first-screen.ts). React replaces
// the page's HTML when the shell mounts, but the page is not whole until the shell, its remote and the
// dashboard's data are in: until then every loading state of that page shows the server's markup again
// instead of a spinner or skeleton, so the heading the visitor already reads stays where it is.

// The prerendered landing page is held the same way, at '/' only, while the app a visitor's first move
// started loads: the page they were reading (and its 'See How It Works') stays instead of a spinner.

let held: string | null = null;
let heldPaths: readonly string[] = FIRST_SCREEN_PATHS;
let heldStyles: HTMLStyleElement[] = [];

/** Keeps the server-written first screen of `root` (the contents of its <main>) before React replaces it. */
export function holdFirstScreen(root: HTMLElement) {
  const page = root.dataset.prerendered;
  if (page !== 'first-screen' && page !== 'landing') return;
  held = root.querySelector('main')?.innerHTML ?? null;
  heldPaths = page === 'landing' ? ['/'] : FIRST_SCREEN_PATHS;
  // The markup's rules are a <style> inside the root, which React's first render removes with the rest:
  // without them the held screen showed unstyled (bare links, no placeholder card) until the page was whole.
  heldStyles = [...root.querySelectorAll('style')];
  document.head.append(...heldStyles);
}

/** The page is whole: loading states from now on are the app's own. */
export function releaseFirstScreen() {
  held = null;
  for (const style of heldStyles) style.remove();
  heldStyles = [];
}

/** A loading state: the held first screen while the page it was written for loads, else `fallback`. */
export function FirstScreenOr({ fallback }: { fallback: ReactNode }) {
  // Held for the page it was written for: after a move to another page, that page's own loading state.
  if (held === null || !heldPaths.includes(window.location.pathname)) return fallback;
  // The server's own markup of this page, kept from the document (no outside input reaches it here).
  return <div className="lu-first-screen" dangerouslySetInnerHTML={{ __html: held }} />;
}
