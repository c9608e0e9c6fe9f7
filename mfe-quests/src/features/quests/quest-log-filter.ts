import { QUEST_CATEGORIES, type QuestCategory } from '@levelup/contracts';

/** Open: not completed yet (skipped days are neither); done: completed, fully or partly. */
export const QUEST_STATES = ['open', 'done'] as const;
export type QuestState = (typeof QUEST_STATES)[number];
export const QUEST_STATE_LABELS: Record<QuestState, string> = { open: 'Open', done: 'Done' };

/**
 * What the Quest Log and the dashboard show: quests whose title holds the search words, of one
 * category, with one tag, in one state. It lives in the page's address (?q=, ?category=, ?tag=,
 * ?state=), so a reload, a bookmark or Back keeps it.
 */
export interface QuestLogFilter {
  search: string;
  category: QuestCategory | null;
  tag: string | null;
  state: QuestState | null;
}

export const NO_FILTER: QuestLogFilter = { search: '', category: null, tag: null, state: null };

const isCategory = (value: string | null): value is QuestCategory =>
  value !== null && (QUEST_CATEGORIES as readonly string[]).includes(value);
const isState = (value: string | null): value is QuestState =>
  value !== null && (QUEST_STATES as readonly string[]).includes(value);

/** The filter an address holds; an unknown category or state reads as none, blank words as no search. */
export function filterFromParams(params: URLSearchParams): QuestLogFilter {
  const category = params.get('category');
  const state = params.get('state');
  const tag = params.get('tag')?.trim();
  return {
    search: params.get('q') ?? '',
    category: isCategory(category) ? category : null,
    tag: tag ? tag : null,
    state: isState(state) ? state : null,
  };
}

/** The address's parameters with this filter in them (the page's other parameters stay). */
export function paramsWithFilter(params: URLSearchParams, filter: QuestLogFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('q', filter.search.trim() ? filter.search : null);
  set('category', filter.category);
  set('tag', filter.tag);
  set('state', filter.state);
  return next;
}

export const isFiltering = (filter: QuestLogFilter) =>
  filter.search.trim() !== '' ||
  filter.category !== null ||
  filter.tag !== null ||
  filter.state !== null;

/** Lower case without accents: "Café" is found by "cafe". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * Whether a quest, an occurrence or a series is shown: every search word in its title, its category,
 * its tag, its state (`done`: whether it, or a series' day in view, is completed; a skipped day is
 * neither open nor done).
 */
export function matchesFilter(
  item: { title: string; category: QuestCategory | null; tags?: readonly string[] },
  filter: QuestLogFilter,
  progress?: { done: boolean; skipped?: boolean } | null,
): boolean {
  if (filter.category !== null && item.category !== filter.category) return false;
  if (filter.state !== null) {
    if (!progress || progress.skipped) return false;
    if (progress.done !== (filter.state === 'done')) return false;
  }
  if (filter.tag !== null) {
    const wanted = folded(filter.tag);
    if (!(item.tags ?? []).some((tag) => folded(tag) === wanted)) return false;
  }
  const title = folded(item.title);
  return folded(filter.search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => title.includes(word));
}

/** Every tag in use, once each (the first spelling met), in alphabetical order. */
export function tagsInUse(items: ReadonlyArray<{ tags?: readonly string[] }>): string[] {
  const byKey = new Map<string, string>();
  for (const item of items)
    for (const tag of item.tags ?? []) if (!byKey.has(folded(tag))) byKey.set(folded(tag), tag);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}
