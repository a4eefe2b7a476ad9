import type { RTCPeerConnection } from 'werift';

/** A non-trickle answer (WHIP/WHEP as we serve them): waits until ICE gathering completes, 5 s at most. */
export const answerWithCandidates = async (pc: RTCPeerConnection, offer: string): Promise<string> => {
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== 'complete') {
    await Promise.race([
      pc.iceGatheringStateChange.watch((state) => state === 'complete'),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  }
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new Error('no local description');
  return sdp;
};
