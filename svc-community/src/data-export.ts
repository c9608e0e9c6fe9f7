import { API, shareCompletionsOf } from '@levelup/contracts';
import { dataExportRouter } from '@levelup/service-kit';
import type { CommunityModels } from './models.ts';

const has = (ids: unknown, userId: string) => Array.isArray(ids) && ids.includes(userId);
const count = (ids: unknown) => (Array.isArray(ids) ? ids.length : 0);

/**
 * Data export: the user's privacy choice (what the community sees of their completions, the default
 * when they made none), posts, likes, comments, reports, mutes and feed items, the sessions and
 * meetups they host or joined, their part in live rooms (check-ins and check-outs), the room reports
 * they made and their co-focus bonuses. Who else joined is theirs, not the user's:
 * those rows say whether the user joined and how many did.
 */
export function communityDataExport(models: CommunityModels) {
  return dataExportRouter({
    operation: API.exportCommunityData,
    collections: (userId) => ({
      posts: { model: models.Post, filter: { userId } },
      postLikes: { model: models.PostLike, filter: { userId } },
      comments: { model: models.Comment, filter: { userId } },
      reports: { model: models.Report, filter: { userId }, omit: ['postAuthorId'] },
      mutes: { model: models.Mute, filter: { userId } },
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
        omit: ['participantIds', 'reminderIds', 'removedIds', 'quickMatchKey'],
        map: (row, doc) => ({
          ...row,
          hosting: doc.hostId === userId,
          joined: has(doc.participantIds, userId),
          reminder: has(doc.reminderIds, userId),
          participants: count(doc.participantIds),
        }),
      },
      roomMembers: { model: models.RoomMember, filter: { userId } },
      roomReports: { model: models.RoomReport, filter: { reporterId: userId } },
      coFocusAwards: { model: models.CoFocusAward, filter: { userId } },
      meetups: {
        model: models.Meetup,
        filter: { $or: [{ createdBy: userId }, { attendeeIds: userId }] },
        omit: ['attendeeIds'],
        map: (row, doc) => ({
          ...row,
          attending: has(doc.attendeeIds, userId),
          attendees: count(doc.attendeeIds),
        }),
      },
    }),
  });
}
