import { API, shareCompletionsOf } from '@levelup/contracts';
import { dataExportRouter, type ExportCollection } from '@levelup/service-kit';
import type { CommunityModels } from './models.ts';

const has = (ids: unknown, userId: string) => Array.isArray(ids) && ids.includes(userId);
const count = (ids: unknown) => (Array.isArray(ids) ? ids.length : 0);

/**
 * Another member's display name, looked up once per export (null for a member svc-community no longer
 * knows): the export names other people, it never carries their ids.
 */
function namesOf(models: CommunityModels) {
  const names = new Map<string, Promise<string | null>>();
  return (userId: unknown): Promise<string | null> => {
    if (typeof userId !== 'string') return Promise.resolve(null);
    let name = names.get(userId);
    if (!name) {
      name = models.Member.findById(userId, { displayName: 1 })
        .lean()
        .exec()
        .then((member) => member?.displayName ?? null);
      names.set(userId, name);
    }
    return name;
  };
}

/**
 * Data export: the user's privacy choice (what the community sees of their completions, the default
 * when they made none), posts, likes, comments, reports, mutes and feed items, the sessions and
 * meetups they host or joined, their part in live rooms (check-ins and check-outs), the room reports
 * they made and their co-focus bonuses. It holds the user's own id and no other member's: who else
 * joined is theirs, not the user's (those rows say whether the user joined and how many did); a host,
 * a muted or a reported member appears by display name; keys made of two members' ids are replaced.
 */
export function communityDataExport(models: CommunityModels) {
  return dataExportRouter({
    operation: API.exportCommunityData,
    collections: (userId) => collectionsOf(models, userId),
  });
}

function collectionsOf(models: CommunityModels, userId: string) {
  const nameOf = namesOf(models);
  let mutes = 0;
  let roomReports = 0;
  return {
    posts: { model: models.Post, filter: { userId } },
    postLikes: { model: models.PostLike, filter: { userId } },
    comments: { model: models.Comment, filter: { userId } },
    reports: { model: models.Report, filter: { userId }, omit: ['postAuthorId'] },
    mutes: {
      model: models.Mute,
      filter: { userId },
      omit: ['mutedUserId'],
      map: async (row, doc) => ({
        ...row,
        id: `mute-${(mutes += 1)}`,
        muted: await nameOf(doc.mutedUserId),
      }),
    },
    privacy: {
      model: models.Member,
      filter: { _id: userId },
      omit: ['username', 'displayName'],
      map: (row) => ({
        ...row,
        shareCompletions: shareCompletionsOf(row.shareCompletions as never),
      }),
    },
    feedItems: { model: models.FeedEntry, filter: { userId, completedAt: { $ne: null } } },
    sessions: {
      model: models.Session,
      filter: { $or: [{ hostId: userId }, { participantIds: userId }, { reminderIds: userId }] },
      omit: ['hostId', 'participantIds', 'reminderIds', 'removedIds', 'quickMatchKey'],
      map: async (row, doc) => ({
        ...row,
        host: await nameOf(doc.hostId),
        hosting: doc.hostId === userId,
        joined: has(doc.participantIds, userId),
        reminder: has(doc.reminderIds, userId),
        participants: count(doc.participantIds),
      }),
    },
    roomMembers: { model: models.RoomMember, filter: { userId } },
    roomReports: {
      model: models.RoomReport,
      filter: { reporterId: userId },
      omit: ['userId'],
      map: async (row, doc) => ({
        ...row,
        id: `room-report-${(roomReports += 1)}`,
        reported: await nameOf(doc.userId),
      }),
    },
    coFocusAwards: { model: models.CoFocusAward, filter: { userId } },
    meetups: {
      model: models.Meetup,
      filter: { $or: [{ createdBy: userId }, { attendeeIds: userId }] },
      omit: ['attendeeIds', 'createdBy'],
      map: (row, doc) => ({
        ...row,
        hosting: doc.createdBy === userId,
        attending: has(doc.attendeeIds, userId),
        attendees: count(doc.attendeeIds),
      }),
    },
  } satisfies Record<string, ExportCollection>;
}
