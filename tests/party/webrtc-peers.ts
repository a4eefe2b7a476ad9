import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, useOPUS, useVP8 } from 'werift';

/** Test peers on werift: what a WHIP encoder and a WHEP player do, with hand-made RTP. */

const waitForGathering = async (pc: RTCPeerConnection) => {
  if (pc.iceGatheringState === 'complete') return;
  await pc.iceGatheringStateChange.watch((state) => state === 'complete', 5_000);
};

/** A publisher offering VP8 + Opus (sendonly); `send()` writes one fake video packet. */
export const testPublisher = async () => {
  const pc = new RTCPeerConnection({ iceServers: [], codecs: { video: [useVP8()], audio: [useOPUS()] } });
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  const videoTransceiver = pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await waitForGathering(pc);
  let sequenceNumber = 0;
  let keyframeRequests = 0;
  videoTransceiver.sender.onPictureLossIndication.subscribe(() => {
    keyframeRequests += 1;
  });
  return {
    pc,
    offer: pc.localDescription?.sdp ?? '',
    /** Applies the relay's SDP answer. */
    accept: (sdp: string) => pc.setRemoteDescription({ type: 'answer', sdp }),
    /** One VP8-shaped packet whose payload carries `marker` in its last byte. */
    send: (marker: number) => {
      sequenceNumber += 1;
      const header = new RtpHeader({
        payloadType: 96,
        sequenceNumber,
        timestamp: sequenceNumber * 3000,
        marker: true,
      });
      video.writeRtp(new RtpPacket(header, Buffer.from([0x10, 0x00, 0x9d, 0x01, 0x2a, marker])));
    },
    keyframeRequests: () => keyframeRequests,
  };
};

/** A viewer offering to receive VP8 + Opus; `received` lists the last payload byte of each video packet. */
export const testViewer = async () => {
  const pc = new RTCPeerConnection({ iceServers: [], codecs: { video: [useVP8()], audio: [useOPUS()] } });
  const received: number[] = [];
  const videoTransceiver = pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  videoTransceiver.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((packet) => {
      received.push(packet.payload[packet.payload.length - 1] ?? -1);
    });
  });
  await pc.setLocalDescription(await pc.createOffer());
  await waitForGathering(pc);
  return {
    pc,
    offer: pc.localDescription?.sdp ?? '',
    accept: (sdp: string) => pc.setRemoteDescription({ type: 'answer', sdp }),
    received,
  };
};
