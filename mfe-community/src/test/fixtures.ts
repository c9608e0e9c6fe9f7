import {
  roomTimerOf,
  type CommunityFeedItem,
  type Meetup,
  type Occurrence,
  type Post,
  type Quest,
  type RoomMember,
  type RoomState,
  type Session,
} from '@levelup/contracts';

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

export function memberFixture(overrides: Partial<RoomMember> = {}): RoomMember {
  return {
    userId: 'u1',
    displayName: 'Ada Lovelace',
    initials: 'AL',
    isHost: false,
    present: true,
    checkIn: null,
    checkOut: null,
    muted: false,
    isMe: false,
    ...overrides,
  };
}

/** A live 30-minute room that started five minutes ago, with its host (me) and one other member. */
export function roomFixture(overrides: Partial<RoomState> = {}): RoomState {
  const start = new Date(Date.now() - 5 * 60_000);
  return {
    sessionId: 's1',
    session: sessionFixture({ startTime: start.toISOString(), duration: 30, joinedByMe: true }),
    timer: roomTimerOf(start, 30),
    serverTime: new Date().toISOString(),
    seq: 3,
    members: [
      memberFixture({
        userId: 'me',
        displayName: 'Grace Hopper',
        initials: 'GH',
        isHost: true,
        isMe: true,
      }),
      memberFixture(),
    ],
    ...overrides,
  };
}

export function questFixture(overrides: Partial<Quest> = {}): Quest {
  return {
    id: 'q1',
    title: 'Write the report',
    description: '',
    difficulty: 'medium',
    xpReward: 50,
    timeEstimate: null,
    dueDate: null,
    scheduledTime: null,
    category: null,
    isRecurring: false,
    timeOfDay: 'anytime',
    isCompleted: false,
    completionType: 'not_completed',
    completedAt: null,
    createdAt: '2026-11-22T07:00:00.000Z',
    streak: 0,
    growthPath: null,
    tags: [],
    checklist: [],
    completeWhenChecklistDone: false,
    seriesId: null,
    ...overrides,
  };
}

/** Today's occurrence of a routine (a daily series), open. */
export function occurrenceFixture(overrides: Partial<Occurrence> = {}): Occurrence {
  const { id, title, description, difficulty, timeEstimate, category, timeOfDay } = questFixture();
  return {
    ...{ id, title, description, difficulty, timeEstimate, category, timeOfDay },
    id: 'o1',
    title: 'Meditate',
    seriesId: 's1',
    xpReward: 30,
    scheduledFor: new Date().toISOString().slice(0, 10),
    isCompleted: false,
    completionType: 'not_completed',
    progressNotes: null,
    partialXpEarned: 0,
    completedAt: null,
    hiddenFromDashboard: false,
    skipped: false,
    createdAt: '2026-11-22T07:00:00.000Z',
    checklist: [],
    completeWhenChecklistDone: false,
    ...overrides,
  };
}
