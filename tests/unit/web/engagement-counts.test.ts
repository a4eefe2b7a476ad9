import { describe, expect, it } from 'vitest';
import type { CommentThread } from '../../../schema/engagement';
import { withoutComment } from '../../../web/features/engagement/cache';
import { clampCount, effectiveToggle, toggledCount } from '../../../web/features/engagement/counts';

describe('effectiveToggle', () => {
  it("shows the server's state when nothing is pending", () => {
    expect(effectiveToggle(true, [])).toBe(true);
    expect(effectiveToggle(false, [])).toBe(false);
  });

  it('shows the latest pending change', () => {
    expect(effectiveToggle(false, [true])).toBe(true);
    expect(effectiveToggle(false, [true, false])).toBe(false);
  });
});

describe('toggledCount', () => {
  it('adds one for a pending like and removes one for a pending unlike', () => {
    expect(toggledCount(10, false, true)).toBe(11);
    expect(toggledCount(10, true, false)).toBe(9);
    expect(toggledCount(10, true, true)).toBe(10);
  });

  it('never goes below 0', () => {
    expect(toggledCount(0, true, false)).toBe(0);
    expect(clampCount(-3)).toBe(0);
  });
});

const thread = (id: string, replies: CommentThread[] = []): CommentThread => ({
  comment: {
    id,
    videoId: 'v1',
    userId: 'u1',
    parentId: null,
    content: id,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: null,
  },
  user: { username: 'u', fullName: 'U', avatar: '' },
  replies,
});

describe('withoutComment', () => {
  it('removes a deleted comment with its replies, wherever it sits', () => {
    const threads = [thread('a', [thread('b', [thread('c')])]), thread('d')];
    expect(withoutComment(threads, 'a').map((t) => t.comment.id)).toEqual(['d']);
    const nested = withoutComment(threads, 'b');
    expect(nested[0]?.replies).toEqual([]);
  });
});
