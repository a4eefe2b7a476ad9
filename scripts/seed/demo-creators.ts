import type { SocialLinks } from '../../schema/user';

/** A demo creator as written by hand; ids, times, addresses and avatars are derived at seed time. */
export type DemoCreator = {
  username: string;
  fullName: string;
  email: string;
  description: string;
  /** Must name a category and sub-category of the migration's `categories` rows. */
  category: string;
  subCategory: string;
  tags: string[];
  social: SocialLinks;
  /** Avatar colour. */
  hue: number;
  /** 0-1: how likely others are to follow, like and watch; gives the demo a believable spread. */
  popularity: number;
};

export const DEMO_CREATORS: readonly DemoCreator[] = [
  {
    username: 'nova_plays',
    fullName: 'Nova Reyes',
    email: 'nova.reyes@example.com',
    description: 'Radiant Jett main. Daily ranked grind, lineups and clutch breakdowns.',
    category: 'Gaming',
    subCategory: 'Valorant',
    tags: ['valorant', 'fps', 'ranked'],
    social: { twitch: 'https://twitch.tv/nova_plays', twitter: 'https://x.com/nova_plays' },
    hue: 340,
    popularity: 0.9,
  },
  {
    username: 'blockbyblock',
    fullName: 'Theo Lindqvist',
    email: 'theo@example.com',
    description: 'Survival builds, redstone contraptions and cosy Minecraft worlds, one block at a time.',
    category: 'Gaming',
    subCategory: 'Minecraft',
    tags: ['minecraft', 'redstone', 'building'],
    social: { youtube: 'https://youtube.com/@blockbyblock' },
    hue: 120,
    popularity: 0.7,
  },
  {
    username: 'lofi_lena',
    fullName: 'Lena Okafor',
    email: 'lena.okafor@example.com',
    description: 'Producing lo-fi beats to study and unwind to. New loop every week.',
    category: 'Music',
    subCategory: 'Lo-fi',
    tags: ['lofi', 'beats', 'chill'],
    social: { youtube: 'https://youtube.com/@lofilena', instagram: 'https://instagram.com/lofi_lena' },
    hue: 265,
    popularity: 0.8,
  },
  {
    username: 'beatsmith88',
    fullName: 'Marcus Bell',
    email: 'marcus.bell@example.com',
    description: 'Hip hop producer from Atlanta. Beat-making sessions and sample flips, start to finish.',
    category: 'Music',
    subCategory: 'Hip Hop',
    tags: ['hiphop', 'producer', 'samples'],
    social: { twitter: 'https://x.com/beatsmith88', website: 'https://beatsmith.example.com' },
    hue: 25,
    popularity: 0.55,
  },
  {
    username: 'code_with_priya',
    fullName: 'Priya Raman',
    email: 'priya@example.com',
    description: 'Software engineer teaching TypeScript, web performance and clean code in small bites.',
    category: 'Education',
    subCategory: 'Programming',
    tags: ['typescript', 'webdev', 'tutorials'],
    social: {
      youtube: 'https://youtube.com/@codewithpriya',
      github: 'https://github.com/codewithpriya',
      twitter: 'https://x.com/code_with_priya',
    },
    hue: 200,
    popularity: 0.75,
  },
  {
    username: 'history_hank',
    fullName: 'Hank Delgado',
    email: 'hank.delgado@example.com',
    description: 'Forgotten stories from history, told in ten minutes or less.',
    category: 'Education',
    subCategory: 'History',
    tags: ['history', 'storytelling'],
    social: { youtube: 'https://youtube.com/@historyhank' },
    hue: 45,
    popularity: 0.4,
  },
  {
    username: 'dailydani',
    fullName: 'Dani Moreau',
    email: 'dani.moreau@example.com',
    description: 'Vlogging small-city life, weekend plans and the occasional kitchen disaster.',
    category: 'Entertainment',
    subCategory: 'Vlogs',
    tags: ['vlog', 'daily', 'lifestyle'],
    social: { tiktok: 'https://tiktok.com/@dailydani', instagram: 'https://instagram.com/dailydani' },
    hue: 310,
    popularity: 0.6,
  },
  {
    username: 'hoops_diaries',
    fullName: 'Jalen Carter',
    email: 'jalen.carter@example.com',
    description: 'Pickup runs, shooting drills and honest takes on the league.',
    category: 'Sports',
    subCategory: 'Basketball',
    tags: ['basketball', 'training', 'nba'],
    social: { twitter: 'https://x.com/hoops_diaries', youtube: 'https://youtube.com/@hoopsdiaries' },
    hue: 15,
    popularity: 0.5,
  },
  {
    username: 'fitwithmaya',
    fullName: 'Maya Sato',
    email: 'maya.sato@example.com',
    description: 'Twenty-minute workouts you can do at home, plus mobility and recovery tips.',
    category: 'Sports',
    subCategory: 'Fitness',
    tags: ['fitness', 'workout', 'mobility'],
    social: { instagram: 'https://instagram.com/fitwithmaya', youtube: 'https://youtube.com/@fitwithmaya' },
    hue: 160,
    popularity: 0.65,
  },
  {
    username: 'chainlab_sam',
    fullName: 'Sam Whitaker',
    email: 'sam.whitaker@example.com',
    description: 'Building on Aptos in public: Move modules, wallets and on-chain games explained.',
    category: 'Technology',
    subCategory: 'Blockchain',
    tags: ['aptos', 'move', 'web3'],
    social: {
      twitter: 'https://x.com/chainlab_sam',
      github: 'https://github.com/chainlab-sam',
      discord: 'https://discord.gg/chainlab',
    },
    hue: 185,
    popularity: 0.45,
  },
  {
    username: 'gadget_gwen',
    fullName: 'Gwen Park',
    email: 'gwen.park@example.com',
    description: 'Hands-on gadget reviews without the hype: phones, keyboards and desk setups.',
    category: 'Technology',
    subCategory: 'Gadgets',
    tags: ['gadgets', 'reviews', 'setup'],
    social: { youtube: 'https://youtube.com/@gadgetgwen', twitter: 'https://x.com/gadget_gwen' },
    hue: 230,
    popularity: 0.7,
  },
  {
    username: 'wander_ali',
    fullName: 'Ali Haddad',
    email: 'ali.haddad@example.com',
    description: 'Slow travel on a budget: night trains, street food and quiet corners of big cities.',
    category: 'Lifestyle',
    subCategory: 'Travel',
    tags: ['travel', 'food', 'budget'],
    social: { instagram: 'https://instagram.com/wander_ali', twitch: 'https://twitch.tv/wander_ali' },
    hue: 90,
    popularity: 0.55,
  },
];
