import { DEFAULT_CATEGORY, FALLBACK_SUB_CATEGORY } from '../../schema/constants';
import type { Category } from '../../schema/user';
import { makeAvatarSvg } from './avatars';
import { BASE_TIME, DAY_MS, idAt, iso, timeBetween } from './clock';
import type { DemoCreator } from './demo-creators';
import { demoAddress } from './demo-keys';
import { contentAddressed, type MediaObject, mediaUrl } from './media';
import type { Random } from './random';
import type { FollowRow, UserRow } from './rows';

/** A seeded user with the bits of its demo definition the other generators need. */
export type Creator = { row: UserRow; popularity: number; joinedAt: number };

/**
 * Keeps a creator inside the category tree the migration inserted: the wizard only offers those,
 * so a typo in the demo data must not invent a category the UI cannot show.
 */
function resolveCategory(categories: readonly Category[], wanted: DemoCreator): [string, string] {
  const category =
    categories.find((c) => c.name === wanted.category) ?? categories.find((c) => c.name === DEFAULT_CATEGORY);
  if (!category) throw new Error(`Category '${wanted.category}' is not in the categories table`);
  if (category.name !== wanted.category) {
    console.warn(`seed: ${wanted.username}: unknown category '${wanted.category}', using '${category.name}'`);
  }
  const sub = category.subCategories.includes(wanted.subCategory)
    ? wanted.subCategory
    : (category.subCategories[0] ?? FALLBACK_SUB_CATEGORY);
  return [category.name, sub];
}

/**
 * Users with avatars (made here, uploaded by the caller) and join dates 2-11 months before
 * BASE_TIME. Every other creator gets a banner from one of the landscape posters.
 */
export function buildCreators(
  random: Random,
  demo: readonly DemoCreator[],
  categories: readonly Category[],
  bannerKeys: readonly string[],
): { creators: Creator[]; avatars: MediaObject[] } {
  const avatars: MediaObject[] = [];
  const creators = demo.map((d, i): Creator => {
    const joinedAt = timeBetween(random, BASE_TIME - 330 * DAY_MS, BASE_TIME - 60 * DAY_MS);
    const avatar = contentAddressed(
      'avatars',
      'svg',
      new TextEncoder().encode(makeAvatarSvg(d.fullName, d.hue)),
      'image/svg+xml',
    );
    avatars.push(avatar);
    const [category, subCategory] = resolveCategory(categories, d);
    const bannerKey =
      bannerKeys.length > 0 && i % 2 === 0 ? bannerKeys[(i / 2) % bannerKeys.length] : undefined;
    const row: UserRow = {
      id: idAt(random, joinedAt),
      username: d.username,
      fullName: d.fullName,
      email: d.email,
      description: d.description,
      avatar: mediaUrl(avatar.key),
      banner: bannerKey ? mediaUrl(bannerKey) : '',
      aptosAddress: demoAddress(d.username),
      category,
      subCategory,
      tags: d.tags,
      social: { ...d.social },
      followers: 0,
      following: 0,
      createdAt: iso(joinedAt),
    };
    return { row, popularity: d.popularity, joinedAt };
  });
  return { creators, avatars };
}

/**
 * Follows between creators: each gets a follower count in line with its popularity (give or take
 * one, so the ranking is believable but not mechanical), never a follow of oneself, each dated
 * after both accounts existed.
 */
export function buildFollows(random: Random, creators: readonly Creator[]): FollowRow[] {
  const follows: FollowRow[] = [];
  for (const followed of creators) {
    const others = creators.filter((c) => c !== followed);
    const target = Math.round(followed.popularity * others.length) + random.int(-1, 1);
    const count = Math.min(others.length, Math.max(1, target));
    for (const follower of random.sample(others, count)) {
      const from = Math.max(follower.joinedAt, followed.joinedAt);
      follows.push({
        followerId: follower.row.id,
        followingId: followed.row.id,
        createdAt: iso(timeBetween(random, from, BASE_TIME)),
      });
    }
  }
  return follows;
}
