import { deleteSdpResource, postSdpOffer } from '../../../lib/sdp-exchange';
import { gatheredOffer, iceServersFor } from '../../../lib/webrtc';
import { type WhepFailure, whepConnectionOutcome } from './whep-rules';

/** A playing WHEP session: its received stream, and `close` to end it (DELETE its resource). */
export type WhepSession = { stream: MediaStream; close: () => void };

/**
 * Opens a recvonly WHEP session on `url` (RFC draft-ietf-wish-whep, non-trickle): one video and one
 * audio transceiver, the gathered offer POSTed, the answer set. `onFailure` is told once when the
 * connection breaks later. Loaded on demand by the player (only where a stream plays in real time).
 */
export async function openWhepSession(
  url: string,
  onFailure: (reason: WhepFailure) => void,
  signal: AbortSignal,
): Promise<WhepSession> {
  const pc = new RTCPeerConnection({ iceServers: iceServersFor(url) });
  const stream = new MediaStream();
  let resourceUrl: string | null = null;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    pc.close();
    if (resourceUrl) void deleteSdpResource(resourceUrl, { keepalive: true });
  };
  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.addEventListener('track', (event) => stream.addTrack(event.track));
    pc.addEventListener('connectionstatechange', () => {
      const outcome = whepConnectionOutcome(pc.connectionState);
      if (outcome !== 'ok' && !closed) onFailure(outcome);
    });
    const session = await postSdpOffer(url, await gatheredOffer(pc), { signal });
    resourceUrl = session.resourceUrl;
    if (signal.aborted) throw signal.reason;
    await pc.setRemoteDescription({ type: 'answer', sdp: session.answer });
  } catch (error) {
    close();
    throw error;
  }
  return { stream, close };
}
