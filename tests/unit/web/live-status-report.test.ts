import { describe, expect, it } from 'vitest';
import type { SessionStatusReport } from '../../../schema/live';
import type { StreamSession } from '../../../schema/live-session';
import { reportDiffersFromRead, reportDisagrees } from '../../../web/features/live/status-report';

const session = (id: string, status: StreamSession['status']): StreamSession => ({
  id,
  streamKeyId: 'key-1',
  title: 'Night set',
  description: '',
  status,
  viewerCount: 0,
  stats: {},
  startedAt: null,
  endedAt: null,
  createdAt: '2026-11-28T20:00:00.000Z',
});

describe('whether the status room says the live page shows an old session', () => {
  it('takes no news from an off-air report about a session prepared for later', () => {
    expect(reportDisagrees({ isLive: false, sessionId: null }, session('s1', 'prepared'))).toBe(false);
    expect(reportDisagrees({ isLive: false, sessionId: null }, null)).toBe(false);
  });

  it('finds a page that still shows a live session behind an off-air report', () => {
    expect(reportDisagrees({ isLive: false, sessionId: null }, session('s1', 'live'))).toBe(true);
  });

  it('compares the session the room names on air with the one shown', () => {
    expect(reportDisagrees({ isLive: true, sessionId: 's1' }, session('s1', 'live'))).toBe(false);
    expect(reportDisagrees({ isLive: true, sessionId: 's2' }, session('s1', 'prepared'))).toBe(true);
    expect(reportDisagrees({ isLive: true, sessionId: 's2' }, null)).toBe(true);
  });
});

/** The server's status read as the live page's player reads it. */
const read = (
  isLive: boolean,
  sessionId: string | null,
  whepUrl: string | null = null,
): SessionStatusReport => ({
  streamKeyId: 'key-1',
  playbackId: 'play-1',
  isActive: true,
  isLive,
  sessionId,
  liveSince: null,
  lastSegmentAt: null,
  whepUrl,
});

describe("whether the status room says what the player's last status read did not", () => {
  it("takes the room's first answer off air as the same news as a read naming a prepared session", () => {
    expect(reportDiffersFromRead({ isLive: false, sessionId: null }, read(false, 's1'))).toBe(false);
    expect(reportDiffersFromRead({ isLive: false, sessionId: null }, read(false, null))).toBe(false);
  });

  it('says nothing before the room has answered', () => {
    expect(reportDiffersFromRead({ isLive: null, sessionId: null }, read(true, 's1'))).toBe(false);
  });

  it('finds media that came or went since the read', () => {
    expect(reportDiffersFromRead({ isLive: true, sessionId: 's1' }, read(false, 's1'))).toBe(true);
    expect(reportDiffersFromRead({ isLive: false, sessionId: null }, read(true, 's1', '/whep/play-1'))).toBe(
      true,
    );
  });

  it('finds another session on air than the one read', () => {
    expect(reportDiffersFromRead({ isLive: true, sessionId: 's2' }, read(true, 's1'))).toBe(true);
    expect(reportDiffersFromRead({ isLive: true, sessionId: 's1' }, read(true, 's1'))).toBe(false);
  });
});
