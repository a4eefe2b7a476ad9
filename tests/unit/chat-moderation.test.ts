import { describe, expect, it } from 'vitest';
import {
  blockedTermIn,
  containsLink,
  judgeSend,
  MODERATION_TEXT,
  type SenderStanding,
  timeoutUntil,
} from '../../party/moderation';
import { type ChatRules, ChatRulesSchema, DEFAULT_CHAT_RULES } from '../../schema/chat-moderation';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const MINUTE = 60_000;
const viewer: SenderStanding = { privileged: false, sanction: null, lastSentAt: null, followedAt: null };
const rules = (changes: Partial<ChatRules> = {}): ChatRules => ({ ...DEFAULT_CHAT_RULES, ...changes });

describe('chat moderation rules', () => {
  it('lets an ordinary message through the default rules', () => {
    expect(judgeSend('hello there', viewer, rules(), NOW)).toBeNull();
  });

  it('refuses a banned user, creator-appointed moderators included, until the ban is lifted', () => {
    const banned = { ...viewer, sanction: { kind: 'ban' as const } };
    expect(judgeSend('hi', banned, rules(), NOW)).toBe('You are banned from this chat');
    expect(judgeSend('hi', { ...banned, privileged: true }, rules(), NOW)).toBe(MODERATION_TEXT.banned);
  });

  it('says how long a timeout has left, rounded up to the minute, and lets the user back after it', () => {
    const timedOut = (until: number) => ({ ...viewer, sanction: { kind: 'timeout' as const, until } });
    const tenMinutes = timeoutUntil(NOW, 10);
    expect(judgeSend('hi', timedOut(tenMinutes), rules(), NOW + 30_000)).toBe(
      'You are timed out for 10 minutes',
    );
    expect(judgeSend('hi', timedOut(tenMinutes), rules(), NOW + MINUTE + 1)).toBe(
      'You are timed out for 9 minutes',
    );
    expect(judgeSend('hi', timedOut(tenMinutes), rules(), tenMinutes - 1)).toBe(
      'You are timed out for 1 minute',
    );
    expect(judgeSend('hi', timedOut(tenMinutes), rules(), tenMinutes)).toBeNull();
  });

  it('keeps followers-only chat to followers of at least M minutes, M = 0 meaning any follower', () => {
    const following = (minutesAgo: number) => ({ ...viewer, followedAt: NOW - minutesAgo * MINUTE });
    expect(judgeSend('hi', viewer, rules({ followersOnlyMinutes: 0 }), NOW)).toBe(
      'Only followers can chat here',
    );
    expect(judgeSend('hi', following(0), rules({ followersOnlyMinutes: 0 }), NOW)).toBeNull();
    expect(judgeSend('hi', following(9), rules({ followersOnlyMinutes: 10 }), NOW)).toBe(
      'Only followers of 10 minutes or more can chat here',
    );
    expect(judgeSend('hi', following(10), rules({ followersOnlyMinutes: 10 }), NOW)).toBeNull();
  });

  it('allows one message per N seconds in slow mode and says how long to wait', () => {
    const sentAgo = (ms: number) => ({ ...viewer, lastSentAt: NOW - ms });
    expect(judgeSend('hi', sentAgo(2_500), rules({ slowModeSeconds: 30 }), NOW)).toBe(
      'Slow mode: wait 28 seconds',
    );
    expect(judgeSend('hi', sentAgo(29_500), rules({ slowModeSeconds: 30 }), NOW)).toBe(
      'Slow mode: wait 1 second',
    );
    expect(judgeSend('hi', sentAgo(30_000), rules({ slowModeSeconds: 30 }), NOW)).toBeNull();
    expect(judgeSend('hi', sentAgo(1), rules(), NOW)).toBeNull();
  });

  it('refuses links unless the creator allows them', () => {
    for (const text of ['see https://spam.example', 'go to www.spam.biz now', 'free coins at spam.com']) {
      expect(containsLink(text)).toBe(true);
      expect(judgeSend(text, viewer, rules(), NOW)).toBe('Links are not allowed in this chat');
      expect(judgeSend(text, viewer, rules({ linksAllowed: true }), NOW)).toBeNull();
    }
    for (const text of ['good stream.', 'version 2.0 is out', 'e.g. this one', 'ok...nice']) {
      expect(containsLink(text)).toBe(false);
    }
  });

  it('matches blocked terms whatever their case and accents', () => {
    const terms = ['Café', 'spoiler'];
    expect(blockedTermIn('best CAFE in town', terms)).toBe('Café');
    expect(blockedTermIn('no SPOÏLER please', terms)).toBe('spoiler');
    expect(blockedTermIn('ｓｐｏｉｌｅｒ in full width', terms)).toBe('spoiler');
    expect(blockedTermIn('nothing to see', terms)).toBeNull();
    expect(judgeSend('cafe!', viewer, rules({ blockedTerms: terms }), NOW)).toBe(
      'Your message contains a blocked term',
    );
  });

  it('exempts the creator and moderators from the room rules, not from sanctions', () => {
    const strict = rules({
      slowModeSeconds: 60,
      followersOnlyMinutes: 60,
      blockedTerms: ['spoiler'],
      linksAllowed: false,
    });
    const moderator = { ...viewer, privileged: true, lastSentAt: NOW - 1 };
    expect(judgeSend('spoiler at spam.com', moderator, strict, NOW)).toBeNull();
    expect(judgeSend('spoiler at spam.com', { ...moderator, privileged: false }, strict, NOW)).not.toBeNull();
  });

  it('accepts only bounded rules', () => {
    expect(ChatRulesSchema.safeParse(rules({ slowModeSeconds: 601 })).success).toBe(false);
    expect(ChatRulesSchema.safeParse(rules({ followersOnlyMinutes: -1 })).success).toBe(false);
    expect(ChatRulesSchema.safeParse(rules({ blockedTerms: ['  '] })).success).toBe(false);
    expect(ChatRulesSchema.safeParse(rules({ blockedTerms: Array(101).fill('x') })).success).toBe(false);
    expect(ChatRulesSchema.parse(rules({ blockedTerms: [' spoiler '] })).blockedTerms).toEqual(['spoiler']);
  });
});
