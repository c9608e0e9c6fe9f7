// find, getMore, killCursors, count, distinct, aggregate.
import { Long } from 'bson';
import type { Document } from 'bson';
import type { Options } from 'mingo/types';
import { Aggregator, CONTEXT } from '../storage/operators.ts';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { distanceTo, findNear, geoValuesAtPath } from '../storage/geo.ts';
import type { NearQuery } from '../storage/geo.ts';
import { intlCollation } from '../storage/collation.ts';
import { compiledQuery } from '../storage/matcher.ts';
import { compareValues, valuesAtPath } from '../storage/values.ts';
import { cloneDocument, project, sortSkipLimit } from './documents.ts';
import { checkGeoNearPlacement, geoNearDocuments } from './geo-near.ts';
import { hasText, splitText } from '../storage/text/clause.ts';
import type { TextQuery } from '../storage/text/text-index.ts';
import {
  SCORE_FIELD,
  checkScoreAvailable,
  metadataUnavailable,
  rewriteScorePipeline,
  sortWithScores,
  splitScoreProjection,
  withScores,
} from './text-score.ts';
import type { CommandContext, CommandHandler } from './context.ts';
import { SERVER_VERSION } from './handshake.ts';

function toInt(value: unknown): number {
  if (value === undefined || value === null) return 0;
  return Number(value);
}

function toCursorId(value: unknown): bigint {
  if (value instanceof Long) return value.toBigInt();
  if (typeof value === 'bigint') return value;
  return BigInt(Math.trunc(Number(value)));
}

function batchSizeOf(spec: unknown): number | undefined {
  if (spec === undefined || spec === null) return undefined;
  const size = toInt(spec);
  if (!Number.isFinite(size) || size < 0)
    throw new MongoCommandError(ErrorCodes.BadValue, 'batchSize must be non-negative');
  return size;
}

function matching(
  ctx: CommandContext,
  name: string,
  filter: Document,
  limit = 0,
  textScores?: Map<Document, number>,
): Document[] {
  const collection = ctx.engine.get(ctx.db, name);
  if (collection) return collection.find(filter, limit, textScores);
  // mongod parses the filter even when the collection does not exist: a bad one is still an error.
  if (splitText(filter))
    throw new MongoCommandError(
      ErrorCodes.IndexNotFound,
      `text index required for $text query (no such collection '${ctx.db}.${name}')`,
    );
  compiledQuery(filter);
  return [];
}

const find: CommandHandler = (ctx) => {
  const name = String(ctx.command.find);
  const filter = (ctx.command.filter ?? {}) as Document;
  let limit = toInt(ctx.command.limit);
  let singleBatch = ctx.command.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const sort = ctx.command.sort as Document | undefined;
  const skip = toInt(ctx.command.skip);
  // Without a sort, a limited find can stop scanning once it has skip + limit matches.
  const near = findNear(filter);
  const enough =
    limit > 0 && !near && !ctx.command.hint && (!sort || !Object.keys(sort).length)
      ? skip + limit
      : 0;
  // A $text query's scores, for { $meta: "textScore" } in the projection and the sort.
  const scores = splitText(filter) ? new Map<Document, number>() : undefined;
  let matched = inHintOrder(
    ctx,
    name,
    matching(ctx, name, filter, enough, scores),
    ctx.command.hint,
  );
  const { projection, fields } = splitScoreProjection(
    ctx.command.projection as Document | undefined,
  );
  checkScoreAvailable(ctx.command.projection as Document | undefined, sort, scores);
  // $near / $nearSphere return the nearest first.
  if (near) matched = byDistance(matched, near.field, near.near).map(({ doc }) => doc);
  const sorted = sortWithScores(matched, sort, scores, skip, limit);
  const docs = withScores(project(sorted, projection, filter), sorted, fields, scores);
  const batchSize = batchSizeOf(ctx.command.batchSize);
  return ctx.cursors.first(`${ctx.db}.${name}`, docs, batchSize, singleBatch);
};

/**
 * With a hint, documents come in the hinted index's key order, as mongod's index scan returns them
 * (a hint naming no index is mongod's BadValue).
 */
