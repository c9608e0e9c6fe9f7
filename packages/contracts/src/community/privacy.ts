import { z } from 'zod';
import type { RoomCheckIn, RoomCheckOut } from './rooms.ts';

// ---------------------------------------------------------------------------------------------------
// Privacy of one's activity: what the community sees of a member's completions.

/** on: name, quest title and XP; titles_hidden: that they completed a quest, not which; off: nothing. */
export const SHARE_COMPLETIONS_CHOICES = ['on', 'titles_hidden', 'off'] as const;
export const shareCompletionsSchema = z.enum(SHARE_COMPLETIONS_CHOICES, {
  error: 'shareCompletions must be one of on, titles_hidden, off',
});
export type ShareCompletions = z.infer<typeof shareCompletionsSchema>;

/**
 * A new member's choice until they make one: the community sees that they completed something, never
 * what (a title such as "Call the dentist" says more than a member may want to tell).
 */
export const DEFAULT_SHARE_COMPLETIONS: ShareCompletions = 'titles_hidden';

export const SHARE_COMPLETIONS_LABEL = 'Share my completions with the community';
export const SHARE_COMPLETIONS_OPTION_LABELS: Record<ShareCompletions, string> = {
  on: 'On',
  titles_hidden: 'Titles hidden',
  off: 'Off',
};
export const SHARE_COMPLETIONS_OPTION_HELP: Record<ShareCompletions, string> = {
  on: 'Others see your name, the quest’s title and the XP in Community Achievements, and the quest you link in a room.',
  titles_hidden:
    'Others see that you completed a quest and the XP, never its title; a quest you link in a room shows without its title.',
  off: 'Your completions are not shown in Community Achievements; in a room others see only what you write, not your linked quest or how it went.',
};
/** What a feed row or a room shows in place of a hidden title. */
export const HIDDEN_QUEST_TITLE = 'Completed a quest';
export const HIDDEN_ROOM_QUEST = 'one of their quests (title hidden)';
/** Said where a new member signs up. */
export const SIGN_UP_PRIVACY_NOTE =
  'Your completions are shared with the community with their titles hidden. You can change this on your profile.';

/** GET and PUT /api/community/privacy. */
export const communityPrivacySchema = z.object({ shareCompletions: shareCompletionsSchema });
export type CommunityPrivacy = z.infer<typeof communityPrivacySchema>;

/** A member's choice, the default where they made none. */
export function shareCompletionsOf(choice: ShareCompletions | null | undefined): ShareCompletions {
  return choice ?? DEFAULT_SHARE_COMPLETIONS;
}

/**
 * A room check-in as another member sees it: the linked quest's title only when shared (with titles
 * hidden they see that a quest is linked), nothing of the quest when sharing is off. The line stays:
 * the member wrote it for the room.
 */
export function sharedCheckIn(checkIn: RoomCheckIn, share: ShareCompletions): RoomCheckIn {
  if (share === 'on' || !checkIn.questId) return checkIn;
  return {
    ...checkIn,
    questId: null,
    questTitle: null,
    ...(share === 'titles_hidden' ? { questHidden: true } : {}),
  };
}

/** A room check-out as another member sees it: how it went, unless sharing is off. */
export function sharedCheckOut(
  checkOut: RoomCheckOut,
  share: ShareCompletions,
): RoomCheckOut | null {
  return share === 'off' ? null : checkOut;
}
