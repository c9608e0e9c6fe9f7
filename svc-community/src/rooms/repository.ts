import type { CommunityModels } from '../models.ts';
import { presenceRepository } from './presence-repository.ts';
import { roomEventsRepository } from './room-events-repository.ts';
import { roomMembersRepository } from './room-members-repository.ts';
import { coFocusAwardsRepository, roomReportsRepository } from './reports-and-awards-repository.ts';

/**
 * Rooms' members, presence, sequenced events and counters, reports and co-focus awards: one store per
 * collection, composed here.
 */
export function roomsRepository(
  models: Pick<
    CommunityModels,
    'RoomMember' | 'Presence' | 'RoomEvent' | 'RoomCounter' | 'CoFocusAward' | 'RoomReport'
  >,
) {
  return {
    ...roomMembersRepository(models),
    ...presenceRepository(models),
    ...roomEventsRepository(models),
    ...roomReportsRepository(models),
    ...coFocusAwardsRepository(models),
  };
}
export type RoomsRepository = ReturnType<typeof roomsRepository>;
