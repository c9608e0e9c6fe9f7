import { FIRST_SCREEN_DATA_ID } from '@levelup/contracts';

// The API answers the server embedded in the page with the dashboard's first screen (contracts
// first-screen.ts): each is handed out once, to the first GET of its URL, so the app's first
// reads need no round trip; every later read of that URL asks the network as usual.

let embedded: Map<string, unknown> | null = null;

/** The page's embedded answers, read (and taken out of the document) on first use. */
function answers(): Map<string, unknown> {
  if (embedded) return embedded;
  embedded = new Map();
  const element =
    typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element) return embedded;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      for (const [url, body] of Object.entries(parsed)) embedded.set(url, body);
  } catch {
    // A damaged block is no answer at all: the reads ask the network.
  }
  return embedded;
}

/** The embedded answer to GET `url`, once; undefined when there is none (left). */
export function takeEmbeddedAnswer(url: string): { body: unknown } | undefined {
  const all = answers();
  if (!all.has(url)) return undefined;
  const body = all.get(url);
  all.delete(url);
  return { body };
}

/**
 * Sign-out: the embedded answers were the signed-out user's, so none is handed out any more (the block
 * is taken out of the document too, in case it was never read).
 */
export function discardEmbeddedAnswers() {
  answers();
  embedded = new Map();
}

/** Tests only: forget what was read, so the next call reads the document again. */
export function resetEmbeddedAnswers() {
  embedded = null;
}
