import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ShortsPage, Video } from '../../../schema/content';
import { patchCachedVideos } from '../../../web/features/engagement/cache';

const video = (id: string, userId = 'creator'): Video => ({
  id,
  type: 'short',
  title: id,
  description: '',
  userId,
  creator: 'c',
  creatorAvatar: '',
  creatorFullName: 'C',
  creatorFollowers: 3,
  tags: [],
  likes: 1,
  comments: 0,
  shares: 0,
  bookmarks: 0,
  views: 0,
  videoUrl: '',
  thumbnail: '',
  thumbnails: [],
  captionsUrl: null,
  duration: 10,
  width: 720,
  height: 1280,
  isPublic: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  uploadDate: '2026-01-01T00:00:00.000Z',
});

describe('patchCachedVideos', () => {
  it("puts the server's count into every cached copy: lists, pages, infinite feeds, single items", () => {
    const client = new QueryClient();
    const page: ShortsPage = {
      items: [video('a'), video('b')],
      total: 2,
      limit: 20,
      offset: 0,
      hasMore: false,
    };
    client.setQueryData(['shorts', 'all'], [video('a'), video('b')]);
    client.setQueryData(['shorts', 'page'], page);
    client.setQueryData(['shorts', 'feed'], { pages: [page], pageParams: [0] });
    client.setQueryData(['videos', 'detail', 'a'], video('a'));

    patchCachedVideos(
      client,
      (v) => v.id === 'a',
      () => ({ likes: 7 }),
    );

    expect(client.getQueryData<Video[]>(['shorts', 'all'])?.map((v) => v.likes)).toEqual([7, 1]);
    expect(client.getQueryData<ShortsPage>(['shorts', 'page'])?.items[0]?.likes).toBe(7);
    const feed = client.getQueryData<{ pages: ShortsPage[] }>(['shorts', 'feed']);
    expect(feed?.pages[0]?.items.map((v) => v.likes)).toEqual([7, 1]);
    expect(client.getQueryData<Video>(['videos', 'detail', 'a'])?.likes).toBe(7);
  });

  it('keeps untouched data as it was', () => {
    const client = new QueryClient();
    const list = [video('a')];
    client.setQueryData(['shorts', 'all'], list);
    patchCachedVideos(
      client,
      (v) => v.id === 'zzz',
      () => ({ likes: 9 }),
    );
    expect(client.getQueryData(['shorts', 'all'])).toBe(list);
  });

  it("updates a creator's follower count on all of their videos", () => {
    const client = new QueryClient();
    client.setQueryData(['videos', 'latest'], [video('a', 'x'), video('b', 'y')]);
    patchCachedVideos(
      client,
      (v) => v.userId === 'x',
      () => ({ creatorFollowers: 4 }),
    );
    const list = client.getQueryData<Video[]>(['videos', 'latest']);
    expect(list?.map((v) => v.creatorFollowers)).toEqual([4, 3]);
  });
});
