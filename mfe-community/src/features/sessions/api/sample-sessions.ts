/** Body-doubling sessions are hard-coded sample data (goals-progression-community.md sections 3 and 9). */
export interface SampleSession {
  id: string;
  title: string;
  description: string;
  host: string;
  hostInitials: string;
  startTime: string;
  duration: number;
  maxParticipants: number;
  currentParticipants: number;
  category: 'focus' | 'organizing' | 'creative' | 'study';
  isActive: boolean;
}

export const categoryLabels = {
  focus: 'Deep Focus',
  organizing: 'Organizing',
  creative: 'Creative Work',
  study: 'Study Session',
} as const;

export const sampleSessions: SampleSession[] = [
  {
    id: 's1',
    title: 'Morning Focus Sprint',
    description: 'Cameras optional, goals shared at the start.',
    host: 'Alex Rivera',
    hostInitials: 'AR',
    startTime: 'Now',
    duration: 90,
    maxParticipants: 6,
    currentParticipants: 4,
    category: 'focus',
    isActive: true,
  },
  {
    id: 's2',
    title: 'Declutter Together',
    description: 'Tidy one space while others do the same.',
    host: 'Sam Lee',
    hostInitials: 'SL',
    startTime: 'Today, 2:00 PM',
    duration: 60,
    maxParticipants: 8,
    currentParticipants: 3,
    category: 'organizing',
    isActive: false,
  },
  {
    id: 's3',
    title: 'Creative Studio Hour',
    description: 'Bring a project you want to move forward.',
    host: 'Jordan Kim',
    hostInitials: 'JK',
    startTime: 'Tomorrow, 10:00 AM',
    duration: 120,
    maxParticipants: 5,
    currentParticipants: 2,
    category: 'creative',
    isActive: false,
  },
];