function inHintOrder(
  ctx: CommandContext,
  name: string,
  docs: Document[],
  hint: unknown,
): Document[] {
  const collection = ctx.engine.get(ctx.db, name);
  if (!hint || !collection || (typeof hint === 'object' && '$natural' in hint)) return docs;
  const index =
    typeof hint === 'string'
      ? collection.indexes.get(hint)
      : [...collection.indexes.values()].find(
          (candidate) => compareValues(candidate.keyPattern, hint) === 0,
        );
  if (!index)
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  return index.queryable ? sortSkipLimit(docs, index.keyPattern) : docs;
}

/** Documents with their distance to a $near point, nearest first (documents without one dropped). */
function byDistance(
  docs: Document[],
  field: string,
  near: NearQuery,
): Array<{ doc: Document; distance: number }> {
  const out: Array<{ doc: Document; distance: number }> = [];
  for (const doc of docs) {
    const distance = distanceTo(near, geoValuesAtPath(doc, field));
    if (distance !== undefined) out.push({ doc, distance });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

const getMore: CommandHandler = (ctx) => {
  const ns = `${ctx.db}.${String(ctx.command.collection)}`;
  return ctx.cursors.more(toCursorId(ctx.command.getMore), ns, batchSizeOf(ctx.command.batchSize));
};

const killCursors: CommandHandler = (ctx) => {
  const ids = ((ctx.command.cursors ?? []) as unknown[]).map(toCursorId);
  const { killed, notFound } = ctx.cursors.kill(ids);
  return {
    cursorsKilled: killed.map((id) => Long.fromBigInt(id)),
    cursorsNotFound: notFound.map((id) => Long.fromBigInt(id)),
    cursorsAlive: [],
    cursorsUnknown: [],
    ok: 1,
  };
};

const count: CommandHandler = (ctx) => {
  const name = String(ctx.command.count);
  const docs = matching(ctx, name, (ctx.command.query ?? {}) as Document);
  const skip = toInt(ctx.command.skip);
  const limit = Math.abs(toInt(ctx.command.limit));
  const n = Math.max(0, Math.min(docs.length - skip, limit > 0 ? limit : Infinity));
  return { n, ok: 1 };
};

const distinct: CommandHandler = (ctx) => {
  const name = String(ctx.command.distinct);
  const key = ctx.command.key;
  if (typeof key !== 'string')
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      "BSON field 'distinct.key' is missing but a required field",
    );
  const values: unknown[] = [];
  for (const doc of matching(ctx, name, (ctx.command.query ?? {}) as Document)) {
    for (const value of valuesAtPath(doc, key)) if (value !== undefined) values.push(value);
  }
  values.sort(compareValues);
  const unique = values.filter((value, i) => i === 0 || compareValues(values[i - 1], value) !== 0);
  return { values: unique, ok: 1 };
};

/** Stages that build new documents instead of editing their input, so stored documents need no copy. */
const NON_MUTATING_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$group',
  '$project',
  '$sortByCount',
]);

