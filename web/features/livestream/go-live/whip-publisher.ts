import { deleteSdpResource, postSdpOffer } from '../../../lib/sdp-exchange';
import { gatheredOffer, iceServersFor } from '../../../lib/webrtc';

/** A publish in progress: its connection, and `end` (DELETE the WHIP resource, close). */
export type WhipPublish = {
  pc: RTCPeerConnection;
  /** Ends the publish; `keepalive` lets the DELETE leave with a closing page. */
  end: (options?: { keepalive?: boolean }) => Promise<void>;
};

/**
 * Publishes `stream`'s tracks to a WHIP endpoint (RFC 9725) with the secret stream key as Bearer
 * (as OBS 30 sends it), non-trickle: the offer goes once every candidate is in it. Video is held to
 * `maxBitrate`. A refusal throws the `ApiRequestError` of lib/sdp-exchange.ts (401 key refused, 403
 * key off, 409 someone else is on the key).
 */
export async function publishWhip(
  url: string,
  streamKey: string,
  stream: MediaStream,
  maxBitrate: number,
): Promise<WhipPublish> {
  const pc = new RTCPeerConnection({ iceServers: iceServersFor(url), bundlePolicy: 'max-bundle' });
  let resourceUrl: string | null = null;
  const end = async (options: { keepalive?: boolean } = {}) => {
    pc.close();
    if (resourceUrl)
      await deleteSdpResource(resourceUrl, { bearer: streamKey, keepalive: options.keepalive });
    resourceUrl = null;
  };
  try {
    for (const track of stream.getTracks()) {
      // Keep the picture's size and drop frames under load instead ('detail' is Chrome's
      // maintain-resolution): the relay's HLS copy re-encodes with x264, which takes only even
      // sizes, and Chrome's 3/4 steps turned 854x480 into 639x360, which stopped the copy.
      if (track.kind === 'video') track.contentHint = 'detail';
      pc.addTransceiver(track, {
        direction: 'sendonly',
        streams: [stream],
        sendEncodings: track.kind === 'video' ? [{ maxBitrate }] : undefined,
      });
    }
    const session = await postSdpOffer(url, await gatheredOffer(pc), { bearer: streamKey });
    resourceUrl = session.resourceUrl;
    await pc.setRemoteDescription({ type: 'answer', sdp: session.answer });
  } catch (error) {
    await end();
    throw error;
  }
  return { pc, end };
}

/** Holds a running publish to a new bitrate (the quality changed while live). */
export async function setMaxBitrate(pc: RTCPeerConnection, maxBitrate: number): Promise<void> {
  for (const sender of pc.getSenders()) {
    if (sender.track?.kind !== 'video') continue;
    const parameters = sender.getParameters();
    for (const encoding of parameters.encodings) encoding.maxBitrate = maxBitrate;
    await sender.setParameters(parameters);
  }
}
