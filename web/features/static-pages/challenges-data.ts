/**
 * The hard-coded demonstration content of /challenges (content spec §2.8, §9): nothing here is
 * read from or sent to the server.
 */

export type ChallengeStat = { value: string; label: string };

export const CHALLENGE_STATS: readonly ChallengeStat[] = [
  { value: '15', label: 'Active Challenges' },
  { value: '2.5K', label: 'Participants' },
  { value: '5K APT', label: 'Rewards' },
  { value: '89', label: 'Winners' },
];

export type Challenge = {
  id: string;
  title: string;
  description: string;
  /** In APT. */
  reward: number;
  participants: number;
  /** 'Ends in 3 days' or, once completed, who won. */
  timing: string;
  tags: string[];
  status: 'active' | 'completed';
};

export const FEATURED_CHALLENGE = {
  id: 'creator-cup',
  title: 'Reel Creator Cup',
  description:
    'Make the short that defines your vibe this season. The community votes, the top three split the prize pool and the winner takes the grand prize.',
  grandPrize: 1000,
  timing: 'Ends in 12 days',
} as const;

export const CHALLENGES: readonly Challenge[] = [
  {
    id: 'dance-loop',
    title: '15-Second Dance Loop',
    description: 'Choreograph a loop that plays forever without a visible cut.',
    reward: 250,
    participants: 842,
    timing: 'Ends in 3 days',
    tags: ['dance', 'shorts'],
    status: 'active',
  },
  {
    id: 'clutch-moment',
    title: 'Clutch Moment of the Week',
    description: 'Share your best 1vX clutch with commentary over the top.',
    reward: 150,
    participants: 530,
    timing: 'Ends in 5 days',
    tags: ['gaming', 'highlights'],
    status: 'active',
  },
  {
    id: 'street-food',
    title: 'Street Food in 60 Seconds',
    description: 'Film a local dish from the stall to the first bite.',
    reward: 100,
    participants: 311,
    timing: 'Ends in 9 days',
    tags: ['food', 'travel'],
    status: 'active',
  },
  {
    id: 'lofi-remix',
    title: 'Lo-fi Remix Battle',
    description: 'Flip the provided sample into a chill lo-fi loop.',
    reward: 200,
    participants: 415,
    timing: 'Won by @lofi_lena',
    tags: ['music', 'lofi'],
    status: 'completed',
  },
  {
    id: 'explain-blockchain',
    title: 'Explain Blockchain to a Kid',
    description: 'One minute, no jargon, one whiteboard.',
    reward: 120,
    participants: 268,
    timing: 'Won by @chainsplained',
    tags: ['education', 'blockchain'],
    status: 'completed',
  },
];
