import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../schema/auth';
import type { OwnUser } from '../../../schema/user';
import { accountLabel, shortenAddress } from '../../../web/features/auth/account-label';

const address = `0x1234${'0'.repeat(56)}abcd`;
const user: OwnUser = {
  id: 'u1',
  username: 'night_owl',
  fullName: 'Nora Owl',
  email: 'nora@example.com',
  description: 'Late-night Valorant streams.',
  avatar: '',
  banner: '',
  aptosAddress: address,
  category: 'Gaming',
  subCategory: 'Valorant',
  tags: [],
  social: {},
  balance: 0,
  followers: 0,
  following: 0,
  rank: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const session = (overrides: Partial<SessionInfo> = {}): SessionInfo => ({
  address,
  method: 'wallet',
  user: null,
  ...overrides,
});

describe('shortenAddress', () => {
  it('keeps the first 6 and the last 4 characters', () => {
    expect(shortenAddress(address)).toBe('0x1234…abcd');
  });

  it('leaves an address of 10 characters or fewer whole', () => {
    expect(shortenAddress('0x1')).toBe('0x1');
    expect(shortenAddress('0x12345678')).toBe('0x12345678');
  });
});

describe('accountLabel', () => {
  it('shows the shortened address before registration', () => {
    expect(accountLabel(session())).toBe('0x1234…abcd');
  });

  it('shows the full name once there is a profile', () => {
    expect(accountLabel(session({ user }))).toBe('Nora Owl');
  });

  it('falls back to the username when the full name is empty', () => {
    expect(accountLabel(session({ user: { ...user, fullName: '' } }))).toBe('night_owl');
  });
});
