import { describe, expect, it } from 'vitest';
import { accountNameOf, youtubeChannelOf } from '../../worker/ports/adapters/social-stats-handle';

describe('accountNameOf', () => {
  it('takes the name from links, @handles and bare names', () => {
    expect(accountNameOf('https://x.com/reel_app')).toBe('reel_app');
    expect(accountNameOf('twitter.com/reel_app/')).toBe('reel_app');
    expect(accountNameOf('https://www.tiktok.com/@reel.app?lang=en')).toBe('reel.app');
    expect(accountNameOf('twitch.tv/reel')).toBe('reel');
    expect(accountNameOf('@reel')).toBe('reel');
    expect(accountNameOf(' reel ')).toBe('reel');
  });

  it('answers null when no usable name is left', () => {
    expect(accountNameOf('')).toBeNull();
    expect(accountNameOf('https://x.com/')).toBeNull();
    expect(accountNameOf('not a name')).toBeNull();
  });
});

describe('youtubeChannelOf', () => {
  it('tells channel ids, legacy usernames and handles apart', () => {
    expect(youtubeChannelOf('https://www.youtube.com/channel/UC123')).toEqual({ kind: 'id', value: 'UC123' });
    expect(youtubeChannelOf('youtube.com/user/reel')).toEqual({ kind: 'username', value: 'reel' });
    expect(youtubeChannelOf('https://youtube.com/@reel')).toEqual({ kind: 'handle', value: '@reel' });
    expect(youtubeChannelOf('https://youtube.com/c/reel')).toEqual({ kind: 'handle', value: '@reel' });
    expect(youtubeChannelOf('reel')).toEqual({ kind: 'handle', value: '@reel' });
    expect(youtubeChannelOf('https://youtube.com/channel/')).toBeNull();
  });
});
