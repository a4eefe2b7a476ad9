import { describe, expect, it } from 'vitest';
import type { StreamSession } from '../../../schema/live-session';
import { reportDisagrees } from '../../../web/features/live/status-report';

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
