// Tokenising as MongoDB's text index version 3 does (fts_unicode_tokenizer.cpp): words are runs of
// non-delimiters (the apostrophe is part of a word in English), lower-cased, checked against the
// language's stop words, stemmed, then stripped of diacritics. Stemming and stop words exist for English
// here; "none" (and every other language MongoDB knows) tokenises without them.
import { ErrorCodes, MongoCommandError } from '../../errors.ts';
import { stem } from './stemmer.ts';

// mongod's stop_words_english.txt.
const ENGLISH_STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being
below between both but by can't cannot could couldn't did didn't do does doesn't doing don't down during
each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's
hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's
me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves out
over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their
theirs them themselves then there there's these they they'd they'll they're they've this those through
to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's
where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're
you've your yours yourself yourselves`.split(/\s+/),
);

/** Languages MongoDB's text indexes accept (names and ISO codes); "english" is the one that stems. */
const LANGUAGES: Record<string, string> = {
  none: 'none',
  danish: 'danish',
  da: 'danish',
  dutch: 'dutch',
  nl: 'dutch',
  english: 'english',
  en: 'english',
  finnish: 'finnish',
  fi: 'finnish',
  french: 'french',
  fr: 'french',
  german: 'german',
  de: 'german',
  hungarian: 'hungarian',
  hu: 'hungarian',
  italian: 'italian',
  it: 'italian',
  norwegian: 'norwegian',
  nb: 'norwegian',
  portuguese: 'portuguese',
  pt: 'portuguese',
  romanian: 'romanian',
  ro: 'romanian',
  russian: 'russian',
  ru: 'russian',
  spanish: 'spanish',
  es: 'spanish',
  swedish: 'swedish',
  sv: 'swedish',
  turkish: 'turkish',
  tr: 'turkish',
};

/** The canonical language name, or undefined when MongoDB does not know it. */
export function languageOf(name: unknown): string | undefined {
  return typeof name === 'string' ? LANGUAGES[name.toLowerCase()] : undefined;
}

export function requireLanguage(name: unknown, context: 'query' | 'index'): string {
  const language = languageOf(name);
  if (language) return language;
  if (context === 'query')
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      `unsupported language: "${String(name)}" for text index version 3`,
    );
  throw new MongoCommandError(
    ErrorCodes.CannotCreateIndex,
    `Error in specification: default_language: unsupported language: "${String(name)}" for text index version 3`,
  );
}

export interface TokenOptions {
  filterStopWords?: boolean;
  caseSensitive?: boolean;
  diacriticSensitive?: boolean;
}

// Whitespace, controls, punctuation and symbols separate words; the underscore does not, and in
// English neither does the apostrophe.
const ENGLISH_SPLIT = /(?:(?![_'’])[\s\p{Cc}\p{Z}\p{P}\p{S}])+/u;
const OTHER_SPLIT = /(?:(?!_)[\s\p{Cc}\p{Z}\p{P}\p{S}])+/u;

/** Removes diacritics (the combining marks of the canonical decomposition). */
export function stripDiacritics(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text;
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** The text's words, as the index keys or a query's terms see them. */
export function tokenize(text: string, language: string, options: TokenOptions = {}): string[] {
  const english = language === 'english';
  const out: string[] = [];
  for (const raw of text.split(english ? ENGLISH_SPLIT : OTHER_SPLIT)) {
    if (!raw) continue;
    const lower = raw.toLowerCase();
    if (options.filterStopWords !== false && english && ENGLISH_STOP_WORDS.has(lower)) continue;
    let word = options.caseSensitive ? raw : lower;
    if (english) word = stem(word);
    if (!options.diacriticSensitive) word = stripDiacritics(word);
    out.push(word);
  }
  return out;
}
