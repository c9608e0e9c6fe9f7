import { ROOM_PRESENCE_TIMEOUT_MS, type SequencedRoomEvent } from '@levelup/contracts';
import type { Logger } from '@levelup/service-kit';
import type { MembersRepository } from '../members/repository.ts';
import type { SessionsRepository } from '../sessions/repository.ts';
import type { RoomsRepository } from './repository.ts';
import type { RoomHub } from './room-hub.ts';

/** What a sequenced event carries besides its number and time. */
export type EventBody = SequencedRoomEvent extends infer E
  ? E extends SequencedRoomEvent
    ? Omit<E, 'seq' | 'at'>
    : never
  : never;

export interface RoomsDeps {
  sessions: SessionsRepository;
  rooms: RoomsRepository;
  members: MembersRepository;
  hub: RoomHub;
  logger: Logger;
  clock?: () => Date;
}

/** What every part of the rooms service shares: its stores, the clock, presence's cutoff and `emit`. */
export interface RoomContext {
  sessions: SessionsRepository;
  rooms: RoomsRepository;
  members: MembersRepository;
  hub: RoomHub;
  logger: Logger;
  clock: () => Date;
  /** Connections pinged after this are present. */
  presentSince: () => Date;
  /** Numbers an event (or takes the number given), stores it and publishes it to every instance. */
  emit(sessionId: string, body: EventBody, seq?: number): Promise<void>;
}

export function roomContext(deps: RoomsDeps): RoomContext {
  const { sessions, rooms, members, hub, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const presentSince = () => new Date(clock().getTime() - ROOM_PRESENCE_TIMEOUT_MS);

  async function emit(sessionId: string, body: EventBody, seq?: number): Promise<void> {
    const number = seq ?? (await rooms.nextSeq(sessionId));
    const at = clock();
    const event = { ...body, seq: number, at: at.toISOString() } as SequencedRoomEvent;
    await rooms.saveEvent(sessionId, number, event as unknown as Record<string, unknown>, at);
    hub.publish(sessionId, event);
  }

  return { sessions, rooms, members, hub, logger, clock, presentSince, emit };
}
