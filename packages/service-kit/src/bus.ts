/**
 * The NATS JetStream bus's public entry. Its parts live in ./bus/, where connect-bus.ts composes them
 * around one shared context.
 */
export type {
  BatchHandler,
  Bus,
  BusOptions,
  ConsumeSpec,
  ConsumerHandle,
  DeadLetter,
  DeadLetterFilter,
  DeadLetterReason,
  EventHandler,
  EventMeta,
  EventSchema,
  HistoryEntry,
  StreamSpec,
} from './bus/types.ts';
export {
  ACK_WAIT_MS,
  DEAD_LETTER_SEQ_HEADER,
  DEAD_LETTER_STREAM,
  ACROSS_KEYS_CONCURRENCY,
  DEFAULT_CONCURRENCY,
  DUPLICATE_WINDOW_MS,
  MAX_DELIVER,
  PermanentEventError,
  byUser,
  eachKeyInOrder,
  redeliveryDelay,
} from './bus/rules.ts';
export { PartitionedLanes } from './bus/partitioned-lanes.ts';
export { connectBus, deleteNamespacedStreams } from './bus/connect-bus.ts';
export { subscribe, subscription, handleAll, historyOf } from './bus/subscribe.ts';
export type { EventHandlers, Subscription, SubscribeSpec } from './bus/subscribe.ts';
