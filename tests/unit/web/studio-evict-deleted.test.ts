import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { evictFromQueries, withoutVideo } from '../../../web/features/studio/evict-deleted';

const video = (id: string) => ({ id, type: 'video', title: id, videoUrl: `/media/videos/${id}.mp4` });

describe('withoutVideo', () => {
  it('takes the video out of a list and leaves the others in order', () => {
    expect(withoutVideo([video('a'), video('gone'), video('b')], 'gone')).toEqual([video('a'), video('b')]);
  });

  it('takes it out of a page and counts one fewer in its total', () => {
    const page = { items: [video('gone'), video('b')], total: 9, limit: 20, offset: 0, hasMore: false };
    expect(withoutVideo(page, 'gone')).toEqual({ ...page, items: [video('b')], total: 8 });
  });

  it('takes it out of every page of an infinite query', () => {
    const data = {
      pages: [
        { items: [video('a')], total: 3 },
        { items: [video('gone')], total: 3 },
      ],
      pageParams: [0, 1],
    };
    expect(withoutVideo(data, 'gone')).toEqual({
      pages: [
        { items: [video('a')], total: 3 },
        { items: [], total: 2 },
      ],
      pageParams: [0, 1],
    });
  });

  it('answers the same object when nothing lists it, and never drops a non-video with that id', () => {
    const list = [video('a')];
    expect(withoutVideo(list, 'gone')).toBe(list);
    const comment = [{ id: 'gone', content: 'a comment that shares the id' }];
    expect(withoutVideo(comment, 'gone')).toBe(comment);
  });
});

describe('evictFromQueries', () => {
  it('drops the video’s own queries and takes it out of every list, keeping the rest', () => {
    const client = new QueryClient();
    client.setQueryData(['videos', 'detail', 'gone'], video('gone'));
    client.setQueryData(['views', 'stats', 'videos', 'gone'], { totalViews: 3 });
    client.setQueryData(['videos', 'latest', { limit: 15 }], [video('gone'), video('b')]);
    client.setQueryData(['studio', 'video', 'me'], [video('gone')]);
    client.setQueryData(['videos', 'detail', 'b'], video('b'));

    evictFromQueries(client, 'gone');

    expect(client.getQueryData(['videos', 'detail', 'gone'])).toBeUndefined();
    expect(client.getQueryData(['views', 'stats', 'videos', 'gone'])).toBeUndefined();
    expect(client.getQueryData(['videos', 'latest', { limit: 15 }])).toEqual([video('b')]);
    expect(client.getQueryData(['studio', 'video', 'me'])).toEqual([]);
    expect(client.getQueryData(['videos', 'detail', 'b'])).toEqual(video('b'));
  });
});
