/**
 * The stream-provider port (DESIGN.md §7): where a creator's encoder pushes and where viewers
 * play. `local` takes HLS pushed over HTTP PUT into R2 (`/ingest/<secret key>/…`) and plays it from
 * `/hls/<playbackId>/index.m3u8`; `livepeer` is Livepeer Studio's REST API. Chosen by
 * `STREAM_PROVIDER`. Local playback URLs are path-only (they are stored, and must survive a change of
 * origin); Livepeer's are absolute.
 */
export type ProviderStream = {
  /** The provider's id of the stream (Livepeer's stream id); null for the local ingest. */
  providerStreamId: string | null;
  /** Public: names the playback URL, safe to show anyone. */
  playbackId: string;
  /** Secret: whoever holds it can broadcast. Only its owner ever sees it (DESIGN.md §11.1). */
  streamKey: string;
  /** The ingest server address an encoder is given (without the key). */
  ingestUrl: string;
  /** HLS playback URL. */
  playbackUrl: string;
  /** Where WebRTC publishing goes (WHIP), or null when the provider has none. Local: the worker's /whip, the key sent as Bearer; Cloudflare: the live input's webRTC.url. Secret-bearing: owner only. */
  whipUrl: string | null;
};

/** What the provider knows of a stream: the columns of a `stream_keys` row it needs. */
export type ProviderStreamRef = { providerStreamId: string | null; playbackId: string; streamKey: string };

/** What a key rotation changed: always the secret, and the stream's ids when the provider replaced it. */
export type RegeneratedKey = { streamKey: string } & Partial<
  Pick<ProviderStream, 'providerStreamId' | 'playbackId' | 'playbackUrl'>
>;

export type StreamProvider = {
  readonly name: 'local' | 'livepeer';
  /** The ingest server address encoders are given (without the key), same as `createStream` answers. */
  readonly ingestUrl: string;
  createStream(name: string): Promise<ProviderStream>;
  /** Whether media is arriving now. */
  isActive(stream: ProviderStreamRef): Promise<boolean>;
  /** The HLS playback URL, or null when the provider has none. */
  playbackUrl(stream: ProviderStreamRef): Promise<string | null>;
  /** The WHEP URL while the stream is being published over WebRTC and can be played that way, else null. */
  webrtcPlaybackUrl(stream: ProviderStreamRef): Promise<string | null>;
  /**
   * A new secret key (the old one stops working). Livepeer Studio cannot rotate a key in place, so
   * its adapter replaces the stream and also answers the new provider id, playback id and URL:
   * store every field returned.
   */
  regenerateKey(stream: ProviderStreamRef): Promise<RegeneratedKey>;
  deleteStream(stream: ProviderStreamRef): Promise<void>;
};

/** `fetch` as the Livepeer adapter takes it, so tests feed it recorded responses. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
