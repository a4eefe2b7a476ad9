import * as z from 'zod/mini';
import { ApiError } from '../../lib/errors';
import type { FetchLike, ProviderStream, ProviderStreamRef, StreamProvider } from '../stream-provider';

/** Cloudflare's REST API and Stream Live's RTMPS ingest (the key goes in the encoder's key field). */
export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';
export const CLOUDFLARE_RTMPS_INGEST = 'rtmps://live.cloudflare.com:443/live/';

/**
 * A live input as the API answers it (`result` of the `{success, errors, result}` envelope). Only
 * what we read: the secrets (`rtmps.streamKey`, the path of `webRTC.url`) and the connection state.
 * `status` is documented as a state name or null; the live API answers an object whose
 * `current.state` is that name: both are read.
 */
const LiveInputSchema = z.object({
  uid: z.string(),
  meta: z.optional(z.nullable(z.object({ name: z.optional(z.string()) }))),
  rtmps: z.object({ url: z.string(), streamKey: z.string() }),
  webRTC: z.optional(z.object({ url: z.string() })),
  webRTCPlayback: z.optional(z.object({ url: z.string() })),
  status: z.optional(
    z.nullable(
      z.union([
        z.string(),
        z.object({ current: z.optional(z.nullable(z.object({ state: z.optional(z.string()) }))) }),
      ]),
    ),
  ),
});
type LiveInput = z.infer<typeof LiveInputSchema>;
const LiveInputEnvelopeSchema = z.object({ success: z.literal(true), result: LiveInputSchema });

/** Media is arriving: a first connection or a reconnection after a drop. */
const ON_AIR_STATES = new Set(['connected', 'reconnected']);
const stateOf = (input: LiveInput): string | null =>
  typeof input.status === 'string' ? input.status : (input.status?.current?.state ?? null);
const isOnAir = (input: LiveInput) => ON_AIR_STATES.has(stateOf(input) ?? '');

/**
 * A refused or failed call, as the caller should see it. Cloudflare's answer is never echoed (only
 * its status), and the token never appears: a 401/403 names the variable to fix instead.
 */
const upstreamError = (action: string, status: number): ApiError =>
  status === 401 || status === 403
    ? new ApiError(
        500,
        'misconfigured',
        `Cloudflare Stream refused our API token (HTTP ${status}) to ${action}: CLOUDFLARE_STREAM_API_TOKEN needs Stream Write on CLOUDFLARE_STREAM_ACCOUNT_ID`,
      )
    : new ApiError(
        500,
        'internal',
        `Cloudflare Stream could not ${action} (HTTP ${status}); try again shortly`,
      );
const unreadable = (action: string) =>
  new ApiError(500, 'internal', `Cloudflare Stream answered ${action} with something we could not read`);

/**
 * The Cloudflare Stream adapter (DESIGN.md §7): one live input per stream key, which takes RTMPS,
 * SRT and WebRTC (WHIP) and plays over HLS (`customer-<code>.cloudflarestream.com/<uid>/manifest/
 * video.m3u8`) and WebRTC (WHEP). The input's uid is both our provider id and playback id: it is in
 * every public playback URL anyway. Every call carries the API token as a Bearer token; failures
 * become `ApiError`s. `fetchFn` is injectable for tests on recorded answers.
 */
export const cloudflareStreamProvider = (
  options: { accountId: string; customerCode: string; apiToken: string },
  fetchFn: FetchLike,
): StreamProvider => {
  const inputsPath = `/accounts/${options.accountId}/stream/live_inputs`;
  const inputPath = (uid: string) => `${inputsPath}/${encodeURIComponent(uid)}`;
  const hlsUrl = (uid: string) =>
    `https://customer-${options.customerCode}.cloudflarestream.com/${encodeURIComponent(uid)}/manifest/video.m3u8`;

  const send = async (action: string, method: string, path: string, body?: unknown): Promise<Response> => {
    try {
      return await fetchFn(`${CLOUDFLARE_API}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.apiToken}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      // The runtime's own text is not passed on: an answer says what failed, nothing of the request.
      throw new ApiError(
        500,
        'internal',
        `Cloudflare Stream could not be reached to ${action}; try again shortly`,
      );
    }
  };
  const readInput = async (action: string, response: Response): Promise<LiveInput> => {
    if (!response.ok) throw upstreamError(action, response.status);
    const parsed = LiveInputEnvelopeSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw unreadable(action);
    return parsed.data.result;
  };
  /** The live input, or null when Cloudflare no longer has it (deleted in the dashboard, or a rotation that failed half-way). */
  const getInput = async (uid: string | null): Promise<LiveInput | null> => {
    if (!uid) return null;
    const action = 'read the live input';
    const response = await send(action, 'GET', inputPath(uid));
    return response.status === 404 ? null : readInput(action, response);
  };
  const toStream = (input: LiveInput): ProviderStream => ({
    providerStreamId: input.uid,
    playbackId: input.uid,
    streamKey: input.rtmps.streamKey,
    ingestUrl: input.rtmps.url,
    playbackUrl: hlsUrl(input.uid),
    whipUrl: input.webRTC?.url ?? null,
  });
  const createStream = async (name: string): Promise<ProviderStream> => {
    const action = 'create a live input';
    // Automatic recording is what makes Stream serve the input's HLS and keep a replay (RTMPS/SRT only).
    const body = { meta: { name }, recording: { mode: 'automatic' } };
    return toStream(await readInput(action, await send(action, 'POST', inputsPath, body)));
  };
  const deleteInput = async (uid: string | null): Promise<void> => {
    if (!uid) return;
    const action = 'delete the live input';
    const response = await send(action, 'DELETE', inputPath(uid));
    // Already gone is what we wanted.
    if (!response.ok && response.status !== 404) throw upstreamError(action, response.status);
  };
  const uidOf = (stream: ProviderStreamRef) => stream.providerStreamId;

  return {
    name: 'cloudflare',
    ingestUrl: CLOUDFLARE_RTMPS_INGEST,
    createStream,
    isActive: async (stream) => {
      const input = await getInput(uidOf(stream));
      return !!input && isOnAir(input);
    },
    playbackUrl: async (stream) => hlsUrl(uidOf(stream) ?? stream.playbackId),
    // Stream's API does not say which protocol is on air; WHEP of an RTMPS/SRT push fails and the
    // player falls back to HLS, which such a push has (docs/deploy.md, Cloudflare Stream).
    webrtcPlaybackUrl: async (stream) => {
      const input = await getInput(uidOf(stream));
      return input && isOnAir(input) ? (input.webRTCPlayback?.url ?? null) : null;
    },
    // A live input's keys cannot be changed (its PUT takes no key): a new input under the same name
    // replaces it. The old one is deleted first, as a rotation is usually for a leaked key; should
    // the create then fail, the row still names the gone input and rotating again heals it.
    regenerateKey: async (stream) => {
      const previous = await getInput(uidOf(stream));
      await deleteInput(uidOf(stream));
      const next = await createStream(previous?.meta?.name ?? 'stream');
      return {
        streamKey: next.streamKey,
        providerStreamId: next.providerStreamId,
        playbackId: next.playbackId,
        playbackUrl: next.playbackUrl,
        whipUrl: next.whipUrl,
      };
    },
    deleteStream: (stream) => deleteInput(uidOf(stream)),
  };
};
