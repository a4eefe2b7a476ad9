import { type RTCRtpCodecParameters, type RTCRtpTransceiver, useH264, useOPUS, useVP8 } from 'werift';

/**
 * What a publisher may send: VP8 (every browser encodes it) or H.264 (OBS 30's WHIP output sends
 * only H.264), and Opus. Viewers get the publisher's own codec back, never a transcode.
 */
export const publishCodecs = () => ({ video: [useVP8(), useH264()], audio: [useOPUS()] });

/** Retransmission, redundancy and FEC formats ride beside the media codec; they are not it. */
const HELPER_CODEC = /\/(rtx|red|ulpfec|flexfec-03)$/i;

/** The media codec a transceiver negotiated (its first non-helper codec), or null. */
export const mediaCodecOf = (transceiver: RTCRtpTransceiver): RTCRtpCodecParameters | null =>
  transceiver.codecs.find((codec) => !HELPER_CODEC.test(codec.mimeType)) ?? null;
