import { useCallback, useEffect, useState } from 'react';
import { mediaErrorMessage } from './broadcast-rules';
import {
  audioConstraints,
  type FacingMode,
  otherFacing,
  type QualityId,
  qualityById,
  screenConstraints,
  videoConstraints,
} from './quality';

export type VideoSource = 'camera' | 'screen';

export type MediaChoice = {
  source: VideoSource;
  cameraId: string | null;
  microphoneId: string | null;
  facingMode: FacingMode | null;
  quality: QualityId;
};

export type LocalMedia = {
  choice: MediaChoice;
  video: MediaStreamTrack | null;
  audio: MediaStreamTrack | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  muted: boolean;
  cameraOff: boolean;
  error: string | null;
  /** getDisplayMedia exists here (not on phones' browsers). */
  canShareScreen: boolean;
  choose: (change: Partial<MediaChoice>) => void;
  switchFacing: () => void;
  setMuted: (muted: boolean) => void;
  setCameraOff: (off: boolean) => void;
};

const INITIAL: MediaChoice = {
  source: 'camera',
  cameraId: null,
  microphoneId: null,
  facingMode: null,
  quality: '720p',
};

const canShareScreen = () => typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/**
 * The device's camera (or screen) and microphone for "Go live from this device": opened when the
 * panel opens, reopened when a picker, the facing side or the quality changes, stopped when it
 * closes. Mute and camera off disable the track (the broadcast keeps sending silence and black,
 * so it needs no renegotiation); a new track replaces the old one in the running broadcast.
 */
export function useLocalMedia(): LocalMedia {
  const [choice, setChoice] = useState<MediaChoice>(INITIAL);
  const [video, setVideo] = useState<MediaStreamTrack | null>(null);
  const [audio, setAudio] = useState<MediaStreamTrack | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { source, cameraId, facingMode, quality, microphoneId } = choice;

  const readDevices = useCallback(async () => {
    const list = await navigator.mediaDevices.enumerateDevices().catch(() => []);
    setDevices(list.filter((device) => device.deviceId));
  }, []);

  useEffect(() => {
    navigator.mediaDevices?.addEventListener('devicechange', readDevices);
    return () => navigator.mediaDevices?.removeEventListener('devicechange', readDevices);
  }, [readDevices]);

  useEffect(() => {
    let cancelled = false;
    let track: MediaStreamTrack | null = null;
    const target = qualityById(quality);
    const open =
      source === 'screen'
        ? navigator.mediaDevices.getDisplayMedia({ video: screenConstraints(target), audio: false })
        : navigator.mediaDevices.getUserMedia({
            video: videoConstraints(target, { deviceId: cameraId, facingMode }),
          });
    open
      .then((stream) => {
        track = stream.getVideoTracks()[0] ?? null;
        if (cancelled) return track?.stop();
        // The browser's own "Stop sharing" ends a screen share: back to the camera.
        track?.addEventListener('ended', () => {
          if (source === 'screen') setChoice((current) => ({ ...current, source: 'camera' }));
        });
        setVideo(track);
        setError(null);
        void readDevices();
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setVideo(null);
        // A declined screen picker leaves the camera on.
        if (source === 'screen') setChoice((current) => ({ ...current, source: 'camera' }));
        else setError(mediaErrorMessage(failure));
      });
    return () => {
      cancelled = true;
      track?.stop();
    };
  }, [source, cameraId, facingMode, quality, readDevices]);

  useEffect(() => {
    let cancelled = false;
    let track: MediaStreamTrack | null = null;
    navigator.mediaDevices
      .getUserMedia({ audio: audioConstraints(microphoneId) })
      .then((stream) => {
        track = stream.getAudioTracks()[0] ?? null;
        if (cancelled) return track?.stop();
        setAudio(track);
        void readDevices();
      })
      .catch(() => {
        // Without a microphone the broadcast goes out silent; the camera's error says the rest.
        if (!cancelled) setAudio(null);
      });
    return () => {
      cancelled = true;
      track?.stop();
    };
  }, [microphoneId, readDevices]);

  useEffect(() => {
    if (audio) audio.enabled = !muted;
  }, [audio, muted]);
  useEffect(() => {
    if (video) video.enabled = !cameraOff;
  }, [video, cameraOff]);

  const choose = useCallback(
    (change: Partial<MediaChoice>) => setChoice((current) => ({ ...current, ...change })),
    [],
  );
  const switchFacing = useCallback(
    () =>
      setChoice((current) => ({ ...current, cameraId: null, facingMode: otherFacing(current.facingMode) })),
    [],
  );

  return {
    choice,
    video,
    audio,
    cameras: devices.filter((device) => device.kind === 'videoinput'),
    microphones: devices.filter((device) => device.kind === 'audioinput'),
    muted,
    cameraOff,
    error,
    canShareScreen: canShareScreen(),
    choose,
    switchFacing,
    setMuted,
    setCameraOff,
  };
}
