export { loadConfig, commonEnv, portEnv } from './config.ts';
export { createLogger, pinoFor, logLevel, REDACTED_KEYS } from './telemetry/logger.ts';
export { redactUrl, REDACTED } from './telemetry/redact.ts';
export type { Logger, LogFields, LogLevel } from './telemetry/logger.ts';
export {
  configureTracing,
  flushTraces,
  contextFrom,
  traceHeaders,
  currentTraceIds,
  inSpan,
  tracerFor,
  tracingEnabled,
  SpanKind,
  TRACE_HEADERS,
} from './telemetry/tracing.ts';
export type { TraceCarrier, TracingOptions, SpanOptions } from './telemetry/tracing.ts';
export {
  registry as metricsRegistry,
  httpDuration,
  eventDuration,
  eventsDeadLettered,
  mongoDuration,
  metricsText,
  serveMetrics,
  observeConsumers,
  observeOutbox,
} from './telemetry/metrics.ts';
export { timeMongoOperations } from './telemetry/mongo-timing.ts';
export { observeRequests, routeOf, durationMs, QUIET_PATHS } from './telemetry/http.ts';
export { requestContext, currentRequestId } from './request-context.ts';
export type { RequestContext } from './request-context.ts';
export {
  AppError,
  errorMiddleware,
  toAppError,
  validationError,
  isZodError,
  notFound,
  unauthenticated,
  conflict,
} from './errors.ts';
export type { AppErrorOptions, ValidationIssue } from './errors.ts';
export {
  IDENTITY_HEADERS,
  IDENTITY_MAX_AGE_MS,
  INTERNAL_SIG_HEADER,
  REQUEST_ID_HEADER,
  signIdentity,
  verifyIdentity,
  signInternal,
  verifyInternal,
  requireIdentity,
  requireInternal,
  userIdOf,
  identityOf,
  isAdmin,
  forbidden,
  requireAdmin,
  adminOnly,
  forPathPrefix,
  bodyDigest,
  serviceKey,
  signedRequestOf,
} from './identity.ts';
export type { HeaderBag, Identity, SignedRequest, UserRole } from './identity.ts';
export { jsonBody, bodyOrEmpty, DEFAULT_BODY_LIMIT } from './body-parser.ts';
export { mount, type MountOptions, type OperationHandler } from './mount.ts';
export {
  callInternal,
  internalRequest,
  mountInternal,
  type CallInternalOptions,
  type InternalAnswer,
} from './internal-calls.ts';
export { perConnection } from './per-connection.ts';
export { createServiceApp, requestIdMiddleware } from './app.ts';
export { dataExportRouter, exportCollections, exportRow } from './data-export.ts';
export type { ExportCollection } from './data-export.ts';
export type { ServiceAppOptions, RouterLike } from './app.ts';
export {
  connectMongo,
  isDuplicateKeyError,
  onlyDuplicateKeyErrors,
  duplicateKeyField,
  DUPLICATE_KEY,
  objectId,
} from './mongo.ts';
export {
  connectBus,
  deleteNamespacedStreams,
  PermanentEventError,
  PartitionedLanes,
  ACROSS_KEYS_CONCURRENCY,
  DEFAULT_CONCURRENCY,
  byUser,
  eachKeyInOrder,
  redeliveryDelay,
  ACK_WAIT_MS,
  DUPLICATE_WINDOW_MS,
  MAX_DELIVER,
  DEAD_LETTER_STREAM,
  DEAD_LETTER_SEQ_HEADER,
  subscribe,
  subscription,
  handleAll,
  historyOf,
} from './bus.ts';
export { BatchingLanes } from './batching-lanes.ts';
export type { BatchingLanesOptions } from './batching-lanes.ts';
export type {
  BatchHandler,
  EventSchema,
  Bus,
  BusOptions,
  ConsumeSpec,
  ConsumerHandle,
  DeadLetter,
  DeadLetterFilter,
  DeadLetterReason,
  EventHandler,
  EventMeta,
  HistoryEntry,
  StreamSpec,
  EventHandlers,
  Subscription,
  SubscribeSpec,
} from './bus.ts';
export { readEventMessage, subscribeEvents } from './event-subscription.ts';
export { natsConnectOptions } from './nats-url.ts';
export type { NatsConnectOptions } from './nats-url.ts';
export type { EventSubscription, EventSubscriptionOptions } from './event-subscription.ts';
export { createOutboxRelay, indexOutbox, outboxEntry, outboxSchemaFields } from './outbox.ts';
export type { OutboxEntry, OutboxRelay, OutboxRelayOptions } from './outbox.ts';
export { listen, closeServer, installGracefulShutdown, runMain } from './shutdown.ts';
export type { Closer } from './shutdown.ts';
export { startService } from './start-service.ts';
export type {
  ServiceConfig,
  ServiceDeps,
  ServiceWorkers,
  StartServiceOptions,
} from './start-service.ts';
export { compareSnapshots, rebuildAndCompare } from './rebuild.ts';
export type {
  HistorySource,
  ReadModelRebuild,
  RebuildReport,
  SnapshotDifference,
} from './rebuild.ts';
export { SharedCountersUnavailable, createSharedCounters } from './shared-counters.ts';
export type { SharedCounters, SharedCountersOptions } from './shared-counters.ts';
export { calendarFeedTokens } from './calendar-feed-token.ts';
export type { CalendarFeedTokens } from './calendar-feed-token.ts';
export { quotaReached, withinQuota } from './storage-quota.ts';
