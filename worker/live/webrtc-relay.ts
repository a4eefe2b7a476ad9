import { HTTPException } from 'hono/http-exception';
import { type RelayAnswer, RelayAnswerSchema, RelayStreamStateSchema } from '../../schema/webrtc-relay';
import { configFor } from '../config/config';
import { ApiError } from '../lib/errors';

/**
 * The worker's side of the local WebRTC relay (scripts/webrtc-relay, schema/webrtc-relay.ts). The
 * relay holds the peer connections; the worker is its only client and its front door (DESIGN.md §7).
 */

/** The relay's loopback address, or null when none runs (`WEBRTC_RELAY_URL` unset): no WHIP/WHEP then. */
export const relayUrlOf = (env: object): string | null =>
  configFor(env).STREAM_PROVIDER === 'local' ? (configFor(env).WEBRTC_RELAY_URL ?? null) : null;

/** Where the owner's WHIP client publishes (absolute, the secret key goes as Bearer), or null. */
export const localWhipUrl = (env: object, origin: string): string | null =>
  relayUrlOf(env) ? `${origin}/whip` : null;

/** The local WHEP address of a stream: path-only, as the local playback URLs are. */
export const localWhepPath = (playbackId: string): string => `/whep/${playbackId}`;

/**
 * Whether a WebRTC publisher is on air for `playbackId`, asked of the relay itself: it holds the
 * peer connection, so its answer cannot go stale the way a flag written to D1 would when the relay
 * dies. A relay that does not answer means no (the player then stays on HLS).
 */
export const relayIsPublishing = async (relayUrl: string, playbackId: string): Promise<boolean> => {
  try {
    const response = await fetch(`${relayUrl}/streams/${encodeURIComponent(playbackId)}`);
    if (!response.ok) return false;
    return RelayStreamStateSchema.parse(await response.json()).publishing;
  } catch {
    return false;
  }
};

/** The relay's refusals, as the WHIP/WHEP client should see them. */
const refusal = (status: number, fallback: string): Error => {
  if (status === 409) return new ApiError(409, 'conflict', 'Another publisher is live on this stream key');
  if (status === 400) return new ApiError(400, 'bad_request', 'The SDP offer could not be used');
  if (status === 404) return new ApiError(404, 'not_found', fallback);
  return new HTTPException(502, { message: 'The WebRTC relay failed' });
};

/** Sends `body` to the relay and answers its SDP answer, or throws its refusal as an ApiError. */
export const relayOffer = async (
  relayUrl: string,
  path: string,
  body: object,
  notFoundMessage: string,
): Promise<RelayAnswer> => {
  const response = await fetch(`${relayUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!response) throw new HTTPException(502, { message: 'The WebRTC relay is not running' });
  if (response.status !== 201) throw refusal(response.status, notFoundMessage);
  return RelayAnswerSchema.parse(await response.json());
};

/** Ends a relay session; answers whether it existed. */
export const relayDelete = async (relayUrl: string, path: string): Promise<boolean> => {
  const response = await fetch(`${relayUrl}${path}`, { method: 'DELETE' }).catch(() => null);
  if (!response) throw new HTTPException(502, { message: 'The WebRTC relay is not running' });
  if (response.status === 404) return false;
  if (!response.ok) throw refusal(response.status, 'Not found');
  return true;
};
