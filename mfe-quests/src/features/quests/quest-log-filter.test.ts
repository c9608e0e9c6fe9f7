import { describe, expect, it } from 'vitest';
import {
  NO_FILTER,
  filterFromParams,
  isFiltering,
  matchesFilter,
  paramsWithFilter,
  tagsInUse,
} from './quest-log-filter.ts';

const quest = (title: string, fields: object = {}) => ({
  title,
  category: null,
  tags: [] as string[],
  ...fields,
});

describe('the Quest Log filter', () => {
  it('when the address holds a search, a known category and a tag, then it reads them', () => {
    const filter = filterFromParams(
      new URLSearchParams('q=read&category=learning&tag=books&state=done'),
    );
    expect(filter).toEqual({ search: 'read', category: 'learning', tag: 'books', state: 'done' });
    expect(isFiltering(filter)).toBe(true);
  });

  it('when the address holds an unknown category or state, or a blank tag, then they read as none', () => {
    const filter = filterFromParams(new URLSearchParams('category=naps&tag=%20&state=maybe'));
    expect(filter).toEqual(NO_FILTER);
    expect(isFiltering(filter)).toBe(false);
  });

  it('when a filter is written back, then empty parts leave the address and other parameters stay', () => {
    const params = paramsWithFilter(new URLSearchParams('tab=log&q=old&state=done'), {
      search: '  ',
      category: 'work_focus',
      tag: null,
      state: 'open',
    });
    expect(params.toString()).toBe('tab=log&state=open&category=work_focus');
    expect(filterFromParams(params)).toEqual({
      search: '',
      category: 'work_focus',
      tag: null,
      state: 'open',
    });
  });

  it('when searching, then every word must be in the title, in any case and without accents', () => {
    const filter = { ...NO_FILTER, search: 'cafe  MORNING' };
    expect(matchesFilter(quest('Morning café run'), filter)).toBe(true);
    expect(matchesFilter(quest('Café run'), filter)).toBe(false);
  });

  it('when a category or a tag is chosen, then only quests with it show (tags compared in any case)', () => {
    const books = quest('Read', { category: 'learning', tags: ['Books', 'evening'] });
    expect(matchesFilter(books, { ...NO_FILTER, tag: 'books' })).toBe(true);
    expect(matchesFilter(books, { ...NO_FILTER, tag: 'garden' })).toBe(false);
    expect(matchesFilter(books, { ...NO_FILTER, category: 'learning' })).toBe(true);
    expect(matchesFilter(books, { ...NO_FILTER, category: 'work_focus' })).toBe(false);
    // A series has no tags: a tag filter leaves it out.
    expect(matchesFilter({ title: 'Read', category: null }, { ...NO_FILTER, tag: 'books' })).toBe(
      false,
    );
  });

  it('when a state is chosen, then open shows what is not done, done what is, and a skipped day neither', () => {
    const read = quest('Read');
    const open = { ...NO_FILTER, state: 'open' as const };
    const done = { ...NO_FILTER, state: 'done' as const };
    expect(matchesFilter(read, open, { done: false })).toBe(true);
    expect(matchesFilter(read, done, { done: false })).toBe(false);
    expect(matchesFilter(read, done, { done: true })).toBe(true);
    expect(matchesFilter(read, open, { done: true })).toBe(false);
    for (const filter of [open, done])
      expect(matchesFilter(read, filter, { done: false, skipped: true })).toBe(false);
    // A routine with no day today has no state to match, and with no state chosen everything shows.
    expect(matchesFilter(read, open, null)).toBe(false);
    expect(matchesFilter(read, NO_FILTER, null)).toBe(true);
  });

  it('when tags repeat across quests in other cases, then each is offered once, sorted', () => {
    expect(tagsInUse([{ tags: ['garden', 'Books'] }, { tags: ['books', 'admin'] }, {}])).toEqual([
      'admin',
      'Books',
      'garden',
    ]);
  });
});
