// Unit tests of the English (Porter2) stemmer, the tokeniser and the $search parser behind $text.
import { describe, expect, it } from 'vitest';
import { stem } from '../src/storage/text/stemmer.ts';
import { stripDiacritics, tokenize } from '../src/storage/text/tokenizer.ts';
import { parseSearch } from '../src/storage/text/text-index.ts';

describe('English stemmer (Porter2, as Snowball "english")', () => {
  const pairs: Array<[string, string]> = [
    ['running', 'run'],
    ['runs', 'run'],
    ['searching', 'search'],
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'tie'],
    ['cries', 'cri'],
    ['cats', 'cat'],
    ['gas', 'gas'],
    ['gaps', 'gap'],
    ['kiwis', 'kiwi'],
    ['generously', 'generous'],
    ['consigned', 'consign'],
    ['consigning', 'consign'],
    ['consignment', 'consign'],
    ['knightly', 'knight'],
    ['hopeful', 'hope'],
    ['hopefulness', 'hope'],
    ['happiness', 'happi'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['national', 'nation'],
    ['agreed', 'agre'],
    ['feed', 'feed'],
    ['hoping', 'hope'],
    ['hopped', 'hop'],
    ['filing', 'file'],
    ['sized', 'size'],
    ['troubled', 'troubl'],
    ['communication', 'communic'],
    ['generate', 'generat'],
    ['abilities', 'abil'],
    ['controllable', 'control'],
    ['electricity', 'electr'],
    ['effective', 'effect'],
    ['adjustment', 'adjust'],
    ['dependent', 'depend'],
    ['skies', 'sky'],
    ['news', 'news'],
    ['enjoy', 'enjoy'],
    ["coffee's", 'coffe'],
    ['be', 'be'],
  ];
  it.each(pairs)('when %s is stemmed, then it is %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe('tokenize', () => {
  it('when English text is tokenised, then words are lower-cased, stemmed and stop words dropped', () => {
    expect(tokenize('The Runners were running, quickly!', 'english')).toEqual([
      'runner',
      'run',
      'quick',
    ]);
  });

  it("when English words have apostrophes, then they stay one word (don't is a stop word)", () => {
    expect(tokenize("don't stop the dog's bone", 'english')).toEqual(['stop', 'dog', 'bone']);
  });

  it('when the language is none, then nothing is stemmed or dropped', () => {
    expect(tokenize('The Runners', 'none')).toEqual(['the', 'runners']);
  });

  it('when words carry diacritics, then they are folded unless diacritic sensitive', () => {
    expect(tokenize('Café Über', 'none')).toEqual(['cafe', 'uber']);
    expect(tokenize('Café', 'none', { diacriticSensitive: true })).toEqual(['café']);
    expect(stripDiacritics('naïve résumé')).toBe('naive resume');
  });

  it('when case sensitive, then the original case is kept', () => {
    expect(tokenize('Coffee shop', 'none', { caseSensitive: true })).toEqual(['Coffee', 'shop']);
  });

  it('when words are joined by hyphens or punctuation, then they are separate words', () => {
    expect(tokenize('pre-market/after_hours', 'none')).toEqual(['pre', 'market', 'after_hours']);
  });
});

describe('parseSearch', () => {
  const parse = (text: string) =>
    parseSearch(text, 'english', { caseSensitive: false, diacriticSensitive: false });

  it('when a search has words, phrases and negations, then each lands in its set', () => {
    const query = parse('coffee "french press" -decaf -"instant coffee" brewing');
    expect([...query.terms].sort()).toEqual(['brew', 'coffe', 'french', 'press']);
    expect([...query.negated]).toEqual(['decaf']);
    expect(query.phrases).toEqual(['french press']);
    expect(query.negatedPhrases).toEqual(['instant coffee']);
  });

  it('when a hyphen is inside a word, then it is not a negation', () => {
    const query = parse('pre-market');
    expect([...query.terms].sort()).toEqual(['market', 'pre']);
    expect(query.negated.size).toBe(0);
  });
});
