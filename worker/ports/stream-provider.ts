/**
 * The stream-provider port (DESIGN.md §7): where a creator's encoder pushes and where viewers
 * play. `local` takes HLS pushed over HTTP PUT into R2 (`/ingest/<secret key>/…`) and plays it from
 * `/hls/<playbackId>/index.m3u8`; `livepeer` is Livepeer Studio's REST API. Chosen by
 * `STREAM_PROVIDER`.
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
};

/** What the provider knows of a stream: the columns of a `stream_keys` row it needs. */
export type ProviderStreamRef = { providerStreamId: string | null; playbackId: string; streamKey: string };

export type StreamProvider = {
  readonly name: 'local' | 'livepeer';
  createStream(name: string): Promise<ProviderStream>;
  /** Whether media is arriving now. */
  isActive(stream: ProviderStreamRef): Promise<boolean>;
  /** The HLS playback URL, or null when the provider has none. */
  playbackUrl(stream: ProviderStreamRef): Promise<string | null>;
  /** A new secret key for the same stream (the old one stops working). */
  regenerateKey(stream: ProviderStreamRef): Promise<{ streamKey: string }>;
  deleteStream(stream: ProviderStreamRef): Promise<void>;
};
