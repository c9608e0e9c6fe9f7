// { $meta: "textScore" }: a $text query's score in find projections and sorts, and in the stages of an
// aggregation whose first $match has $text (carried there as a hidden field the output loses).
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { TypeClass, typeClassOf } from '../storage/values.ts';
import { sortSkipLimit } from './documents.ts';

/** The hidden field a document carries its score in through sorts and pipelines. */
export const SCORE_FIELD = '__mongo_embedded_textScore';

export function isTextScoreMeta(value: unknown): boolean {
  return (
    typeClassOf(value) === TypeClass.Object &&
    (value as Document).$meta === 'textScore' &&
    Object.keys(value as Document).length === 1
  );
}

export function metadataUnavailable(): MongoCommandError {
  return new MongoCommandError(
    ErrorCodes.Location40218,
    'query requires text score metadata, but it is not available',
  );
}

function usesTextScore(spec: Document | undefined): boolean {
  return !!spec && Object.values(spec).some(isTextScoreMeta);
}

/** The projection without its textScore fields, and those fields' names. */
export function splitScoreProjection(projection: Document | undefined): {
  projection: Document | undefined;
  fields: string[];
} {
  if (!usesTextScore(projection)) return { projection, fields: [] };
  const rest: Document = {};
  const fields: string[] = [];
  for (const [field, value] of Object.entries(projection!)) {
    if (isTextScoreMeta(value)) fields.push(field);
    else rest[field] = value;
  }
  return { projection: rest, fields };
}

/** Checks that a find's projection and sort only ask for a score when the query has $text. */
export function checkScoreAvailable(
  projection: Document | undefined,
  sort: Document | undefined,
  scores: Map<Document, number> | undefined,
): void {
  if (!scores && (usesTextScore(projection) || usesTextScore(sort))) throw metadataUnavailable();
}

/** Sorts, skips and limits where sort keys may be { $meta: "textScore" } (highest score first). */
export function sortWithScores(
  docs: Document[],
  sort: Document | undefined,
  scores: Map<Document, number> | undefined,
  skip: number,
  limit: number,
): Document[] {
  if (!scores || !usesTextScore(sort)) return sortSkipLimit(docs, sort, skip, limit);
  const rewritten: Document = {};
  for (const [field, direction] of Object.entries(sort!))
    if (isTextScoreMeta(direction)) rewritten[SCORE_FIELD] = -1;
    else rewritten[field] = direction;
  const original = new Map<Document, Document>();
  const wrapped = docs.map((doc) => {
    const copy = { ...doc, [SCORE_FIELD]: scores.get(doc) ?? 0 };
    original.set(copy, doc);
    return copy;
  });
  return sortSkipLimit(wrapped, rewritten, skip, limit).map((copy) => original.get(copy)!);
}

/** Adds the score fields to projected documents (copies, so stored documents stay as they are). */
export function withScores(
  projected: Document[],
  stored: Document[],
  fields: string[],
  scores: Map<Document, number> | undefined,
): Document[] {
  if (!fields.length) return projected;
  return projected.map((doc, i) => {
    const out = { ...doc };
    for (const field of fields) out[field] = scores?.get(stored[i]!) ?? 0;
    return out;
  });
}

/** Whether a stage asks for { $meta: "textScore" } anywhere in it. */
function mentionsTextScore(value: unknown): boolean {
  if (isTextScoreMeta(value)) return true;
  if (Array.isArray(value)) return value.some(mentionsTextScore);
  if (typeClassOf(value) !== TypeClass.Object) return false;
  return Object.values(value as Document).some(mentionsTextScore);
}

function rewriteExpression(value: unknown): unknown {
  if (isTextScoreMeta(value)) return `$${SCORE_FIELD}`;
  if (Array.isArray(value)) return value.map(rewriteExpression);
  if (typeClassOf(value) !== TypeClass.Object) return value;
  const out: Document = {};
  for (const [key, child] of Object.entries(value as Document)) out[key] = rewriteExpression(child);
  return out;
}

function isExclusion(value: unknown): boolean {
  return value === 0 || value === false;
}

/**
 * The pipeline with { $meta: "textScore" } read from the hidden score field: in expressions, and as a
 * descending $sort key; an inclusion $project keeps the hidden field for the stages after it. Returns
 * undefined when no stage asks for the score.
 */
export function rewriteScorePipeline(stages: Document[]): Document[] | undefined {
  if (!stages.some(mentionsTextScore)) return undefined;
  return stages.map((stage) => {
    const [op] = Object.keys(stage);
    if (op === '$sort' && usesTextScore(stage.$sort as Document)) {
      const sort: Document = {};
      for (const [field, direction] of Object.entries(stage.$sort as Document))
        if (isTextScoreMeta(direction)) sort[SCORE_FIELD] = -1;
        else sort[field] = direction;
      return { $sort: sort };
    }
    const next = mentionsTextScore(stage) ? (rewriteExpression(stage) as Document) : stage;
    if (op === '$project' && typeClassOf(next.$project) === TypeClass.Object) {
      const projection = next.$project as Document;
      const inclusion = Object.entries(projection).some(
        ([field, value]) => field !== '_id' && !isExclusion(value),
      );
      if (inclusion) return { $project: { ...projection, [SCORE_FIELD]: 1 } };
    }
    return next;
  });
}
