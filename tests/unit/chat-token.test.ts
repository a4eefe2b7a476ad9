import { describe, expect, it } from 'vitest';
import { signChatToken, verifyChatToken } from '../../party/chat-token';

const SECRET = 'test-secret';
const now = new Date('2026-01-01T00:00:00Z');
const claims = {
  userId: 'u1',
  username: 'alice',
  avatar: '/a.svg',
  room: 'alice',
  exp: Math.floor(now.getTime() / 1000) + 600,
};

describe('chat tokens', () => {
  it('verifies a token signed with the same secret for the same room', async () => {
    const token = await signChatToken(SECRET, claims);
    expect(await verifyChatToken(SECRET, token, 'alice', now)).toEqual(claims);
  });

  it('refuses a token for another room', async () => {
    const token = await signChatToken(SECRET, claims);
    expect(await verifyChatToken(SECRET, token, 'bob', now)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const token = await signChatToken(SECRET, claims);
    expect(await verifyChatToken(SECRET, token, 'alice', new Date((claims.exp + 1) * 1000))).toBeNull();
    expect(await verifyChatToken(SECRET, token, 'alice', new Date(claims.exp * 1000))).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const token = await signChatToken('other-secret', claims);
    expect(await verifyChatToken(SECRET, token, 'alice', now)).toBeNull();
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const token = await signChatToken(SECRET, claims);
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, username: 'mallory' })).toString('base64url');
    expect(await verifyChatToken(SECRET, `${forged}.${signature}`, 'alice', now)).toBeNull();
  });

  it('refuses malformed tokens', async () => {
    for (const token of ['', 'abc', 'a.b.c', '!!.??', `${btoa('{}')}.sig`]) {
      expect(await verifyChatToken(SECRET, token, 'alice', now)).toBeNull();
    }
  });
});
