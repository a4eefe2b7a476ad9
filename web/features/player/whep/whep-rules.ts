/**
 * Which way the live player plays (issue 25 §3): WHEP while the status answer names a WHEP URL and
 * it has not failed for this broadcast, HLS otherwise (and always for replays, which have no WHEP
 * URL). `undefined` means the status answer is still on its way: the player waits for it rather
 * than load hls.js for a stream that may play in real time. The WHEP URL is the server's word that
 * a WebRTC publisher is on air, so it wins over the room's isLive before the room has said live
 * (the HLS copy lags it by seconds at the start); once it has, the room's offline is the End.
 */
export type PlaybackPath = 'whep' | 'hls' | 'wait';

export type PlaybackFacts = {
  /** The status answer's `whepUrl`; undefined while it is being read. */
  whepUrl: string | null | undefined;
  /** The status room's isLive (null until it answers): what HLS's offline message follows. */
  live: boolean | null;
  /** WHEP failed for this broadcast already (refused, ICE failed, no frames). */
  whepFailed: boolean;
  rtcSupported: boolean;
  /** The room said live for this broadcast before: its offline now is the End, not a late HLS copy. */
  wasLive: boolean;
};

export function playbackPath({
  whepUrl,
  live,
  whepFailed,
  rtcSupported,
  wasLive,
}: PlaybackFacts): PlaybackPath {
  // A replay or an OBS stream has no WHEP URL; offline is then HLS's to say (without a request).
  if (whepUrl === null || whepFailed || !rtcSupported) return 'hls';
  // Offline after live is the end: at once, not once the relay has let the publisher go.
  if (live === false && wasLive) return 'hls';
  if (whepUrl === undefined) return live === false ? 'hls' : 'wait';
  return 'whep';
}

/** Why a WHEP attempt was given up; each one falls back to HLS. */
export type WhepFailure = 'refused' | 'ice-failed' | 'no-frames' | 'ended';

/** A WHEP session that shows no frame within this long is given up for HLS. */
export const WHEP_FIRST_FRAME_TIMEOUT_MS = 5_000;

/**
 * What a peer-connection state means for the player: 'failed' and 'closed' give WHEP up (the
 * publisher left or the path broke: HLS knows whether the stream is still on); 'disconnected' is
 * waited out, the browser restores it by itself when it can.
 */
export function whepConnectionOutcome(state: RTCPeerConnectionState): 'ok' | WhepFailure {
  if (state === 'failed') return 'ice-failed';
  if (state === 'closed') return 'ended';
  return 'ok';
}
