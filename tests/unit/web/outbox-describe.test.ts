import { describe, expect, it } from 'vitest';
import { engagementKeys } from '../../../web/features/engagement/keys';
import { describeQueued, waitingStatus } from '../../../web/features/outbox/describe';

const lookup = { videoTitle: () => 'Sunrise over Lisbon', username: () => 'nova' };
const comment = {
  kind: 'videos' as const,
  videoId: 'v1',
  userId: 'u1',
  content: 'Written on the underground',
  tempId: 'temp-1',
  createdAt: '2026-11-24T05:00:00.000Z',
  author: { username: 'fan', fullName: 'Fan', avatar: '' },
};

describe('the waiting-to-send list words each queued action', () => {
  it('quotes a comment, and says Reply for a reply', () => {
    expect(describeQueued(engagementKeys.addComment, comment, lookup)).toBe(
      'Comment · “Written on the underground”',
    );
    expect(describeQueued(engagementKeys.addComment, { ...comment, parentId: 'c1' }, lookup)).toBe(
      'Reply · “Written on the underground”',
    );
  });

  it('names the video of a like and the person of a follow', () => {
    expect(
      describeQueued(engagementKeys.like, { kind: 'videos', id: 'v1', userId: 'u1', on: true }, lookup),
    ).toBe('Like · Sunrise over Lisbon');
    expect(
      describeQueued(engagementKeys.follow, { followerId: 'u1', followingId: 'u2', on: true }, lookup),
    ).toBe('Follow · @nova');
  });
});

describe('each queued action says why it waits', () => {
  it('waits for a connection while the browser is offline, paused or not yet paused', () => {
    expect(waitingStatus(true, false)).toBe('Waiting for a connection');
    expect(waitingStatus(false, false)).toBe('Waiting for a connection');
  });

  it('is sending when online and still paused: restored by a reload, before the queue starts', () => {
    expect(waitingStatus(true, true)).toBe('Sending');
  });

  it('is being tried again when online and its calls got no answer', () => {
    expect(waitingStatus(false, true)).toBe('No answer yet, trying again');
  });
});
