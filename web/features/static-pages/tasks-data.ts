import type { Task } from '../../../schema/content';

/** The hard-coded sample tasks of /list_task (content spec §2.9); display only. */
export const SAMPLE_TASKS: readonly Task[] = [
  {
    id: 1,
    title: 'Review the new Reel mobile app in a 3-minute video',
    summary:
      'Record an honest walkthrough of the Reel PWA on your phone: sign-in, the shorts feed and tipping. Post it to your channel with the #ReelApp tag.',
    assigner: 'Reel Studio',
    reward: 50000,
    status: 'available',
    category: 'Video',
  },
  {
    id: 2,
    title: 'Write a beginner guide to creator tips on Aptos',
    summary:
      'An article of 800-1200 words explaining how viewers tip creators with REEL, how withdrawals reach an Aptos wallet, and what the fees are.',
    assigner: 'Aptos Creators Guild',
    reward: 70000,
    status: 'accepted',
    category: 'Article',
  },
  {
    id: 3,
    title: 'Share the Vibe Challenges trailer',
    summary:
      'Share the official Vibe Challenges trailer on two social platforms of your choice and link the posts in your profile.',
    assigner: 'Reel Community',
    reward: 30000,
    status: 'completed',
    category: 'Share',
  },
];
