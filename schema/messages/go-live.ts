/**
 * Texts of "Go live from this device" and the real-time player (issue 25); the spec is silent on
 * them (it knows only external encoders). Own module: only /livestream's go-live chunk loads it.
 */
export const GO_LIVE_MESSAGES = {
  title: 'Go live from this device',
  intro: 'Broadcast your camera or screen straight from this browser, no encoder needed.',
  open: 'Use this device',
  goLive: 'Go live',
  end: 'End',
  mute: 'Mute',
  unmute: 'Unmute',
  cameraOff: 'Camera off',
  cameraOn: 'Camera on',
  switchCamera: 'Switch camera',
  sourceCamera: 'Camera',
  sourceScreen: 'Screen',
  camera: 'Camera',
  microphone: 'Microphone',
  quality: 'Quality',
  sessionTitle: 'Title',
  states: {
    idle: 'Not broadcasting',
    starting: 'Connecting...',
    live: 'Live',
    reconnecting: 'Connection lost, reconnecting...',
    ending: 'Ending...',
    failed: 'Not broadcasting',
  },
  /** The broadcast gave up resuming after the network stayed away. */
  connectionLost: 'The connection was lost and could not be restored. Go live again or End.',
  noMediaPermission: 'Allow the camera and microphone for this site to go live.',
  noDevice: 'No camera or microphone was found on this device.',
  mediaFailed: 'The camera or microphone could not be started.',
  noWebrtc: 'This browser cannot broadcast: use OBS or ffmpeg with the configuration above.',
  keyRefused: 'The stream key was refused: it may have been regenerated. Reload the page.',
  keyInactive: 'This stream key is not active',
  busy: 'Another device or encoder is already broadcasting with this key.',
  publishFailed: 'Could not reach the media server. Try again.',
  realtime: 'Real-time',
  /** The studio's stage while this device broadcasts: no player of its own stream (a phone's data). */
  stageTitle: 'Live from this device',
  stageBody: 'Viewers see your camera in real time. Your preview is with the controls.',
} as const;
