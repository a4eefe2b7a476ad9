import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../schema/messages';
import { localSocialStats } from '../../worker/ports/adapters/social-stats-local';
import { tiktokSocialStats } from '../../worker/ports/adapters/social-stats-tiktok';
import { twitchSocialStats } from '../../worker/ports/adapters/social-stats-twitch';
import { twitterSocialStats } from '../../worker/ports/adapters/social-stats-twitter';
import { youtubeSocialStats } from '../../worker/ports/adapters/social-stats-youtube';
import { socialStatsAdapter, socialStatsKeys } from '../../worker/providers/social-stats';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/social-stats/${name}.json`, import.meta.url), 'utf8'));

type Call = { url: string; init?: RequestInit };

/** A fetch that answers the given recorded responses in order and remembers what it was asked. */
const recorded = (...answers: [status: number, body: unknown][]) => {
  const calls: Call[] = [];
  const fetchFn = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const answer = answers[calls.length - 1];
    if (!answer) throw new Error(`unexpected call ${url}`);
    return new Response(JSON.stringify(answer[1]), {
      status: answer[0],
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetchFn };
};

const header = (call: Call | undefined, name: string) => new Headers(call?.init?.headers).get(name);

const neverCalled = async (url: string): Promise<Response> => {
  throw new Error(`no call expected, got ${url}`);
};

describe('YouTube adapter', () => {
  it('reads subscriberCount by @handle with the API key and answers it as followers and subscribers', async () => {
    const { calls, fetchFn } = recorded([200, fixture('youtube-channels')]);
    const stats = await youtubeSocialStats({ apiKey: 'yt-key' }, fetchFn).followersFor(
      'https://www.youtube.com/@GoogleDevelopers',
    );
    expect(stats).toEqual({ platform: 'youtube', followers: 2390000, subscribers: 2390000 });
    const url = new URL(calls[0]?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://www.googleapis.com/youtube/v3/channels');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      part: 'statistics',
      forHandle: '@GoogleDevelopers',
      key: 'yt-key',
    });
  });

  it('asks by channel id or legacy username when the link says so', async () => {
    const byId = recorded([200, fixture('youtube-channels')]);
    await youtubeSocialStats({ apiKey: 'k' }, byId.fetchFn).followersFor(
      'youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
    );
    expect(new URL(byId.calls[0]?.url ?? '').searchParams.get('id')).toBe('UC_x5XG1OV2P6uZZ5FSM9Ttw');
    const byName = recorded([200, fixture('youtube-channels')]);
    await youtubeSocialStats({ apiKey: 'k' }, byName.fetchFn).followersFor(
      'https://youtube.com/user/googledevs',
    );
    expect(new URL(byName.calls[0]?.url ?? '').searchParams.get('forUsername')).toBe('googledevs');
  });

  it("says 'Channel not found' for an empty answer and 'Request failed' for an HTTP error", async () => {
    const empty = recorded([200, fixture('youtube-channels-empty')]);
    expect(await youtubeSocialStats({ apiKey: 'k' }, empty.fetchFn).followersFor('@nobody')).toEqual({
      platform: 'youtube',
      followers: null,
      subscribers: null,
      error: MESSAGES.socialStats.channelNotFound,
    });
    const forbidden = recorded([403, { error: { code: 403, message: 'quotaExceeded' } }]);
    expect((await youtubeSocialStats({ apiKey: 'k' }, forbidden.fetchFn).followersFor('@x')).error).toBe(
      MESSAGES.socialStats.requestFailed,
    );
  });

  it("says 'YouTube API key required' without a key, and calls nobody", async () => {
    const stats = await youtubeSocialStats({ apiKey: '' }, neverCalled).followersFor('@x');
    expect(stats.error).toBe(MESSAGES.socialStats.youtubeKey);
    expect(stats.followers).toBeNull();
  });
});

describe('X / Twitter adapter', () => {
  it('reads public_metrics.followers_count with the bearer token', async () => {
    const { calls, fetchFn } = recorded([200, fixture('twitter-user')]);
    const stats = await twitterSocialStats({ bearerToken: 'tw-token' }, fetchFn).followersFor(
      'https://x.com/XDevelopers',
    );
    expect(stats).toEqual({ platform: 'twitter', followers: 583071 });
    expect(calls[0]?.url).toBe(
      'https://api.twitter.com/2/users/by/username/XDevelopers?user.fields=public_metrics',
    );
    expect(header(calls[0], 'authorization')).toBe('Bearer tw-token');
  });

  it("says 'User not found' for an unknown name and 'Request failed' when rate limited", async () => {
    const unknown = recorded([200, fixture('twitter-user-not-found')]);
    expect(
      await twitterSocialStats({ bearerToken: 't' }, unknown.fetchFn).followersFor('@nobody_has_this_name'),
    ).toEqual({ platform: 'twitter', followers: null, error: MESSAGES.socialStats.userNotFound });
    const limited = recorded([429, { title: 'Too Many Requests' }]);
    expect(
      (await twitterSocialStats({ bearerToken: 't' }, limited.fetchFn).followersFor('someone')).error,
    ).toBe(MESSAGES.socialStats.requestFailed);
  });
});

describe('Twitch adapter', () => {
  it('gets an app token, looks the login up and reads channels/followers total', async () => {
    const { calls, fetchFn } = recorded(
      [200, fixture('twitch-token')],
      [200, fixture('twitch-users')],
      [200, fixture('twitch-followers')],
    );
    const stats = await twitchSocialStats({ clientId: 'cid', clientSecret: 'secret' }, fetchFn).followersFor(
      'https://www.twitch.tv/TwitchDev',
    );
    expect(stats).toEqual({ platform: 'twitch', followers: 8 });
    const token = new URL(calls[0]?.url ?? '');
    expect(`${token.origin}${token.pathname}`).toBe('https://id.twitch.tv/oauth2/token');
    expect(Object.fromEntries(token.searchParams)).toEqual({
      client_id: 'cid',
      client_secret: 'secret',
      grant_type: 'client_credentials',
    });
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[1]?.url).toBe('https://api.twitch.tv/helix/users?login=twitchdev');
    expect(calls[2]?.url).toBe('https://api.twitch.tv/helix/channels/followers?broadcaster_id=141981764');
    for (const call of calls.slice(1)) {
      expect(header(call, 'client-id')).toBe('cid');
      expect(header(call, 'authorization')).toBe('Bearer jostpf5q0uzmxmkba9iyug38kjtgh');
    }
  });

  it("says 'User not found' for an unknown login and 'Request failed' when the token is refused", async () => {
    const unknown = recorded([200, fixture('twitch-token')], [200, fixture('twitch-users-empty')]);
    expect(
      await twitchSocialStats({ clientId: 'c', clientSecret: 's' }, unknown.fetchFn).followersFor('nobody'),
    ).toEqual({ platform: 'twitch', followers: null, error: MESSAGES.socialStats.userNotFound });
    const refused = recorded([400, { status: 400, message: 'invalid client secret' }]);
    expect(
      (await twitchSocialStats({ clientId: 'c', clientSecret: 's' }, refused.fetchFn).followersFor('x'))
        .error,
    ).toBe(MESSAGES.socialStats.requestFailed);
  });
});

describe('TikTok adapter', () => {
  it('gets a client token and posts the username to research/user/info', async () => {
    const { calls, fetchFn } = recorded([200, fixture('tiktok-token')], [200, fixture('tiktok-user-info')]);
    const stats = await tiktokSocialStats({ clientKey: 'ck', clientSecret: 'cs' }, fetchFn).followersFor(
      'https://www.tiktok.com/@tiktok',
    );
    expect(stats).toEqual({ platform: 'tiktok', followers: 1234567 });
    expect(calls[0]?.url).toBe('https://open.tiktokapis.com/v2/oauth/token/');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]?.init?.body)))).toEqual({
      client_key: 'ck',
      client_secret: 'cs',
      grant_type: 'client_credentials',
    });
    expect(calls[1]?.url).toBe('https://open.tiktokapis.com/v2/research/user/info/?fields=follower_count');
    expect(header(calls[1], 'authorization')).toBe('Bearer clt.example12345Example12345Example');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ username: 'tiktok' });
  });

  it("says 'User not found' for an unknown user and 'Request failed' on a network error", async () => {
    const unknown = recorded([200, fixture('tiktok-token')], [400, fixture('tiktok-user-not-found')]);
    expect(
      await tiktokSocialStats({ clientKey: 'k', clientSecret: 's' }, unknown.fetchFn).followersFor('@x'),
    ).toEqual({
      platform: 'tiktok',
      followers: null,
      error: MESSAGES.socialStats.userNotFound,
    });
    const down = await tiktokSocialStats({ clientKey: 'k', clientSecret: 's' }, async () => {
      throw new TypeError('fetch failed');
    }).followersFor('@x');
    expect(down.error).toBe(MESSAGES.socialStats.requestFailed);
  });
});

describe('choosing adapters', () => {
  it('reads only non-empty social-stats keys from the bindings', () => {
    expect(socialStatsKeys({ YOUTUBE_API_KEY: ' k ', TWITTER_BEARER_TOKEN: '', DB: {} })).toEqual({
      YOUTUBE_API_KEY: 'k',
    });
  });

  it('answers followers null for every platform without keys, calling nobody', async () => {
    for (const platform of ['twitch', 'twitter', 'tiktok', 'youtube'] as const) {
      expect(
        await socialStatsAdapter(platform, {}, neverCalled).followersFor('https://example.com/x'),
      ).toEqual({
        platform,
        followers: null,
      });
    }
    // Twitch and TikTok need both halves of their credentials.
    expect(
      await socialStatsAdapter('twitch', { TWITCH_CLIENT_ID: 'only-id' }, neverCalled).followersFor('x'),
    ).toEqual({ platform: 'twitch', followers: null });
    expect(await localSocialStats('tiktok').followersFor('x')).toEqual({
      platform: 'tiktok',
      followers: null,
    });
  });

  it('uses the real adapter once its key is set', async () => {
    const { calls, fetchFn } = recorded([200, fixture('twitter-user')]);
    const stats = await socialStatsAdapter('twitter', { TWITTER_BEARER_TOKEN: 't' }, fetchFn).followersFor(
      '@a',
    );
    expect(stats.followers).toBe(583071);
    expect(calls).toHaveLength(1);
  });
});
