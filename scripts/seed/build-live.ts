import { localPlaybackUrl, newPlaybackId, newSecretKey } from '../../worker/live/local-credentials';
import type { Creator } from './build-people';
import { BASE_TIME, DAY_MS, idAt, iso, timeBetween } from './clock';
import type { Random } from './random';
import type { StreamKeyRow, StreamSessionRow } from './rows';

/** A demo creator's stream: the key's name and the session Prepare Stream would have made. */
export type DemoStream = { username: string; keyName: string; title: string; description: string };

/**
 * The stream `npm start` pushes its test picture to. One stream keeps ffmpeg's CPU modest; the
 * creator's category and tags (Music, Lo-fi, lofi, beats) fill the live card and page.
 */
export const DEMO_STREAMS: readonly DemoStream[] = [
  {
    username: 'lofi_lena',
    keyName: 'Studio desk',
    title: 'Lo-fi beats to study to: live from the studio',
    description:
      'Building a new loop from scratch: drums first, then keys and vinyl crackle. Say hi in chat and request a mood.',
  },
];

/**
 * The stream key's credentials, made as the local stream adapter (worker/ports/adapters/stream-local.ts)
 * makes them: real randomness, never the seeded PRNG, because the secret is what lets an encoder push.
 */
export type StreamCredentials = { secret: () => string; playbackId: () => string };

export const LOCAL_CREDENTIALS: StreamCredentials = {
  secret: newSecretKey,
  playbackId: newPlaybackId,
};

/**
 * A stream key and a prepared session for each demo stream's creator. The session turns live with
 * the first segment that arrives (worker/live/ingest.ts), so without an encoder nothing shows as live.
 */
export function buildLiveStreams(
  random: Random,
  creators: readonly Creator[],
  streams: readonly DemoStream[],
  credentials: StreamCredentials = LOCAL_CREDENTIALS,
): { streamKeys: StreamKeyRow[]; streamSessions: StreamSessionRow[] } {
  const streamKeys: StreamKeyRow[] = [];
  const streamSessions: StreamSessionRow[] = [];
  for (const stream of streams) {
    const creator = creators.find((c) => c.row.username === stream.username);
    if (!creator) throw new Error(`Demo stream for unknown creator ${stream.username}`);
    const keyAt = timeBetween(random, creator.joinedAt + DAY_MS, BASE_TIME - 7 * DAY_MS);
    const playbackId = credentials.playbackId();
    const key: StreamKeyRow = {
      id: idAt(random, keyAt),
      userId: creator.row.id,
      name: stream.keyName,
      secretKey: credentials.secret(),
      playbackId,
      playbackUrl: localPlaybackUrl(playbackId),
      createdAt: iso(keyAt),
    };
    streamKeys.push(key);
    streamSessions.push({
      id: idAt(random, BASE_TIME),
      streamKeyId: key.id,
      title: stream.title,
      description: stream.description,
      createdAt: iso(BASE_TIME),
    });
  }
  return { streamKeys, streamSessions };
}