const aggregate: CommandHandler = (ctx) => {
  const target = ctx.command.aggregate;
  let pipeline = ctx.command.pipeline as Document[] | undefined;
  if (!Array.isArray(pipeline))
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      "'pipeline' option must be specified as an array",
    );
  if (!ctx.command.cursor && ctx.command.explain !== true) {
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  if (ctx.command.explain === true) {
    const { explain: _explain, ...inner } = ctx.command;
    return explainDocument(ctx, inner);
  }
  for (const stage of pipeline) {
    const op = Object.keys(stage)[0];
    if (op === '$geoNear') continue;
    // What a standalone mongod answers (drivers' watch() sends this stage).
    if (op === '$changeStream')
      throw new MongoCommandError(
        ErrorCodes.Location40573,
        'The $changeStream stage is only supported on replica sets',
      );
    if (!op || !CONTEXT.getOperator('pipeline' as never, op))
      throw new MongoCommandError(
        ErrorCodes.Location40324,
        `Unrecognized pipeline stage name: '${op ?? ''}'`,
      );
    if (op === '$merge')
      throw new MongoCommandError(
        ErrorCodes.NotImplemented,
        '$merge is not supported by the embedded server',
      );
    if (op === '$out' && stage !== pipeline[pipeline.length - 1])
      throw new MongoCommandError(
        ErrorCodes.Location40601,
        '$out can only be the final stage in the pipeline',
      );
  }
  checkGeoNearPlacement(pipeline);
  const last = pipeline[pipeline.length - 1];
  const out = last && '$out' in last ? last.$out : undefined;
  if (out !== undefined) pipeline = pipeline.slice(0, -1);
  const name = typeof target === 'string' ? target : undefined;
  let source: Document[] = [];
  let stages = pipeline;
  let scores: Map<Document, number> | undefined;
  for (const stage of pipeline.slice(1)) {
    if ('$match' in stage && hasText(stage.$match))
      throw new MongoCommandError(
        ErrorCodes.Location17313,
        '$match with $text is only allowed as the first pipeline stage',
      );
  }
  // $geoNear's output is made of copies, so later stages may edit them.
  let copied = false;
  if (name) {
    const first = pipeline[0];
    if (first && '$geoNear' in first) {
      source = geoNearDocuments(ctx, name, first.$geoNear);
      stages = pipeline.slice(1);
      copied = true;
    } else if (first && '$match' in first) {
      const filter = first.$match as Document;
      scores = splitText(filter) ? new Map() : undefined;
      source = matching(ctx, name, filter, 0, scores);
      stages = pipeline.slice(1);
    } else {
      source = matching(ctx, name, {});
    }
    if (!copied) source = inHintOrder(ctx, name, source, ctx.command.hint);
  } else if (pipeline[0] && '$geoNear' in pipeline[0]) {
    throw new MongoCommandError(
      ErrorCodes.InvalidNamespace,
      "{aggregate: 1} is not valid for '$geoNear'; a collection is required.",
    );
  } else if (pipeline[0] && '$documents' in pipeline[0]) {
    source = [];
  }
  const collation = intlCollation(
    (ctx.command.collation ??
      (name ? ctx.engine.get(ctx.db, name)?.options.collation : undefined)) as
      Options['collation'] | undefined,
  );
  // { $meta: "textScore" } reads the score each document carries in a hidden field.
  const scoring = rewriteScorePipeline(stages);
  if (scoring) {
    if (!scores) throw metadataUnavailable();
    const known = scores;
    stages = scoring;
    source = source.map((doc) => ({ ...doc, [SCORE_FIELD]: known.get(doc) ?? 0 }));
  }
  if (!copied && !stages.every((stage) => NON_MUTATING_STAGES.has(Object.keys(stage)[0] ?? '')))
    source = source.map(cloneDocument);
  const docs = stages.length
    ? (new Aggregator(stages, {
        // mingo's $sort orders strings by this collation (the filter reads the one in force).
        ...(collation ? { collation } : {}),
        collectionResolver: (from: string) =>
          (ctx.engine.get(ctx.db, from)?.find({}) ?? []).map(cloneDocument),
      }).run(source) as Document[])
    : source;
  if (scoring) for (const doc of docs) delete doc[SCORE_FIELD];
  if (out !== undefined) {
    writeOut(ctx, out, docs);
    return ctx.cursors.first(`${ctx.db}.${name ?? '$cmd.aggregate'}`, [], undefined);
  }
  const batchSize = batchSizeOf((ctx.command.cursor as Document | undefined)?.batchSize);
  return ctx.cursors.first(`${ctx.db}.${name ?? '$cmd.aggregate'}`, docs, batchSize);
};

/**
 * $out: the results replace the target collection's documents, its indexes kept. As on mongod, a
 * failure (a duplicate key) leaves the target as it was.
 */
function writeOut(ctx: CommandContext, spec: unknown, docs: Document[]): void {
  const target =
    typeof spec === 'string'
      ? { db: ctx.db, coll: spec }
      : { db: String((spec as Document).db ?? ctx.db), coll: String((spec as Document).coll) };
  const collection = ctx.engine.getOrCreate(target.db, target.coll);
  const previous = [...collection.allDocuments()];
  for (const doc of previous) collection.remove(doc);
  const written: Document[] = [];
  try {
    for (const doc of docs)
      written.push(collection.insert(cloneDocument(doc), { validate: false }));
  } catch (error) {
    for (const doc of written) collection.remove(doc);
    for (const doc of previous) collection.insert(doc, { validate: false });
    throw error;
  }
}

