/** Browser WebRTC helpers shared by the publisher (WHIP) and the player (WHEP). */

/** Whether this browser can do WebRTC at all (old WebViews and some privacy modes cannot). */
export const webrtcSupported = (): boolean => typeof RTCPeerConnection === 'function';

/** How long a non-trickle offer waits for its candidates before it goes with what it has. */
export const ICE_GATHERING_TIMEOUT_MS = 3_000;

/**
 * Resolves once ICE gathering is complete: WHIP/WHEP here are non-trickle (our endpoints answer
 * PATCH with 405), so every candidate must be in the offer. A gatherer stuck on an unreachable STUN
 * server is cut off after `timeoutMs`; the host candidates gathered by then still go.
 */
export function iceGatheringComplete(
  pc: RTCPeerConnection,
  timeoutMs = ICE_GATHERING_TIMEOUT_MS,
): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', onChange);
      resolve();
    };
    const onChange = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', onChange);
  });
}

/**
 * STUN only for another origin's media server (Cloudflare's): our own relay is reached on a host
 * candidate, and a STUN server the machine cannot reach would only hold the offer back.
 */
export function iceServersFor(url: string): RTCIceServer[] {
  const target = new URL(url, window.location.href);
  return target.origin === window.location.origin ? [] : [{ urls: 'stun:stun.cloudflare.com:3478' }];
}

/** Creates the offer, sets it and waits for the gathering: the SDP to POST. */
export async function gatheredOffer(pc: RTCPeerConnection): Promise<string> {
  await pc.setLocalDescription(await pc.createOffer());
  await iceGatheringComplete(pc);
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new Error('No local description');
  return sdp;
}
