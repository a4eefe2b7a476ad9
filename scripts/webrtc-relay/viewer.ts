import { randomBytes } from 'node:crypto';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { answerWithCandidates } from './answer';
import type { Kind, Publisher } from './publisher';

export type Viewer = { readonly resourceId: string; close: () => Promise<void> };

/** The publisher's own codec, without its payload type (the viewer's offer names its own). */
const sameCodec = (codec: RTCRtpCodecParameters) =>
  new RTCRtpCodecParameters({
    mimeType: codec.mimeType,
    clockRate: codec.clockRate,
    channels: codec.channels,
    parameters: codec.parameters,
    rtcpFeedback: codec.rtcpFeedback,
  });

/**
 * One WHEP viewer: answers its recvonly offer with the publisher's codecs (sendonly) and writes
 * the publisher's packets to it as they arrive; each sender gives them its own SSRC, sequence
 * numbers and header extensions. A keyframe is asked of the publisher at once (a viewer cannot
 * start decoding before one) and whenever the viewer reports a lost picture.
 */
export const startViewer = async (
  publisher: Publisher,
  offer: string,
  onClosed: () => void,
): Promise<{ viewer: Viewer; answer: string }> => {
  const kinds = (['video', 'audio'] as const).flatMap((kind) => {
    const codec = publisher.codecOf(kind);
    return codec ? [{ kind, codec }] : [];
  });
  const codecsOf = (kind: Kind) =>
    kinds.filter((entry) => entry.kind === kind).map((entry) => sameCodec(entry.codec));
  const pc = new RTCPeerConnection({
    iceServers: [],
    codecs: { video: codecsOf('video'), audio: codecsOf('audio') },
  });
  const unsubscribes: (() => void)[] = [];
  for (const { kind } of kinds) {
    const track = new MediaStreamTrack({ kind });
    const transceiver = pc.addTransceiver(track, { direction: 'sendonly' });
    if (kind === 'video')
      transceiver.sender.onPictureLossIndication.subscribe(() => publisher.requestKeyframe());
    unsubscribes.push(publisher.listen(kind, (packet) => track.writeRtp(packet)));
  }
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      await pc.close().catch(() => undefined);
      onClosed();
    })();
    return closing;
  };
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') publisher.requestKeyframe();
    if (state === 'failed' || state === 'closed') void close();
  });
  try {
    const answer = await answerWithCandidates(pc, offer);
    return { viewer: { resourceId: randomBytes(16).toString('hex'), close }, answer };
  } catch (error) {
    await close();
    throw error;
  }
};
