// A text index as MongoDB keeps one (src/mongo/db/fts): each document's indexed strings tokenised into
// terms, each term scored (fts_spec.cpp _scoreStringV2), and the documents holding a term found from it.
// A $text query ORs its terms, ANDs its "phrases", excludes -negated terms and phrases, and scores a
// document by the sum of its scores for the query's terms.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../../errors.ts';
import { TypeClass, typeClassOf, valuesAtPath } from '../values.ts';
import { languageOf, requireLanguage, stripDiacritics, tokenize } from './tokenizer.ts';
import type { TokenOptions } from './tokenizer.ts';

const WILDCARD = '$**';
const MAX_WEIGHT = 1_000_000_000;

export function isTextKey(key: Document): boolean {
  return Object.values(key).some((value) => value === 'text') || '_fts' in key;
}

/**
 * A text index's spec as mongod stores and lists it: the text fields become `_fts: "text", _ftsx: 1` in
 * the key (ascending prefix and suffix fields kept), their weights (1 unless given) in `weights`, with
 * `default_language`, `language_override` and `textIndexVersion: 3`.
 */
export function normalizeTextIndexSpec(spec: Document): Document {
  const raw = spec.key as Document;
  if ('_fts' in raw) return spec;
  const key: Document = {};
  const weights: Record<string, number> = {};
  let seenText = false;
  for (const [field, value] of Object.entries(raw)) {
    if (value === 'text') {
      weights[field] = 1;
      if (!seenText) {
        key._fts = 'text';
        key._ftsx = 1;
        seenText = true;
      }
    } else if (value === 1 || value === -1) {
      key[field] = value;
    } else {
      throw new MongoCommandError(
        ErrorCodes.CannotCreateIndex,
        `Error in specification ${JSON.stringify(raw)} :: caused by :: text index key ${field} must be 1, -1 or "text"`,
      );
    }
  }
  const given = spec.weights;
  if (given !== undefined) {
    if (typeClassOf(given) !== TypeClass.Object)
      throw new MongoCommandError(
        ErrorCodes.CannotCreateIndex,
        'Error in specification :: caused by :: text index option weights must be an object',
      );
    for (const [field, weight] of Object.entries(given as Document)) {
      const number = Number(weight);
      if (typeof weight !== 'number' || !(number > 0) || number >= 100_000)
        throw new MongoCommandError(
          ErrorCodes.CannotCreateIndex,
          `Error in specification :: caused by :: text index weight must be in the exclusive interval (0,99999] but found: ${String(weight)}`,
        );
      weights[field] = number;
    }
  }
  const language = spec.default_language ?? 'english';
  requireLanguage(language, 'index');
  const override = spec.language_override ?? 'language';
  if (typeof override !== 'string')
    throw new MongoCommandError(
      ErrorCodes.CannotCreateIndex,
      'Error in specification :: caused by :: language_override must be a string',
    );
  const sorted: Record<string, number> = {};
  for (const field of Object.keys(weights).sort()) sorted[field] = weights[field]!;
  const {
    v,
    name,
    key: _key,
    weights: _weights,
    default_language: _language,
    language_override: _override,
    textIndexVersion: _version,
    ...rest
  } = spec;
  return {
    v,
    key,
    name,
    ...rest,
    weights: sorted,
    default_language: language,
    language_override: override,
    textIndexVersion: 3,
  };
}

/** One indexed string of a document: its text, its field's weight and the document's language. */
interface IndexedString {
  text: string;
  weight: number;
  language: string;
}

export interface TextQuery {
  /** Lower-cased, stemmed positive terms: the index keys looked up, and what the score sums. */
  terms: Set<string>;
  /** Positive and negated terms as the matcher compares them (case/diacritic sensitive when asked). */
  positive: Set<string>;
  negated: Set<string>;
  phrases: string[];
  negatedPhrases: string[];
  language: string;
  caseSensitive: boolean;
  diacriticSensitive: boolean;
}

export class TextIndex {
  readonly weights: Map<string, number>;
  readonly wildcard: number | undefined;
  readonly defaultLanguage: string;
  readonly languageOverride: string;
  /** The ascending fields before the text part of the key: a $text query needs equality on them. */
  readonly prefixFields: string[];
  /** term -> idKey -> that document's score for the term. */
  private readonly postings = new Map<string, Map<string, number>>();
  /** idKey -> the terms its document holds (to remove it). */
  private readonly termsOf = new Map<string, string[]>();

