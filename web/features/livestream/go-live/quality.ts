/**
 * The broadcast qualities offered on this device (issue 25 §2): what the camera is asked for and
 * the bitrate the encoder is held to. 720p at 2.5 Mbps and 480p at 1 Mbps are what a phone on a
 * mobile uplink sustains; the relay forwards them as they are (no transcoding).
 */
export type QualityId = '720p' | '480p';

export type Quality = { id: QualityId; width: number; height: number; frameRate: number; maxBitrate: number };

export const QUALITIES: readonly Quality[] = [
  { id: '720p', width: 1280, height: 720, frameRate: 30, maxBitrate: 2_500_000 },
  { id: '480p', width: 854, height: 480, frameRate: 30, maxBitrate: 1_000_000 },
];

export const qualityById = (id: QualityId): Quality =>
  QUALITIES.find((quality) => quality.id === id) ?? QUALITIES[0]!;

export type FacingMode = 'user' | 'environment';

/** Which camera to open: a picked device, else the facing side (phones), else the default. */
export type CameraChoice = { deviceId: string | null; facingMode: FacingMode | null };

/**
 * The camera constraints for a quality: `ideal` sizes, so a camera that cannot do 720p still opens
 * (at what it can), and a picked device is `exact` (the picker must not silently give another one).
 */
export function videoConstraints(quality: Quality, camera: CameraChoice): MediaTrackConstraints {
  const constraints: MediaTrackConstraints = {
    width: { ideal: quality.width },
    height: { ideal: quality.height },
    frameRate: { ideal: quality.frameRate, max: quality.frameRate },
  };
  if (camera.deviceId) constraints.deviceId = { exact: camera.deviceId };
  else if (camera.facingMode) constraints.facingMode = { ideal: camera.facingMode };
  return constraints;
}

/** The screen share's constraints: the quality's height as the ceiling, the frame rate as asked. */
export const screenConstraints = (quality: Quality): MediaTrackConstraints => ({
  height: { max: quality.height },
  frameRate: { ideal: quality.frameRate, max: quality.frameRate },
});

/** The microphone: a picked device exactly, with the browser's voice processing on. */
export function audioConstraints(deviceId: string | null): MediaTrackConstraints {
  const constraints: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true };
  if (deviceId) constraints.deviceId = { exact: deviceId };
  return constraints;
}

/** The other side's camera: the switch on phones. */
export const otherFacing = (facing: FacingMode | null): FacingMode =>
  facing === 'environment' ? 'user' : 'environment';
