import * as z from 'zod/mini';
import type { FetchLike, ProviderStream, StreamProvider } from '../stream-provider';

/** Livepeer Studio's REST API and its RTMP ingest (the key goes in the encoder's key field). */
export const LIVEPEER_API = 'https://livepeer.studio/api';
export const LIVEPEER_RTMP_INGEST = 'rtmp://rtmp.livepeer.com/live';

const StreamSchema = z.object({
  id: z.string(),
  name: z.string(),
  streamKey: z.string(),
  playbackId: z.string(),
  isActive: z.optional(z.boolean()),
});

/** `GET /playback/{playbackId}`: the sources a player may use; we want the HLS one. */
const PlaybackInfoSchema = z.object({
  meta: z.object({
    source: z.array(z.object({ hrn: z.optional(z.string()), type: z.string(), url: z.string() })),
  }),
});

const isHls = (source: { hrn?: string; type: string }): boolean =>
  source.type.includes('mpegurl') || (source.hrn ?? '').startsWith('HLS');

/** Livepeer's own playback URL pattern, used when the playback API has no HLS source yet. */
const cdnPlaybackUrl = (playbackId: string): string =>
  `https://livepeercdn.studio/hls/${playbackId}/index.m3u8`;

/**
 * The Livepeer Studio adapter (DESIGN.md §7): every call is authenticated with the API key as a
 * Bearer token; a non-2xx answer throws with Livepeer's status, so the caller's error handler logs
 * it and answers a generic 500. `fetchFn` is injectable for tests on recorded responses.
 */
export const livepeerStreamProvider = (apiKey: string, fetchFn: FetchLike): StreamProvider => {
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const response = await fetchFn(`${LIVEPEER_API}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`Livepeer ${method} ${path.split('/')[1]} failed: HTTP ${response.status}`);
    return response;
  };
  const read = async <S extends z.ZodMiniType>(schema: S, response: Response): Promise<z.infer<S>> =>
    schema.parse(await response.json());

  const createStream = async (name: string): Promise<ProviderStream> => {
    const stream = await read(StreamSchema, await call('POST', '/stream', { name }));
    return {
      providerStreamId: stream.id,
      playbackId: stream.playbackId,
      streamKey: stream.streamKey,
      ingestUrl: LIVEPEER_RTMP_INGEST,
      playbackUrl: cdnPlaybackUrl(stream.playbackId),
      // Livepeer Studio's WebRTC ingest is not wired here (issue 25 uses Cloudflare Stream for it).
      whipUrl: null,
    };
  };
  const getStream = async (id: string) =>
    read(StreamSchema, await call('GET', `/stream/${encodeURIComponent(id)}`));
  const deleteStream = async (id: string | null): Promise<void> => {
    if (!id) return;
    const response = await fetchFn(`${LIVEPEER_API}/stream/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    // Already gone is what we wanted.
    if (!response.ok && response.status !== 404)
      throw new Error(`Livepeer DELETE stream failed: HTTP ${response.status}`);
  };

  return {
    name: 'livepeer',
    ingestUrl: LIVEPEER_RTMP_INGEST,
    createStream,
    isActive: async (stream) =>
      stream.providerStreamId ? (await getStream(stream.providerStreamId)).isActive === true : false,
    playbackUrl: async (stream) => {
      const response = await fetchFn(`${LIVEPEER_API}/playback/${encodeURIComponent(stream.playbackId)}`, {
        headers: { Authorization: `Bearer ${apiKey}` },
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`Livepeer GET playback failed: HTTP ${response.status}`);
      const info = await read(PlaybackInfoSchema, response);
      return info.meta.source.find(isHls)?.url ?? null;
    },
    webrtcPlaybackUrl: async () => null,
    // Studio has no call that rotates a key in place (PATCH /stream/{id} does not take streamKey):
    // a fresh stream with the same name replaces the old one, which is then deleted.
    regenerateKey: async (stream) => {
      const previous = stream.providerStreamId ? await getStream(stream.providerStreamId) : null;
      const next = await createStream(previous?.name ?? 'stream');
      await deleteStream(stream.providerStreamId);
      return next;
    },
    deleteStream: (stream) => deleteStream(stream.providerStreamId),
  };
};
