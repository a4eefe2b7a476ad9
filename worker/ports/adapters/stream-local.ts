import { isLiveAt } from '../../live/liveness';
import { localPlaybackUrl, newPlaybackId, newSecretKey } from '../../live/local-credentials';
import { deleteLiveObjects } from '../../live/objects';
import { getLiveKeyByPlaybackId } from '../../live/queries';
import { localWhepPath, localWhipUrl, relayIsPublishing, relayUrlOf } from '../../live/webrtc-relay';
import type { StreamProvider } from '../stream-provider';

/**
 * The local ingest (DESIGN.md §7): the encoder PUTs HLS to `<origin>/ingest/<secret key>/index.m3u8`,
 * this worker stores it in R2 (worker/live/) and plays it from `/hls/<playbackId>/index.m3u8`.
 * Nothing is called out; "active" means a segment arrived within 3 target durations. WebRTC
 * (issue 25) goes through the local relay when `WEBRTC_RELAY_URL` names one: WHIP at `<origin>/whip`
 * with the secret key as Bearer, WHEP at `/whep/<playbackId>` while the relay has a publisher.
 */
export const localStreamProvider = (env: Env, origin: string): StreamProvider => ({
  name: 'local',
  ingestUrl: `${origin}/ingest`,
  createStream: async () => {
    const playbackId = newPlaybackId();
    return {
      providerStreamId: null,
      playbackId,
      streamKey: newSecretKey(),
      ingestUrl: `${origin}/ingest`,
      playbackUrl: localPlaybackUrl(playbackId),
      whipUrl: localWhipUrl(env, origin),
    };
  },
  isActive: async (stream) => {
    const key = await getLiveKeyByPlaybackId(env.DB, stream.playbackId);
    return !!key && isLiveAt(key.clock, Date.now());
  },
  playbackUrl: async (stream) => localPlaybackUrl(stream.playbackId),
  webrtcPlaybackUrl: async (stream) => {
    const relayUrl = relayUrlOf(env);
    return relayUrl && (await relayIsPublishing(relayUrl, stream.playbackId))
      ? localWhepPath(stream.playbackId)
      : null;
  },
  regenerateKey: async () => ({ streamKey: newSecretKey() }),
  deleteStream: (stream) => deleteLiveObjects(env.MEDIA, stream.playbackId),
});
