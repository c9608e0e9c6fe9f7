// Collations: a command's `collation`, or its collection's default one, changes how strings
// compare in its filter and its sort ({ locale: 'en_US', strength: 1 } makes 'a' equal 'A'). A command
// runs synchronously, so the collation in force is held here for the duration of that one command; the
// query operators read it when they test a document, which keeps compiled (cached) filters valid under
// any collation. Comparisons use the ICU rules of Intl.Collator, as mongod uses ICU.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { compareValues } from './values.ts';

/** MongoDB's strength levels as Intl.Collator sensitivities. */
const SENSITIVITY: Record<number, 'base' | 'accent' | 'variant'> = {
  1: 'base',
  2: 'accent',
  3: 'variant',
  4: 'variant',
  5: 'variant',
};

let active: Intl.Collator | undefined;

/** The collator of a collation document; undefined for none or the binary `simple` locale. */
export function collatorFor(spec: unknown): Intl.Collator | undefined {
  if (!spec || typeof spec !== 'object') return undefined;
  const { locale, strength, caseLevel, caseFirst, numericOrdering, alternate } = spec as Document;
  if (typeof locale !== 'string')
    throw new MongoCommandError(ErrorCodes.FailedToParse, "Missing expected field 'locale'");
  if (locale === 'simple') return undefined;
  let sensitivity: string = SENSITIVITY[Number(strength ?? 3)] ?? 'variant';
  // caseLevel adds case to strengths 1 and 2, as ICU does.
  if (caseLevel === true) sensitivity = sensitivity === 'base' ? 'case' : 'variant';
  return new Intl.Collator(intlCollation({ locale })!.locale, {
    sensitivity: sensitivity as Intl.CollatorOptions['sensitivity'],
    numeric: numericOrdering === true,
    ignorePunctuation: alternate === 'shifted',
    ...(caseFirst === 'upper' || caseFirst === 'lower' ? { caseFirst } : {}),
  });
}

/** A collation document for mingo's $sort: ICU's locale ids (en_US) as Intl's (en-US); none for simple. */
export function intlCollation<T extends { locale: string }>(spec: T | undefined): T | undefined {
  if (!spec || spec.locale === 'simple') return undefined;
  return { ...spec, locale: spec.locale.replace('_', '-') };
}

/** Runs `run` with `spec` as the collation in force (none when spec is undefined). */
export function withCollation<T>(spec: unknown, run: () => T): T {
  const previous = active;
  active = collatorFor(spec);
  try {
    return run();
  } finally {
    active = previous;
  }
}

export function collationActive(): boolean {
  return active !== undefined;
}

/** compareValues, with two strings compared by the collation in force. */
export function compareCollated(a: unknown, b: unknown): number {
  if (active && typeof a === 'string' && typeof b === 'string') return active.compare(a, b);
  return compareValues(a, b);
}
