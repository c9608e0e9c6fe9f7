import { describe, expect, it } from 'vitest';
import { PRODUCT_SOURCES, linesOutsideComments, literalsIn } from './source-literals.ts';

/**
 * One contract drives every call: an API path is written once, in packages/contracts, and every route,
 * client, query key and invalidation takes it from there (mount, call, queryKeyOf, readsOf, urlOf). This
 * test reads the sources of the services, the gateway, the shell, the remotes and web-kit and fails on
 * any string literal that starts with the API prefix.
 */

/** Files that may spell API paths, and why. */
const ALLOWED: Record<string, string> = {
  'gateway/src/route-table.ts':
    "the gateway's routing table: path prefixes per service, checked against every contract operation by gateway/test/route-table.test.ts",
};

/** A quoted or template literal whose text starts with /api followed by /, a quote, ? or the end. */
export const API_LITERAL = /(['"`])\/api(?=[/'"`?])/;

/** The same for the internal calls between services (the INTERNAL table). */
export const INTERNAL_LITERAL = /(['"`])\/internal(?=[/'"`?])/;

/** Lines with an API path literal, comments left aside (they may name a path in prose). */
export function apiPathLiterals(text: string): { line: number; text: string }[] {
  return linesOutsideComments(text, API_LITERAL);
}

describe('API paths are written only in the contract', () => {
  it('when a source outside packages/contracts spells an API path, then this test names it', () => {
    expect(
      literalsIn(
        PRODUCT_SOURCES.filter((dir) => dir !== 'packages/contracts/src'),
        ALLOWED,
        apiPathLiterals,
      ).found,
    ).toEqual([]);
  });

  it('when a line holds a path literal, then it is found; in a comment or as another path, it is not', () => {
    expect(apiPathLiterals("const a = '/api/goals';")).toHaveLength(1);
    expect(apiPathLiterals('fetch(`/api/quests/${id}/toggle`)')).toHaveLength(1);
    expect(apiPathLiterals("if (matchesPrefix(path, '/api')) next();")).toHaveLength(1);
    expect(apiPathLiterals("// GET /api/goals answers the list\nconst b = '/apiary';")).toEqual([]);
    expect(apiPathLiterals("/**\n * '/api/goals' in prose\n */\nconst c = 1;")).toEqual([]);
  });

  it('when an allowed file is listed, then it exists and still needs its exception', () => {
    expect(literalsIn([], ALLOWED, apiPathLiterals).unneeded).toEqual([]);
  });
});

describe('internal paths are written only in the contract', () => {
  it('when a source outside packages/contracts spells an internal path, then this test names it', () => {
    expect(
      literalsIn(
        PRODUCT_SOURCES.filter((dir) => dir !== 'packages/contracts/src'),
        {},
        (text) => linesOutsideComments(text, INTERNAL_LITERAL),
      ).found,
    ).toEqual([]);
  });

  it('when a line holds an internal path literal, then it is found; in a comment, it is not', () => {
    const found = (text: string) => linesOutsideComments(text, INTERNAL_LITERAL);
    expect(found("fetch(new URL('/internal/session', base))")).toHaveLength(1);
    expect(found('// GET /internal/session answers the user')).toEqual([]);
    expect(found("const a = '/internals';")).toEqual([]);
  });
});
