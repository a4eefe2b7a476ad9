import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Category } from '../../schema/user';
import { DEMO_STREAMS } from '../../scripts/seed/build-live';
import { DEMO_CREATORS } from '../../scripts/seed/demo-creators';
import { demoStreamArgs, ingestUrl, restartDelayMs } from '../../scripts/seed/demo-stream';
import { loadMediaAssets } from '../../scripts/seed/media';
import { buildSeedPlan } from '../../scripts/seed/plan';

// The categories the demo creators name, as the migration's rows would answer them.
const categories: Category[] = [...new Set(DEMO_CREATORS.map((c) => c.category))].map((name) => ({
  name,
  subCategories: [...new Set(DEMO_CREATORS.filter((c) => c.category === name).map((c) => c.subCategory))],
}));

const plan = async () =>
  buildSeedPlan(categories, await loadMediaAssets(join(import.meta.dirname, '../../scripts/seed-media')))
    .plan;

describe('the demo seed plan', () => {
  it('gives the demo stream creator a stream key and a prepared session the first segment makes live', async () => {
    const { users, streamKeys, streamSessions } = await plan();
    const [demo] = DEMO_STREAMS;
    const creator = users.find((u) => u.username === demo?.username);
    expect(creator).toBeDefined();
    expect(streamKeys).toHaveLength(1);
    const [key] = streamKeys;
    expect(key?.userId).toBe(creator?.id);
    // Made as the local adapter makes it: 32 random bytes of secret, a 16-byte playback id.
    expect(key?.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(key?.playbackId).toMatch(/^[0-9a-f]{32}$/);
    expect(key?.playbackUrl).toBe(`/hls/${key?.playbackId}/index.m3u8`);
    expect(streamSessions).toEqual([
      expect.objectContaining({ streamKeyId: key?.id, title: demo?.title, description: demo?.description }),
    ]);
  });

  it('keeps every id stable between runs but never reuses a stream secret', async () => {
    const [first, second] = await Promise.all([plan(), plan()]);
    expect(second.users.map((u) => u.id)).toEqual(first.users.map((u) => u.id));
    expect(second.streamKeys.map((k) => k.id)).toEqual(first.streamKeys.map((k) => k.id));
    expect(second.streamKeys[0]?.secretKey).not.toBe(first.streamKeys[0]?.secretKey);
    expect(second.streamKeys[0]?.playbackId).not.toBe(first.streamKeys[0]?.playbackId);
  });
});

describe('the demo stream encoder', () => {
  const url = ingestUrl('http://127.0.0.1:8787', 'abc123');
  const args = demoStreamArgs(url);
  const flagValue = (flag: string) => args[args.indexOf(flag) + 1];

  it('pushes HLS over PUT to the ingest URL of the demo key, and a still frame beside it', () => {
    expect(url).toBe('http://127.0.0.1:8787/ingest/abc123/index.m3u8');
    const hls = args.indexOf('hls');
    expect(args.slice(hls - 1, hls + 6)).toEqual(['-f', 'hls', '-hls_time', '1', '-method', 'PUT', url]);
    expect(args.slice(hls + 6)).toEqual([
      ...['-map', '0:v', '-vf', 'fps=1,scale=640:-2', '-update', '1', '-f', 'image2'],
      'http://127.0.0.1:8787/ingest/abc123/poster.jpg',
    ]);
  });

  it("encodes a real-time test picture and tone with the README's settings on one thread", () => {
    const inputs = args.flatMap((arg, i) => (arg === '-i' ? [args[i + 1]] : []));
    expect(inputs).toEqual(['testsrc2=size=854x480:rate=30', 'sine=frequency=440:sample_rate=48000']);
    expect(args.filter((a) => a === '-re')).toHaveLength(2);
    expect(flagValue('-c:v')).toBe('libx264');
    expect(flagValue('-preset')).toBe('veryfast');
    expect(flagValue('-tune')).toBe('zerolatency');
    expect(flagValue('-g')).toBe('30');
    expect(flagValue('-c:a')).toBe('aac');
    expect(flagValue('-threads')).toBe('1');
  });

  it('restarts a crashed encoder after a second, backing off to 30 s while it keeps failing', () => {
    expect(restartDelayMs(120_000, 16_000)).toBe(1_000);
    expect(restartDelayMs(500, 0)).toBe(1_000);
    expect(restartDelayMs(500, 1_000)).toBe(2_000);
    expect(restartDelayMs(500, 16_000)).toBe(30_000);
    expect(restartDelayMs(500, 30_000)).toBe(30_000);
  });
});
