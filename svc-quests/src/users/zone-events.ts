import { EVENTS } from '@levelup/contracts';
import { readEventMessage, type Bus, type Logger } from '@levelup/service-kit';
import type { UserZones } from './user-zones.ts';

/** The identity events that can move a user's zone. */
export const ZONE_EVENTS = [EVENTS.userRegistered, EVENTS.userRenamed] as const;

/**
 * Every svc-quests instance hears every zone change (core NATS subscriptions on the bus's connection,
 * nothing durable shared), so the zone each one remembers follows the profile at once; the durable
 * consumer, which only one instance gets each event from, keeps the stored read model. After a
 * reconnection the memory is dropped, since events published meanwhile were not heard.
 */
export function followZoneEvents(bus: Bus, zones: UserZones, logger: Logger): { stop(): void } {
  const prefix = bus.namespace ? `${bus.namespace}.` : '';
  const subscriptions = ZONE_EVENTS.map((entry) =>
    bus.connection.subscribe(prefix + entry.type, {
      callback: (error, message) => {
        if (error) return;
        // Each event read with its EVENTS entry's schema, as the durable consumer reads it.
        const event = readEventMessage(entry, message.string());
        if (event) zones.observe(event);
        else logger.warn('malformed zone event ignored', { subject: message.subject });
      },
    }),
  );
  let stopped = false;
  void (async () => {
    for await (const status of bus.connection.status()) {
      if (stopped) return;
      if (status.type === 'reconnect') zones.forgetAll();
    }
  })();
  return {
    stop() {
      stopped = true;
      for (const subscription of subscriptions) subscription.unsubscribe();
    },
  };
}
