import type { Model } from 'mongoose';
import {
  EVENTS,
  DEFAULT_TIME_ZONE,
  isEventOf,
  isValidTimeZone,
  type EventEnvelope,
} from '@levelup/contracts';
import type { QuestsModels, UserZoneDoc } from '../quests/models.ts';

/**
 * How long a remembered zone is trusted without an identity event. Events keep the memory current; this
 * only bounds how long a change missed while NATS was away (or written by a rebuild in another process)
 * can be served.
 */
export const ZONE_TTL_MS = 5 * 60_000;
/** Zones remembered at most; the oldest remembered goes first. */
export const ZONE_CACHE_SIZE = 50_000;

/**
 * The zones this process remembers, one memory per model (createApp and startWorkers each build a
 * userZones over the same connection, and must share it so the consumer's updates reach the routes).
 */
class ZoneMemory {
  private readonly zones = new Map<string, { zone: string; until: number }>();
  /** Bumped by every event; a database read that started before one is not remembered. */
  generation = 0;

  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  get(userId: string): string | undefined {
    const hit = this.zones.get(userId);
    if (!hit) return undefined;
    if (hit.until <= this.now()) {
      this.zones.delete(userId);
      return undefined;
    }
    return hit.zone;
  }

  set(userId: string, zone: string): void {
    this.zones.delete(userId);
    this.zones.set(userId, { zone, until: this.now() + ZONE_TTL_MS });
    if (this.zones.size > ZONE_CACHE_SIZE) {
      const oldest = this.zones.keys().next().value;
      if (oldest !== undefined) this.zones.delete(oldest);
    }
  }

  forget(userId: string): void {
    this.zones.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.zones.clear();
  }
}

const memories = new WeakMap<Model<UserZoneDoc>, ZoneMemory>();

function memoryOf(model: Model<UserZoneDoc>): ZoneMemory {
  let memory = memories.get(model);
  if (!memory) {
    memory = new ZoneMemory();
    memories.set(model, memory);
  }
  return memory;
}

/**
 * What an identity event says about a user's zone: a zone, or undefined when it does not move it. The
 * event was validated with its EVENTS entry's schema (by the durable consumer, or by followZoneEvents).
 */
function zoneIn(
  event: EventEnvelope,
): { userId: string; timeZone: string | undefined } | undefined {
  if (!isEventOf(EVENTS.userRegistered, event) && !isEventOf(EVENTS.userRenamed, event))
    return undefined;
  return { userId: event.data.userId, timeZone: event.data.timeZone ?? undefined };
}

/**
 * Users' time zones, learnt from identity events (a local read model, no call to svc-identity), and
 * remembered in memory: every completion needs its user's zone, and the zone rarely changes. The
 * memory is kept current by the same events, seen by every instance (see `observe`).
 */
export function userZones({ UserZone }: QuestsModels) {
  const memory = memoryOf(UserZone);

  /** A zone an event carries, remembered at once; a rename without a zone leaves the memory alone. */
  function remember(event: EventEnvelope): void {
    const seen = zoneIn(event);
    if (!seen) return;
    memory.generation += 1;
    if (seen.timeZone === undefined) return;
    if (isValidTimeZone(seen.timeZone)) memory.set(seen.userId, seen.timeZone);
    else memory.forget(seen.userId);
  }

  return {
    async timeZoneOf(userId: string): Promise<string> {
      const known = memory.get(userId);
      if (known !== undefined) return known;
      const generation = memory.generation;
      const doc = await UserZone.findById(userId).select({ timeZone: 1 }).lean();
      const zone = doc && isValidTimeZone(doc.timeZone) ? doc.timeZone : DEFAULT_TIME_ZONE;
      // An event seen while the read was on its way may be newer than what the read found.
      if (memory.generation === generation) memory.set(userId, zone);
      return zone;
    },

    /**
     * An identity event seen by this instance (the fan-out every instance gets, not the durable consumer
     * shared between them): the zone it carries replaces the remembered one.
     */
    observe(event: EventEnvelope): void {
      remember(event);
    },

    /** Forgets every remembered zone: after NATS was away, events may have been missed. */
    forgetAll(): void {
      memory.clear();
    },

    /** Idempotent: applying the same event twice leaves the same document. */
    async apply(event: EventEnvelope): Promise<void> {
      if (isEventOf(EVENTS.userRegistered, event)) {
        const { userId, timeZone, username, displayName } = event.data;
        await UserZone.updateOne(
          { _id: userId },
          { $set: { timeZone, username, displayName } },
          { upsert: true },
        );
      } else if (isEventOf(EVENTS.userRenamed, event)) {
        const { userId, username, displayName, timeZone } = event.data;
        const zoneUpdate =
          timeZone && isValidTimeZone(timeZone)
            ? { $set: { username, displayName, timeZone } }
            : { $set: { username, displayName }, $setOnInsert: { timeZone: DEFAULT_TIME_ZONE } };
        await UserZone.updateOne({ _id: userId }, zoneUpdate, { upsert: true });
      }
      remember(event);
    },
  };
}

export type UserZones = ReturnType<typeof userZones>;
