import type { VideoMetadata } from './video-metadata';

/** Everything one upload sends: the file, the form and what the browser read from the file. */
export type UploadInput = {
  file: File;
  userId: string;
  title: string;
  description: string;
  isPublic: boolean;
  metadata: VideoMetadata;
};

export type UploadCallbacks = {
  /**
   * Bytes of the file the server has received so far; for a resumable upload also the bytes that
   * survive a reload (parts the server recorded and this device remembers).
   */
  onProgress: (loaded: number, kept?: number) => void;
  /** True while the upload waits for the network to come back. */
  onWaitingForNetwork: (waiting: boolean) => void;
  signal: AbortSignal;
};
