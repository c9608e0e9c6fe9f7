import type { Connection, MongooseQueryMiddleware, Schema } from 'mongoose';
import { mongoDuration } from './metrics.ts';

/**
 * MongoDB operation durations, timed around the models' operations by mongoose middleware.
 * Not the driver's command monitoring: with it on, the driver deserialises every reply a second time
 * for the event (its cursors otherwise read replies lazily), which cost a third of the read throughput
 * in the load bench. Calls made on a model's raw collection (the outbox relay's claims) are not timed.
 */

const QUERY_OPERATIONS: MongooseQueryMiddleware[] = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'estimatedDocumentCount',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

const STARTED = Symbol('levelup.mongoStarted');
const TIMED = Symbol('levelup.mongoTimed');

/** Which service a connection belongs to (tests run several services' connections in one process). */
const services = new WeakMap<Connection, string>();

type Timed = { [STARTED]?: number };
type Next = (error?: Error) => void;

function record(
  connection: Connection,
  collection: string,
  operation: string,
  started: number | undefined,
  outcome: string,
) {
  const service = services.get(connection);
  if (!service || started === undefined) return;
  mongoDuration.observe(
    { service, collection, operation, outcome },
    (performance.now() - started) / 1_000,
  );
}

/** Timing never fails or changes an operation: whatever goes wrong in it is dropped. */
function safely(measure: () => void): void {
  try {
    measure();
  } catch {
    // a metric less, never an operation less
  }
}

/** The middleware, added once per schema whichever connections compile it. */
function timingPlugin(schema: Schema): void {
  const marked = schema as Schema & { [TIMED]?: boolean };
  if (marked[TIMED]) return;
  marked[TIMED] = true;

  interface QueryLike extends Timed {
    model: { db: Connection; collection: { collectionName: string } };
    op?: string;
  }
  const queryDone = (query: QueryLike, outcome: string) =>
    safely(() =>
      record(
        query.model.db,
        query.model.collection.collectionName,
        query.op ?? 'query',
        query[STARTED],
        outcome,
      ),
    );
  schema.pre(QUERY_OPERATIONS, function (this: QueryLike) {
    this[STARTED] = performance.now();
  });
  schema.post(QUERY_OPERATIONS, function (this: QueryLike) {
    queryDone(this, 'ok');
  });
  schema.post(
    QUERY_OPERATIONS,
    function (this: QueryLike, error: Error, _result: unknown, next: Next) {
      queryDone(this, 'error');
      next(error);
    },
  );

  interface AggregateLike extends Timed {
    model(): { db: Connection; collection: { collectionName: string } };
  }
  const aggregateDone = (aggregate: AggregateLike, outcome: string) =>
    safely(() => {
      const model = aggregate.model();
      record(model.db, model.collection.collectionName, 'aggregate', aggregate[STARTED], outcome);
    });
  schema.pre('aggregate', function (this: AggregateLike) {
    this[STARTED] = performance.now();
  });
  schema.post('aggregate', function (this: AggregateLike) {
    aggregateDone(this, 'ok');
  });
  schema.post(
    'aggregate',
    function (this: AggregateLike, error: Error, _result: unknown, next: Next) {
      aggregateDone(this, 'error');
      next(error);
    },
  );

  interface DocumentLike extends Timed {
    db: Connection;
    collection?: { collectionName: string };
    $isSubdocument?: boolean;
  }
  // Plugins reach subdocument schemas too (an outbox entry): only a top-level document is a write.
  const saveDone = (doc: DocumentLike, outcome: string) =>
    safely(() => {
      if (!doc.$isSubdocument && doc.collection)
        record(doc.db, doc.collection.collectionName, 'save', doc[STARTED], outcome);
    });
  schema.pre('save', function (this: DocumentLike) {
    this[STARTED] = performance.now();
  });
  schema.post('save', function (this: DocumentLike) {
    saveDone(this, 'ok');
  });
  schema.post('save', function (this: DocumentLike, error: Error, _result: unknown, next: Next) {
    saveDone(this, 'error');
    next(error);
  });
}

/** Times every model operation of this connection under the service's name. */
export function timeMongoOperations(connection: Connection, service: string): void {
  services.set(connection, service);
  connection.plugin(timingPlugin);
}