/** Whether a command writes: the write commands, and an aggregate ending in $out. */
export function writesDocuments(command: Document): boolean {
  const pipeline = command.aggregate !== undefined ? command.pipeline : undefined;
  return Array.isArray(pipeline) && pipeline.some((stage) => stage && '$out' in stage);
}

/** The collection and filter an explained command reads with. */
function explainedQuery(inner: Document): { name: string; filter: Document } {
  if (inner.find !== undefined) return { name: String(inner.find), filter: inner.filter ?? {} };
  if (inner.aggregate !== undefined) {
    const first = (inner.pipeline as Document[] | undefined)?.[0];
    return { name: String(inner.aggregate), filter: (first?.$match as Document) ?? {} };
  }
  if (inner.count !== undefined) return { name: String(inner.count), filter: inner.query ?? {} };
  if (inner.distinct !== undefined)
    return { name: String(inner.distinct), filter: inner.query ?? {} };
  if (inner.findAndModify !== undefined || inner.findandmodify !== undefined)
    return {
      name: String(inner.findAndModify ?? inner.findandmodify),
      filter: inner.query ?? {},
    };
  for (const [command, field] of [
    ['update', 'updates'],
    ['delete', 'deletes'],
  ] as const) {
    if (inner[command] !== undefined) {
      const statement = (inner[field] as Document[] | undefined)?.[0];
      return { name: String(inner[command]), filter: (statement?.q as Document) ?? {} };
    }
  }
  throw new MongoCommandError(
    ErrorCodes.CommandNotFound,
    `Explain failed due to unknown command: ${Object.keys(inner)[0] ?? ''}`,
  );
}

/**
 * explain for find, aggregate, count, distinct, update, delete and findAndModify: which index the
 * query uses and how many documents it examines (as mongod reports them); nothing is written.
 */
function explainDocument(ctx: CommandContext, inner: Document): Document {
  const { name, filter } = explainedQuery(inner);
  const collection = ctx.engine.get(ctx.db, name);
  const docs = collection ? collection.find(filter) : [];
  const indexName = collection?.lastIndex;
  const examined = collection?.lastExamined ?? 0;
  const scan = indexName
    ? { stage: 'IXSCAN', indexName, keyPattern: collection!.indexes.get(indexName)!.keyPattern }
    : { stage: 'COLLSCAN' };
  const text = collection?.lastText;
  const winningPlan = text
    ? textPlan(text, indexName!, collection!.indexes.get(indexName!)!.keyPattern)
    : indexName
      ? { stage: 'FETCH', inputStage: scan }
      : scan;
  return {
    queryPlanner: {
      namespace: `${ctx.db}.${name}`,
      parsedQuery: filter,
      winningPlan,
      rejectedPlans: [],
    },
    executionStats: {
      executionSuccess: true,
      nReturned: docs.length,
      totalKeysExamined: indexName ? examined : 0,
      totalDocsExamined: examined,
    },
    command: inner,
    serverInfo: { host: 'localhost', port: 0, version: SERVER_VERSION },
    ok: 1,
  };
}

/** mongod's plan for a $text query: TEXT_MATCH over the fetched documents of one index scan per term. */
function textPlan(text: TextQuery, indexName: string, keyPattern: Document): Document {
  const scans = [...text.terms].map(() => ({ stage: 'IXSCAN', indexName, keyPattern }));
  const input = scans.length === 1 ? scans[0]! : { stage: 'TEXT_OR', inputStages: scans };
  return {
    stage: 'TEXT_MATCH',
    indexPrefix: {},
    indexName,
    parsedTextQuery: {
      terms: [...text.terms].sort(),
      negatedTerms: [...text.negated].sort(),
      phrases: text.phrases,
      negatedPhrases: text.negatedPhrases,
    },
    textIndexVersion: 3,
    inputStage: { stage: 'FETCH', inputStage: input },
  };
}

const explain: CommandHandler = (ctx) => {
  const inner = ctx.command.explain as Document | undefined;
  if (!inner || typeof inner !== 'object')
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'explain command requires a nested object',
    );
  return explainDocument(ctx, inner);
};

export const readCommands: Record<string, CommandHandler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
  explain,
};