  constructor(spec: Document) {
    const weights = (spec.weights ?? {}) as Document;
    this.weights = new Map(
      Object.entries(weights)
        .filter(([field]) => field !== WILDCARD)
        .map(([field, weight]) => [field, Number(weight)]),
    );
    this.wildcard = WILDCARD in weights ? Number(weights[WILDCARD]) : undefined;
    this.defaultLanguage = languageOf(spec.default_language) ?? 'english';
    this.languageOverride = String(spec.language_override ?? 'language');
    const fields = Object.keys(spec.key as Document);
    this.prefixFields = fields.slice(0, fields.indexOf('_fts'));
  }

  /** The document's language: its language override field, else the index's default. */
  private languageFor(doc: Document): string {
    const override = doc[this.languageOverride];
    if (override === undefined) return this.defaultLanguage;
    const language = languageOf(override);
    if (!language)
      throw new MongoCommandError(
        ErrorCodes.Location17262,
        `language override unsupported: ${String(override)}`,
      );
    return language;
  }

  /** Fails as mongod does when a document names a language the index cannot use. */
  check(doc: Document): void {
    this.languageFor(doc);
  }

  /** The strings the index reads in a document, with their weights. */
  strings(doc: Document): IndexedString[] {
    const language = this.languageFor(doc);
    const out: IndexedString[] = [];
    if (this.wildcard !== undefined) {
      const walk = (value: unknown, path: string): void => {
        if (typeof value === 'string') {
          out.push({ text: value, weight: this.weights.get(path) ?? this.wildcard!, language });
        } else if (Array.isArray(value)) {
          for (const element of value) walk(element, path);
        } else if (typeClassOf(value) === TypeClass.Object) {
          for (const [field, child] of Object.entries(value as Document)) {
            if (!path && field === this.languageOverride) continue;
            walk(child, path ? `${path}.${field}` : field);
          }
        }
      };
      walk(doc, '');
      return out;
    }
    for (const [field, weight] of this.weights) {
      for (const value of valuesAtPath(doc, field))
        if (typeof value === 'string') out.push({ text: value, weight, language });
    }
    return out;
  }

  /** A document's score for each of its terms (fts_spec.cpp scoreDocument / _scoreStringV2). */
  scoreDocument(doc: Document): Map<string, number> {
    const scores = new Map<string, number>();
    for (const { text, weight, language } of this.strings(doc)) {
      const counts = new Map<string, { count: number; freq: number; exp: number }>();
      const tokens = tokenize(text, language);
      for (const term of tokens) {
        const data = counts.get(term) ?? { count: 0, freq: 0, exp: 0 };
        data.exp = data.exp ? data.exp * 2 : 1;
        data.count += 1;
        data.freq += 1 / data.exp;
        counts.set(term, data);
      }
      for (const [term, data] of counts) {
        const coefficient = (0.5 * data.count) / tokens.length + 0.5;
        // A term that is the whole field (the same letters, any case) gets a small boost.
        const adjustment =
          text.length === term.length && text.toLowerCase() === term.toLowerCase() ? 1.1 : 1;
        const score = (scores.get(term) ?? 0) + weight * data.freq * coefficient * adjustment;
        scores.set(term, Math.min(score, MAX_WEIGHT));
      }
    }
    return scores;
  }

  add(doc: Document, idKey: string): void {
    const scores = this.scoreDocument(doc);
    if (!scores.size) return;
    for (const [term, score] of scores) {
      let posting = this.postings.get(term);
      if (!posting) this.postings.set(term, (posting = new Map()));
      posting.set(idKey, score);
    }
    this.termsOf.set(idKey, [...scores.keys()]);
  }

  remove(_doc: Document, idKey: string): void {
    const terms = this.termsOf.get(idKey);
    if (!terms) return;
    for (const term of terms) {
      const posting = this.postings.get(term);
      posting?.delete(idKey);
      if (posting && !posting.size) this.postings.delete(term);
    }
    this.termsOf.delete(idKey);
  }

