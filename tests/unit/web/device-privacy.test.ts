import { dehydrate, type MutationState, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dehydrateOptions } from '../../../web/data/outbox-store';
import { persistableClient } from '../../../web/data/persist-policy';
import { isPublicApiRead } from '../../../web/data/public-api-reads';

const ID = '01a20b2a-2915-75e4-8d23-5d1dfbd92f04';
const SECRET = '6149cfdb391f930f85bb24ed562e04b21b6925418766cdf37eb45229ee8bc4dc';

describe('the service worker caches only public reads', () => {
  it.each([
    '/api/videos',
    '/api/videos/shorts',
    '/api/videos/shorts/paginated',
    `/api/videos/${ID}`,
    `/api/videos/shorts/${ID}`,
    `/api/videos/user/${ID}`,
    `/api/videos/shorts/user/${ID}`,
    '/api/users/username/nova_plays',
    '/api/users/top',
    '/api/users/categories',
    '/api/users/search',
    '/api/users/search/suggestions',
    '/api/users/search/category',
    '/api/social-stats/nova_plays',
    `/api/analytics/user/${ID}`,
    `/api/views/shorts/${ID}/stats`,
    `/api/comments/videos/${ID}`,
    '/api/sessions/active',
    '/api/config',
  ])('keeps %s for offline use', (path) => {
    expect(isPublicApiRead(path)).toBe(true);
  });

  it.each([
    '/api/stream-keys',
    `/api/stream-keys/${ID}`,
    `/api/stream-keys/${ID}/streaming-info`,
    `/api/stream-keys/user/${ID}`,
    '/api/stream-keys/username/nova_plays',
    `/api/stream-keys/key/${SECRET}`,
    '/api/sessions/status',
    '/api/chat/token',
    `/api/transactions/user/${ID}`,
    `/api/transactions/${ID}`,
    `/api/deposits/user/${ID}`,
    '/api/tips/stats/me',
    `/api/tips/${ID}`,
    '/api/users/address/0xabc',
    '/api/users/address/0xabc/balance',
    `/api/users/check/${ID}`,
    `/api/views/user/${ID}/history`,
    '/api/users/likes/shorts/check',
    '/api/users/bookmarks/shorts/check',
    '/api/users/follow/check',
    `/api/users/${ID}/likes/videos`,
    `/api/users/${ID}/bookmarks/shorts`,
    `/api/uploads/${ID}`,
    `/api/videos/proxy/${ID}`,
    '/api/auth/me',
    '/api/auth/nonce',
    '/relayer/api/users/0xabc/balance',
  ])('never caches %s', (path) => {
    expect(isPublicApiRead(path)).toBe(false);
  });
});

const user = {
  id: ID,
  username: 'private_one',
  fullName: 'Private One',
  email: 'private_one@example.com',
  description: '',
  avatar: '',
  banner: '',
  aptosAddress: '0xabc',
  category: '',
  subCategory: '',
  tags: [],
  social: {},
  balance: 200,
  followers: 0,
  following: 0,
  rank: null,
  createdAt: '2026-11-24T01:27:21.748Z',
};

/** A mutation on its first try. */
const pending: MutationState = {
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isPaused: false,
  status: 'pending',
  variables: undefined,
  submittedAt: 0,
};

/** What the persister would write for this cache. */
const persisted = (client: QueryClient) =>
  persistableClient({ buster: '', timestamp: 0, clientState: dehydrate(client, dehydrateOptions) })
    .clientState;

describe('the persisted query cache keeps only public reads and the offline queue', () => {
  it('drops the stream key, the money history, chat tokens and the caller’s checks', () => {
    const client = new QueryClient();
    client.setQueryData(['stream-keys', 'own', ID], { id: ID, key: SECRET });
    client.setQueryData(['stream-keys', 'streaming-info', ID], { streamKey: SECRET });
    client.setQueryData(['stream-keys', 'username', 'private_one'], { id: ID, key: SECRET });
    client.setQueryData(['transactions', 'user', ID], [{ id: ID, txHash: '0xfeed' }]);
    client.setQueryData(['users', 'address', '0xabc'], user);
    client.setQueryData(['chat', 'token', 'room'], { token: 'chat-token' });
    client.setQueryData(['engagement', 'liked', 'shorts', ID, ID], true);
    client.setQueryData(['videos', 'latest', { limit: 10 }], []);
    const kept = persisted(client).queries.map((query) => query.queryKey);
    expect(kept).toEqual([['videos', 'latest', { limit: 10 }]]);
  });

  it('keeps who is signed in without the email and the balance', () => {
    const client = new QueryClient();
    client.setQueryData(['auth', 'me'], { address: '0xabc', method: 'wallet', user });
    const [session] = persisted(client).queries;
    expect(session?.state.data).toEqual({
      address: '0xabc',
      method: 'wallet',
      user: { ...user, email: '', balance: 0 },
    });
    expect(JSON.stringify(session)).not.toContain(user.email);
  });

  it('keeps the paused engagement mutations and tips (the outbox) and no other mutation', () => {
    const client = new QueryClient();
    const paused: MutationState = { ...pending, isPaused: true };
    client.getMutationCache().build(client, { mutationKey: ['engagement', 'like'] }, paused);
    client.getMutationCache().build(client, { mutationKey: ['tips', 'send'] }, paused);
    client.getMutationCache().build(client, { mutationKey: ['wallet', 'withdraw'] }, paused);
    client.getMutationCache().build(client, { mutationKey: ['engagement', 'follow'] });
    const kept = persisted(client).mutations.map((mutation) => mutation.mutationKey);
    expect(kept).toEqual([
      ['engagement', 'like'],
      ['tips', 'send'],
    ]);
  });

  it('keeps a like still trying for an answer while counted online, saved as paused', () => {
    const client = new QueryClient();
    const cache = client.getMutationCache();
    cache.build(client, { mutationKey: ['engagement', 'like'] }, { ...pending, failureCount: 3 });
    // Its first try still out: it has not been cut off.
    cache.build(client, { mutationKey: ['engagement', 'follow'] }, pending);
    cache.build(client, { mutationKey: ['wallet', 'withdraw'] }, { ...pending, failureCount: 3 });
    const kept = persisted(client).mutations;
    expect(kept.map((mutation) => [mutation.mutationKey, mutation.state.isPaused])).toEqual([
      [['engagement', 'like'], true],
    ]);
  });
});
