import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Video } from '../../../schema/content';
import { applyEditToQueries, editedAnswer, withEditedVideo } from '../../../web/features/studio/apply-edit';

const video = (id: string, extra: Partial<Video> = {}): Video => ({
  id,
  type: 'video',
  title: `Title ${id}`,
  description: '',
  userId: 'me',
  creator: 'me',
  creatorAvatar: '',
  creatorFullName: 'Me',
  creatorFollowers: 0,
  tags: [],
  likes: 1,
  comments: 0,
  shares: 0,
  bookmarks: 0,
  views: 5,
  videoUrl: `/media/videos/${id}.mp4`,
  thumbnail: `/media/thumbs/${id}.jpg`,
  thumbnails: [],
  captionsUrl: null,
  duration: 40,
  width: 320,
  height: 180,
  isPublic: true,
  createdAt: '2026-11-27T00:00:00.000Z',
  uploadDate: '2026-11-27T00:00:00.000Z',
  ...extra,
});

const edited = video('e', {
  title: 'Fixed',
  tags: ['rain'],
  thumbnail: '/media/images/new.jpg',
  thumbnails: [{ url: '/media/images/new-320.webp', width: 320 }],
  // The answer's counters may be newer or older than a list's: the edit does not touch them.
  views: 99,
});

describe('withEditedVideo', () => {
  it('writes the edited fields into a list, a page and an infinite query, keeping each counter', () => {
    const list = [video('a'), video('e')];
    expect(withEditedVideo(list, edited)).toEqual([
      video('a'),
      video('e', {
        title: 'Fixed',
        tags: ['rain'],
        thumbnail: edited.thumbnail,
        thumbnails: edited.thumbnails,
      }),
    ]);
    const pages = { pages: [{ items: [video('e')], total: 1 }], pageParams: [0] };
    const next = withEditedVideo(pages, edited) as typeof pages;
    expect(next.pages[0]?.items[0]).toMatchObject({ title: 'Fixed', views: 5 });
  });

  it('answers the same object when nothing holds the video', () => {
    const list = [video('a')];
    expect(withEditedVideo(list, edited)).toBe(list);
  });
});

describe('applyEditToQueries', () => {
  it('shows the new title in the studio, the watch page and the feeds at once', () => {
    const client = new QueryClient();
    client.setQueryData(['videos', 'detail', 'e'], video('e'));
    client.setQueryData(['videos', 'latest', { limit: 15 }], [video('e')]);
    client.setQueryData(['studio', 'video', 'me'], [video('e')]);
    applyEditToQueries(client, edited);
    expect(client.getQueryData<Video>(['videos', 'detail', 'e'])?.title).toBe('Fixed');
    expect(client.getQueryData<Video[]>(['videos', 'latest', { limit: 15 }])?.[0]?.thumbnail).toBe(
      '/media/images/new.jpg',
    );
    expect(client.getQueryData<Video[]>(['studio', 'video', 'me'])?.[0]?.title).toBe('Fixed');
  });

  it('takes a video made private out of the public feeds', () => {
    const client = new QueryClient();
    client.setQueryData(['videos', 'latest', { limit: 15 }], [video('a'), video('e')]);
    applyEditToQueries(client, { ...edited, isPublic: false });
    expect(client.getQueryData<Video[]>(['videos', 'latest', { limit: 15 }])?.map((v) => v.id)).toEqual([
      'a',
    ]);
  });
});

describe('editedAnswer', () => {
  it("rewrites a saved answer's record and lists with the edit", () => {
    const own = { data: video('e') };
    expect((editedAnswer(own, edited) as typeof own).data.title).toBe('Fixed');
    const page = { data: { items: [video('a'), video('e')], total: 2 } };
    expect((editedAnswer(page, edited) as typeof page).data.items.map((v) => v.title)).toEqual([
      'Title a',
      'Fixed',
    ]);
  });

  it('drops the own answer of a video made private and takes it out of lists', () => {
    const hidden = { ...edited, isPublic: false };
    expect(editedAnswer({ data: video('e') }, hidden)).toBeNull();
    const page = { data: { items: [video('a'), video('e')], total: 2 } };
    expect(editedAnswer(page, hidden)).toEqual({ data: { items: [video('a')], total: 1 } });
  });
});
