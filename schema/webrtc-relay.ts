import * as z from 'zod/mini';

/*
 * What the worker and the local WebRTC relay (scripts/webrtc-relay) say to each other over
 * loopback HTTP (issue 25 §1). The relay is an internal adapter, as Livepeer is in production: the
 * worker is the front door that checks the stream key or playback id in D1 and forwards the SDP;
 * the relay trusts whatever the worker sends, so it listens on 127.0.0.1 only.
 */

/** `POST /publish/<playbackId>`: a publisher's SDP offer and where its HLS copy goes. */
export const RelayPublishSchema = z.object({
  sdp: z.string().check(z.minLength(1)),
  /** `<worker origin>/ingest/<secret key>`: ffmpeg pushes `index.m3u8`, its segments and `poster.jpg` there. */
  ingestUrl: z.url(),
});
export type RelayPublish = z.infer<typeof RelayPublishSchema>;

/** `POST /play/<playbackId>`: a viewer's recvonly SDP offer. */
export const RelayPlaySchema = z.object({ sdp: z.string().check(z.minLength(1)) });
export type RelayPlay = z.infer<typeof RelayPlaySchema>;

/** The relay's 201 to either: the SDP answer and the id that names the session for its DELETE. */
export const RelayAnswerSchema = z.object({
  resourceId: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  sdp: z.string(),
});
export type RelayAnswer = z.infer<typeof RelayAnswerSchema>;

/** `GET /streams/<playbackId>`: whether a WebRTC publisher is on air for that stream now. */
export const RelayStreamStateSchema = z.object({ publishing: z.boolean() });
export type RelayStreamState = z.infer<typeof RelayStreamStateSchema>;

/** The relay's error answers: `{error}` with a status (400 bad SDP, 404 no such stream/session, 409 taken). */
export const RelayErrorSchema = z.object({ error: z.string() });
