import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { describe, expect, it } from 'vitest';
import { carryOverQueue } from '../../../web/data/outbox-store';

const HOUR = 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 24, 12);

/** A saved cache as TanStack writes it: one public read and one like queued offline. */
const saved = (buster: string, timestamp: number): PersistedClient =>
  ({
    buster,
    timestamp,
    clientState: {
      queries: [{ queryKey: ['videos', 'latest'], queryHash: '["videos","latest"]', state: {} }],
      mutations: [
        {
          mutationKey: ['engagement', 'like'],
          state: { isPaused: true, status: 'pending', submittedAt: timestamp, variables: { id: 'v1' } },
        },
      ],
    },
  }) as unknown as PersistedClient;

describe('a saved cache restored by another release or after a long time offline', () => {
  it('is restored as written when it is this release and fresh', () => {
    const client = saved('0.2.0', now - HOUR);
    expect(carryOverQueue(client, { buster: '0.2.0', maxAge: 24 * HOUR, now })).toBe(client);
  });

  it('keeps the queued like but not the reads after a deploy', () => {
    const restored = carryOverQueue(saved('0.1.0', now - HOUR), { buster: '0.2.0', maxAge: 24 * HOUR, now });
    // Stamped as current, so TanStack's restore hydrates it instead of dropping it.
    expect(restored.buster).toBe('0.2.0');
    expect(restored.timestamp).toBe(now);
    expect(restored.clientState.queries).toEqual([]);
    expect(restored.clientState.mutations.map((m) => m.mutationKey)).toEqual([['engagement', 'like']]);
  });

  it('keeps the queued like after two days offline', () => {
    const restored = carryOverQueue(saved('0.2.0', now - 48 * HOUR), {
      buster: '0.2.0',
      maxAge: 24 * HOUR,
      now,
    });
    expect(restored.timestamp).toBe(now);
    expect(restored.clientState.queries).toEqual([]);
    expect(restored.clientState.mutations).toHaveLength(1);
  });
});
