import { type ChatRules, type ChatSanction, MODERATION_LIMITS } from '../schema/chat-moderation';

/**
 * The moderation rules a chat room applies to each send (issue 24 §1), as pure functions: the room
 * (`chat.ts`) gathers what they need (the creator's rules, the sender's sanction, last send and
 * follow) and refuses with the text these answer, so the same words reach the sender on every shard.
 */

/** What the room knows of a sender when it judges a send. */
export type SenderStanding = {
  /** The creator or one of their moderators: no room rule but a ban or timeout stops them. */
  privileged: boolean;
  sanction: ChatSanction | null;
  /** Their last accepted send in this room (epoch ms), for slow mode. */
  lastSentAt: number | null;
  /** When they followed the creator (epoch ms); null when they do not. */
  followedAt: number | null;
};

const MINUTE_MS = 60_000;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The refusal texts; a timeout's says how long is left, rounded up to the minute. */
export const MODERATION_TEXT = {
  banned: 'You are banned from this chat',
  timedOut: (leftMs: number) => `You are timed out for ${plural(Math.ceil(leftMs / MINUTE_MS), 'minute')}`,
  followersOnly: (minutes: number) =>
    minutes === 0
      ? 'Only followers can chat here'
      : `Only followers of ${plural(minutes, 'minute')} or more can chat here`,
  slowMode: (leftMs: number) => `Slow mode: wait ${plural(Math.ceil(leftMs / 1000), 'second')}`,
  links: 'Links are not allowed in this chat',
  blockedTerm: 'Your message contains a blocked term',
} as const;

/**
 * Case- and accent-insensitive form of a text: "CAFÉ" and "cafe" match. NFKD also folds
 * compatibility forms (full-width letters, ligatures) a sender might use to slip past a term.
 */
export const foldForMatching = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The first blocked term the text contains, or null. */
export const blockedTermIn = (text: string, terms: readonly string[]): string | null => {
  const folded = foldForMatching(text);
  return terms.find((term) => folded.includes(foldForMatching(term))) ?? null;
};

// A scheme, "www.", or a dotted name ending in a common top-level domain: what a viewer would click.
const LINK =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|gg|tv|me|co|xyz|app|dev|ly|be|to|link|info|live)\b/i;

export const containsLink = (text: string): boolean => LINK.test(foldForMatching(text));

/**
 * Whether `text` from a sender of this standing may be sent at `now` under `rules`: null when it
 * may, else the text of the refusal. Sanctions first (they hold for moderators too), then the rules
 * the creator and moderators are exempt from.
 */
export const judgeSend = (
  text: string,
  standing: SenderStanding,
  rules: ChatRules,
  now: number,
): string | null => {
  const { sanction } = standing;
  if (sanction?.kind === 'ban') return MODERATION_TEXT.banned;
  if (sanction?.kind === 'timeout' && sanction.until > now) {
    return MODERATION_TEXT.timedOut(sanction.until - now);
  }
  if (standing.privileged) return null;
  if (rules.followersOnlyMinutes !== null) {
    const followedFor = standing.followedAt === null ? -1 : now - standing.followedAt;
    if (followedFor < rules.followersOnlyMinutes * MINUTE_MS) {
      return MODERATION_TEXT.followersOnly(rules.followersOnlyMinutes);
    }
  }
  if (rules.slowModeSeconds > 0 && standing.lastSentAt !== null) {
    const left = standing.lastSentAt + rules.slowModeSeconds * 1000 - now;
    if (left > 0) return MODERATION_TEXT.slowMode(left);
  }
  if (!rules.linksAllowed && containsLink(text)) return MODERATION_TEXT.links;
  if (blockedTermIn(text, rules.blockedTerms) !== null) return MODERATION_TEXT.blockedTerm;
  return null;
};

/** A timeout's end for `minutes` from `now` (epoch ms). */
export const timeoutUntil = (now: number, minutes: number): number => now + minutes * MINUTE_MS;

/**
 * The last-send map after `userId` sent at `now`: theirs set, everyone's older than the longest
 * slow mode dropped (no rule could still need them), so the map holds only recent speakers.
 */
export const keepRecentSends = (
  lastSent: ReadonlyMap<string, number>,
  userId: string,
  now: number,
): Map<string, number> => {
  const horizon = now - MODERATION_LIMITS.slowModeMaxSeconds * 1000;
  const kept = new Map([...lastSent].filter(([, at]) => at > horizon));
  kept.set(userId, now);
  return kept;
};