  /** Parses a $text operand ({ $search, $language, $caseSensitive, $diacriticSensitive }). */
  parseQuery(operand: unknown): TextQuery {
    if (typeClassOf(operand) !== TypeClass.Object)
      throw new MongoCommandError(ErrorCodes.BadValue, '$text expects an object');
    const spec = operand as Document;
    for (const field of Object.keys(spec)) {
      if (!['$search', '$language', '$caseSensitive', '$diacriticSensitive'].includes(field))
        throw new MongoCommandError(
          ErrorCodes.FailedToParse,
          `Unexpected field in $text: ${field}`,
        );
    }
    if (typeof spec.$search !== 'string')
      throw new MongoCommandError(ErrorCodes.TypeMismatch, '$search requires a string value');
    for (const flag of ['$caseSensitive', '$diacriticSensitive'] as const) {
      if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean')
        throw new MongoCommandError(ErrorCodes.TypeMismatch, `${flag} requires a boolean value`);
    }
    const language =
      spec.$language === undefined
        ? this.defaultLanguage
        : requireLanguage(spec.$language, 'query');
    return parseSearch(spec.$search, language, {
      caseSensitive: spec.$caseSensitive === true,
      diacriticSensitive: spec.$diacriticSensitive === true,
    });
  }

  /** The idKeys of the documents holding one of the query's terms, with their scores. */
  candidates(query: TextQuery): Map<string, number> {
    const out = new Map<string, number>();
    for (const term of query.terms) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      for (const [idKey, score] of posting) out.set(idKey, (out.get(idKey) ?? 0) + score);
    }
    return out;
  }

  /** The matcher's checks beyond the index lookup (fts_matcher.cpp): sensitive terms, negations, phrases. */
  matches(doc: Document, query: TextQuery): boolean {
    const sensitive = query.caseSensitive || query.diacriticSensitive;
    if (!sensitive && !query.negated.size && !query.phrases.length && !query.negatedPhrases.length)
      return true;
    const strings = this.strings(doc);
    const options: TokenOptions = {
      filterStopWords: false,
      caseSensitive: query.caseSensitive,
      diacriticSensitive: query.diacriticSensitive,
    };
    const tokens = (): string[] =>
      strings.flatMap(({ text, language }) => tokenize(text, language, options));
    if (sensitive || query.negated.size) {
      const words = tokens();
      if (sensitive && !words.some((word) => query.positive.has(word))) return false;
      if (words.some((word) => query.negated.has(word))) return false;
    }
    const fold = (text: string): string => {
      let out = query.caseSensitive ? text : text.toLowerCase();
      if (!query.diacriticSensitive) out = stripDiacritics(out);
      return out;
    };
    const folded = strings.map(({ text }) => fold(text));
    const contains = (phrase: string): boolean => {
      const wanted = fold(phrase);
      return folded.some((text) => text.includes(wanted));
    };
    return query.phrases.every(contains) && !query.negatedPhrases.some(contains);
  }
}

/** fts_query_impl.cpp's parse: words, "phrases" and -negations, split on whitespace, '-' and '"'. */
export function parseSearch(
  search: string,
  language: string,
  { caseSensitive, diacriticSensitive }: { caseSensitive: boolean; diacriticSensitive: boolean },
): TextQuery {
  const query: TextQuery = {
    terms: new Set(),
    positive: new Set(),
    negated: new Set(),
    phrases: [],
    negatedPhrases: [],
    language,
    caseSensitive,
    diacriticSensitive,
  };
  const addTerms = (text: string, negated: boolean): void => {
    for (const word of tokenize(text, language)) if (!negated) query.terms.add(word);
    const target = negated ? query.negated : query.positive;
    const options = { caseSensitive, diacriticSensitive };
    for (const word of tokenize(text, language, options)) target.add(word);
  };
  const isSpace = (char: string): boolean =>
    char === ' ' || char === '\t' || char === '\n' || char === '\r';
  let inNegation = false;
  let inPhrase = false;
  let phraseStart = 0;
  let previousWhiteSpace = true;
  let pos = 0;
  while (pos < search.length && isSpace(search[pos]!)) pos++;
  while (pos < search.length) {
    const start = pos;
    const char = search[pos]!;
    if (char === '-' || char === '"') {
      pos++;
      if (char === '-') {
        if (!inPhrase && previousWhiteSpace) inNegation = true;
      } else if (inPhrase) {
        const phrase = search.slice(phraseStart + 1, start);
        (inNegation ? query.negatedPhrases : query.phrases).push(phrase);
        inNegation = false;
        inPhrase = false;
      } else {
        inPhrase = true;
        phraseStart = start;
      }
    } else {
      while (pos < search.length && !/[\s"-]/.test(search[pos]!)) pos++;
      const text = search.slice(start, pos);
      if (!(inPhrase && inNegation)) addTerms(text, inNegation);
      if (inNegation && !inPhrase) inNegation = false;
    }
    previousWhiteSpace = false;
    while (pos < search.length && isSpace(search[pos]!)) {
      pos++;
      previousWhiteSpace = true;
    }
  }
  return query;
}
