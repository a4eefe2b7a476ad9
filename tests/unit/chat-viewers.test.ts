import { describe, expect, it } from 'vitest';
import {
  admitSocket,
  hashAddress,
  MAX_SOCKETS_PER_VIEWER,
  releaseSocket,
  type Tally,
  viewerKey,
} from '../../party/viewers';

describe('counting viewers, not sockets', () => {
  it('keys a user by id and a visitor by address hash, never colliding', () => {
    expect(viewerKey({ kind: 'user', userId: 'abc' })).not.toBe(viewerKey({ kind: 'address', hash: 'abc' }));
    expect(viewerKey({ kind: 'user', userId: 'abc' })).toBe(viewerKey({ kind: 'user', userId: 'abc' }));
  });

  it('hashes an address the same way within a room (one salt), differently in another, and never shows it', async () => {
    const here = await hashAddress('salt-a', '203.0.113.7');
    expect(await hashAddress('salt-a', '203.0.113.7')).toBe(here);
    expect(await hashAddress('salt-b', '203.0.113.7')).not.toBe(here);
    expect(await hashAddress('salt-a', '203.0.113.8')).not.toBe(here);
    expect(here).not.toContain('203.0.113.7');
    expect(here).toMatch(/^[0-9a-f]{32}$/);
  });

  it('admits up to the cap per viewer, one viewer however many sockets, and frees a place on release', () => {
    const tally: Tally = new Map();
    const admitted = Array.from({ length: 300 }, () => admitSocket(tally, 'a:x'));
    expect(admitted.filter(Boolean)).toHaveLength(MAX_SOCKETS_PER_VIEWER);
    expect(tally.size).toBe(1);
    expect(admitSocket(tally, 'u:1')).toBe(true);
    expect(tally.size).toBe(2);

    expect(releaseSocket(tally, 'a:x')).toBe(MAX_SOCKETS_PER_VIEWER - 1);
    expect(admitSocket(tally, 'a:x')).toBe(true);
    expect(admitSocket(tally, 'a:x')).toBe(false);
  });

  it('drops a viewer whose last socket closed, and ignores a release it never counted', () => {
    const tally: Tally = new Map();
    admitSocket(tally, 'u:1');
    admitSocket(tally, 'u:1');
    expect(releaseSocket(tally, 'u:1')).toBe(1);
    expect(releaseSocket(tally, 'u:1')).toBe(0);
    expect(tally.size).toBe(0);
    expect(releaseSocket(tally, 'u:2')).toBe(0);
    expect(tally.size).toBe(0);
  });
});
