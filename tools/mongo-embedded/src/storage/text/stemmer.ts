// The English (Porter2) stemmer, as the Snowball "english" algorithm MongoDB's text indexes use
// (libstemmer): https://snowballstem.org/algorithms/english/stemmer.html. Input is one lower-case word.

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDINGS = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

const EXCEPTIONS: Record<string, string> = {
  skis: 'ski',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  idly: 'idl',
  gently: 'gentl',
  ugly: 'ugli',
  early: 'earli',
  only: 'onli',
  singly: 'singl',
  sky: 'sky',
  news: 'news',
  howe: 'howe',
  atlas: 'atlas',
  cosmos: 'cosmos',
  bias: 'bias',
  andes: 'andes',
};
const AFTER_STEP_1A = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);

const STEP_2: Array<[string, string]> = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
];
const STEP_3: Array<[string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];
const STEP_4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
];

function isVowel(char: string | undefined): boolean {
  return char !== undefined && VOWELS.has(char);
}

/** The start of the region after the first non-vowel following a vowel, from `from`. */
function regionAfter(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i++) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
  }
  return word.length;
}

/** Whether `word` (up to `end`) ends in a short syllable. */
function endsShortSyllable(word: string, end = word.length): boolean {
  if (end === 2) return isVowel(word[0]) && !isVowel(word[1]);
  if (end < 3) return false;
  const [a, b, c] = [word[end - 3], word[end - 2], word[end - 1]];
  return !isVowel(a) && isVowel(b) && !isVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y';
}

function longest<T extends string | [string, string]>(word: string, suffixes: T[]): T | undefined {
  let best: T | undefined;
  for (const entry of suffixes) {
    const suffix = typeof entry === 'string' ? entry : entry[0];
    if (word.endsWith(suffix) && (!best || suffix.length > suffixOf(best).length)) best = entry;
  }
  return best;
}

function suffixOf(entry: string | [string, string]): string {
  return typeof entry === 'string' ? entry : entry[0];
}

function hasVowel(text: string): boolean {
  for (const char of text) if (isVowel(char)) return true;
  return false;
}

export function stem(input: string): string {
  if (input.length <= 2) return input;
  let word = input.startsWith("'") ? input.slice(1) : input;
  const exception = EXCEPTIONS[word];
  if (exception !== undefined) return exception;
  if (word.length <= 2) return word;

  // y at the start or after a vowel is a consonant (Y).
  let marked = '';
  for (let i = 0; i < word.length; i++) {
    const char = word[i]!;
    marked += char === 'y' && (i === 0 || isVowel(word[i - 1])) ? 'Y' : char;
  }
  word = marked;

  const prefix = /^(gener|commun|arsen)/.exec(word);
  const r1 = prefix ? prefix[1]!.length : regionAfter(word, 0);
  const r2 = regionAfter(word, r1);
  const inR1 = (suffix: string): boolean => word.length - suffix.length >= r1;
  const inR2 = (suffix: string): boolean => word.length - suffix.length >= r2;

  // Step 0: apostrophes.
  for (const suffix of ["'s'", "'s", "'"]) {
    if (word.endsWith(suffix)) {
      word = word.slice(0, -suffix.length);
      break;
    }
  }

  // Step 1a.
  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ied') || word.endsWith('ies'))
    word = word.slice(0, -3) + (word.length > 4 ? 'i' : 'ie');
  else if (word.endsWith('us') || word.endsWith('ss')) {
    // unchanged
  } else if (word.endsWith('s') && hasVowel(word.slice(0, -2))) word = word.slice(0, -1);

  if (AFTER_STEP_1A.has(word)) return word;

  // Step 1b.
  const step1b = longest(word, ['eedly', 'ingly', 'edly', 'eed', 'ing', 'ed']);
  if (step1b === 'eed' || step1b === 'eedly') {
    if (inR1(step1b)) word = word.slice(0, -step1b.length) + 'ee';
  } else if (step1b) {
    const stemmed = word.slice(0, -step1b.length);
    if (hasVowel(stemmed)) {
      word = stemmed;
      if (/(at|bl|iz)$/.test(word)) word += 'e';
      else if (DOUBLES.has(word.slice(-2))) word = word.slice(0, -1);
      else if (endsShortSyllable(word) && r1 >= word.length) word += 'e';
    }
  }

  // Step 1c.
  if (/[yY]$/.test(word) && word.length > 2 && !isVowel(word[word.length - 2]))
    word = word.slice(0, -1) + 'i';

  // Step 2.
  const step2 = longest(word, STEP_2);
  if (step2 && inR1(step2[0])) {
    const [suffix, replacement] = step2;
    const before = word[word.length - suffix.length - 1];
    if (suffix === 'ogi') {
      if (before === 'l') word = word.slice(0, -3) + 'og';
    } else if (suffix === 'li') {
      if (before !== undefined && LI_ENDINGS.has(before)) word = word.slice(0, -2);
    } else word = word.slice(0, -suffix.length) + replacement;
  }

  // Step 3.
  const step3 = longest(word, STEP_3);
  if (step3 && inR1(step3[0])) {
    const [suffix, replacement] = step3;
    if (suffix !== 'ative' || inR2(suffix)) word = word.slice(0, -suffix.length) + replacement;
  }

  // Step 4.
  const step4 = longest(word, STEP_4);
  if (step4 && inR2(step4)) {
    if (step4 !== 'ion' || /[st]$/.test(word.slice(0, -3))) word = word.slice(0, -step4.length);
  }

  // Step 5.
  if (word.endsWith('e')) {
    if (inR2('e') || (inR1('e') && !endsShortSyllable(word, word.length - 1)))
      word = word.slice(0, -1);
  } else if (word.endsWith('ll') && inR2('l')) word = word.slice(0, -1);

  return word.replaceAll('Y', 'y');
}
