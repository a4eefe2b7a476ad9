import { describe, expect, it } from 'vitest';
import type { Video } from '../../../schema/content';
import {
  FETCH_AHEAD_COUNT,
  fetchAheadBlocked,
  keptFirst,
  nextToFetch,
  shortsAhead,
} from '../../../web/features/shorts/fetch-ahead-policy';

const short = (id: string, isPublic = true): Video => ({
  id,
  type: 'short',
  title: id,
  description: '',
  userId: 'creator',
  creator: 'c',
  creatorAvatar: '',
  creatorFullName: 'C',
  creatorFollowers: 0,
  tags: [],
  likes: 0,
  comments: 0,
  shares: 0,
  bookmarks: 0,
  views: 0,
  videoUrl: `/media/videos/${id}.mp4`,
  thumbnail: '',
  thumbnails: [],
  captionsUrl: null,
  duration: 8,
  width: 360,
  height: 640,
  isPublic,
  createdAt: '2026-01-01T00:00:00.000Z',
  uploadDate: '2026-01-01T00:00:00.000Z',
});
const feed = (length: number) => Array.from({ length }, (_, i) => short(`s${i}`));
const ids = (videos: readonly Video[]) => videos.map((video) => video.id);
const allowed = { online: true, visible: true, connection: undefined };

describe('fetchAheadBlocked', () => {
  it('lets a visible page on an unmetered connection fetch ahead (also where the browser has no Network Information API)', () => {
    expect(fetchAheadBlocked(allowed)).toBeNull();
    expect(fetchAheadBlocked({ ...allowed, connection: { type: 'wifi', effectiveType: '4g' } })).toBeNull();
  });

  it('fetches nothing when the user asked to save data', () => {
    expect(fetchAheadBlocked({ ...allowed, connection: { saveData: true, type: 'wifi' } })).toBe('save-data');
  });

  it('fetches nothing on a metered connection: cellular, or a 2G-class link', () => {
    expect(fetchAheadBlocked({ ...allowed, connection: { type: 'cellular', effectiveType: '4g' } })).toBe(
      'metered',
    );
    expect(fetchAheadBlocked({ ...allowed, connection: { effectiveType: '2g' } })).toBe('metered');
    expect(fetchAheadBlocked({ ...allowed, connection: { effectiveType: 'slow-2g' } })).toBe('metered');
    expect(fetchAheadBlocked({ ...allowed, connection: { effectiveType: '3g' } })).toBeNull();
  });

  it('fetches nothing offline or in a hidden tab', () => {
    expect(fetchAheadBlocked({ ...allowed, online: false })).toBe('offline');
    expect(fetchAheadBlocked({ ...allowed, visible: false })).toBe('hidden');
  });
});

describe('shortsAhead', () => {
  it('answers the 10 shorts after the current one on /reels, nearest first', () => {
    expect(ids(shortsAhead(feed(30), 4, FETCH_AHEAD_COUNT, false))).toEqual([
      's5',
      's6',
      's7',
      's8',
      's9',
      's10',
      's11',
      's12',
      's13',
      's14',
    ]);
  });

  it('stops at the end of /reels and wraps round /s/ without the current short or repeats', () => {
    expect(ids(shortsAhead(feed(5), 3, FETCH_AHEAD_COUNT, false))).toEqual(['s4']);
    expect(ids(shortsAhead(feed(5), 3, FETCH_AHEAD_COUNT, true))).toEqual(['s4', 's0', 's1', 's2']);
    expect(ids(shortsAhead(feed(1), 0, FETCH_AHEAD_COUNT, true))).toEqual([]);
  });
});

describe('nextToFetch', () => {
  it('picks the nearest short ahead not kept yet, never a private one or one that failed', () => {
    const ahead = [short('a'), short('b'), short('c', false), short('d'), short('e')];
    expect(nextToFetch(ahead, new Set(), new Set())?.id).toBe('a');
    expect(nextToFetch(ahead, new Set(['a', 'b']), new Set())?.id).toBe('d');
    expect(nextToFetch(ahead, new Set(['a', 'b']), new Set(['d']))?.id).toBe('e');
    expect(nextToFetch(ahead, new Set(['a', 'b', 'd', 'e']), new Set())).toBeUndefined();
  });
});

describe('keptFirst', () => {
  it('puts the kept shorts first in feed order, then the rest in feed order', () => {
    expect(ids(keptFirst(feed(6), new Set(['s4', 's1', 's5'])))).toEqual([
      's1',
      's4',
      's5',
      's0',
      's2',
      's3',
    ]);
  });
});
