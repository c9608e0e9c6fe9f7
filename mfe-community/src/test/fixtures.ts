import type { CommunityFeedItem, Meetup, Post, Session } from '@levelup/contracts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function postFixture(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    content: 'Finished my first week!',
    type: 'win',
    likes: 0,
    createdAt: minutesAgo(5),
    author: { displayName: 'Ada Lovelace' },
    likedByMe: false,
    commentCount: 0,
    isMine: false,
    ...overrides,
  };
}

export function feedItemFixture(overrides: Partial<CommunityFeedItem> = {}): CommunityFeedItem {
  return {
    id: 'f1',
    user: { displayName: 'Grace Hopper', username: 'grace' },
    questTitle: 'Deep work block',
    questDifficulty: 'hard',
    xpEarned: 100,
    completedAt: minutesAgo(120),
    ...overrides,
  };
}

export function sessionFixture(overrides: Partial<Session> = {}): Session {
  return {
    id: 's1',
    title: 'Morning Focus Sprint',
    description: 'Cameras optional',
    host: 'Alex Rivera',
    hostInitials: 'AR',
    startTime: minutesAgo(5),
    duration: 90,
    maxParticipants: 6,
    currentParticipants: 2,
    category: 'focus',
    isActive: true,
    isHost: false,
    joinedByMe: false,
    remindedByMe: false,
    ...overrides,
  };
}

export function meetupFixture(overrides: Partial<Meetup> = {}): Meetup {
  return {
    id: 'm1',
    title: 'Weekly Check-in',
    theme: 'Wins and next steps',
    description: 'Share a win.',
    date: 'Tue, Nov 24',
    time: '7:00 PM',
    platform: 'Discord',
    estimatedAttendees: 3,
    type: 'check-in',
    isUpcoming: true,
    attendingByMe: false,
    recordingUrl: null,
    ...overrides,
  };
}
