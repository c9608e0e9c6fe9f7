import { natsConnectOptions } from './nats-url.ts';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { DomainEvent, EventType } from '@levelup/contracts';
import { createLogger, type Logger } from './telemetry/logger.ts';

export interface EventSubscriptionOptions<T extends EventType = EventType> {
  url: string;
  /** The connection's name, as the NATS server shows it. */
  name: string;
  /** The event followed (its type is its subject), e.g. EVENTS.sessionRevoked. */
  event: { type: T; schema: { safeParse(value: unknown): { success: boolean; data?: unknown } } };
  /** Tests only: the same subject prefix as connectBus's namespace. */
  namespace?: string | undefined;
  logger?: Logger;
  /** Each event, validated with its EVENTS entry's schema (one that does not fit is logged and dropped). */
  onEvent(event: DomainEvent<T>): void;
  /**
   * Told true once the subscription is in place at the server (and again after each reconnection), false
   * when the connection is lost: between the two, events are missed.
   */
  onConnection?(connected: boolean): void;
}

export interface EventSubscription {
  /** True while the connection is up: events published now reach onEvent. */
  connected(): boolean;
  /** Resolves once subscribed (never rejects; waits while NATS is away). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * A core NATS subscription to events a JetStream stream also stores: every subscriber gets every event
 * published while it is connected, with nothing durable to share or clean up. For fan-out to every
 * instance of a process (each gateway drops a revoked session), where missing events while disconnected
 * is acceptable and the caller has another source of truth. Never blocks start-up: while NATS is away
 * it keeps trying in the background (the gateway must work without NATS).
 */
export function subscribeEvents<T extends EventType>(
  options: EventSubscriptionOptions<T>,
): EventSubscription {
  const logger = options.logger ?? createLogger(options.name);
  const type = options.event.type;
  const subject = options.namespace ? `${options.namespace}.${type}` : type;
  let connection: NatsConnection | undefined;
  let subscription: Subscription | undefined;
  let closed = false;
  let up = false;

  const ready = (async () => {
    const nc = await connect({
      ...natsConnectOptions(options.url),
      name: options.name,
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
    });
    if (closed) {
      await nc.close();
      return;
    }
    connection = nc;
    up = true;
    logger.info('subscribed to events', { subject });
    subscription = nc.subscribe(subject, {
      callback: (error, message) => {
        if (error) return;
        const event = readEventMessage(options.event, message.string());
        if (event) options.onEvent(event);
        else logger.warn('malformed event ignored', { subject: message.subject });
      },
    });
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') {
          up = false;
          options.onConnection?.(false);
          logger.warn('events connection lost; reconnecting', { subject });
        } else if (status.type === 'reconnect') {
          up = true;
          options.onConnection?.(true);
          logger.info('events connection back', { subject });
        }
      }
    })();
    // The server has the subscription once it answered a ping sent after it.
    await nc.flush();
    if (!closed && up) options.onConnection?.(true);
  })().catch((error: unknown) => {
    logger.error('event subscription failed', { subject, error: String(error) });
  });

  return {
    connected: () => up && !closed,
    ready,
    async close() {
      closed = true;
      up = false;
      subscription?.unsubscribe();
      if (connection && !connection.isClosed()) await connection.close();
    },
  };
}

/**
 * A plain NATS message's event, read with its EVENTS entry's schema; undefined when it is not JSON or
 * does not fit (the caller logs and drops it).
 */
export function readEventMessage<T extends EventType>(
  entry: EventSubscriptionOptions<T>['event'],
  text: string,
): DomainEvent<T> | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = entry.schema.safeParse(body);
  return parsed.success ? (parsed.data as DomainEvent<T>) : undefined;
}
