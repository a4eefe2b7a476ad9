import type { RtpPacket } from 'werift';

/**
 * A received packet as bytes to forward: without the publisher's header extensions, whose ids were
 * negotiated with the publisher and mean something else (or nothing) to a viewer or to ffmpeg;
 * each viewer's sender adds its own. Padding-only packets (bandwidth probes) are hop-local: null.
 */
export const forwardable = (packet: RtpPacket): Buffer | null => {
  if (packet.payload.length === 0) return null;
  const copy = packet.clone();
  copy.header.extensions = [];
  copy.header.extension = false;
  copy.header.padding = false;
  return copy.serialize();
};

/** The same bytes with another payload type (ffmpeg's SDP names fixed ones). */
export const withPayloadType = (bytes: Buffer, payloadType: number): Buffer => {
  const copy = Buffer.from(bytes);
  copy[1] = ((copy[1] ?? 0) & 0x80) | (payloadType & 0x7f);
  return copy;
};
