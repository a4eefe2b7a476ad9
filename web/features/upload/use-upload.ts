import { useCallback, useEffect, useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import { DIRECT_UPLOAD_PREFERRED_BYTES } from '../../../schema/uploads';
import { useUploadActivity } from '../pwa/use-upload-activity';
import { sendDirectUpload } from './direct-upload';
import { abortResumableUpload, sendResumableUpload } from './resumable-upload';
import { cancelledError, isCancelled, uploadFailureMessage } from './upload-errors';
import type { UploadInput } from './upload-input';
import { readVideoMetadata } from './video-metadata';

export type UploadPhase = 'idle' | 'preparing' | 'uploading' | 'success' | 'error';

export type UploadState = {
  phase: UploadPhase;
  /** Bytes of the file the server has, and the file's size. */
  loaded: number;
  total: number;
  /** Bytes a resumed upload would not send again; absent for one-request uploads. */
  kept?: number;
  waitingForNetwork: boolean;
  /** The spec's status text for the phase (content §4, §8). */
  message: string;
};

const IDLE: UploadState = { phase: 'idle', loaded: 0, total: 0, waitingForNetwork: false, message: '' };

/** The storage step's text; the bar beside it shows bytes and percent. */
export const UPLOADING_MESSAGE = 'Uploading to storage...';

/**
 * One video upload at a time: reads the file's metadata and poster frame ('Preparing upload...'),
 * sends small files in one request and large ones in resumable parts, and reports progress, then
 * 'Upload successful! Video type: x' or the failure. `onUploaded` runs after a success.
 */
export function useUpload(onUploaded: (video: Video) => void) {
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const current = useRef<Omit<UploadInput, 'metadata'> | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (input: Omit<UploadInput, 'metadata'>) => {
      const abort = new AbortController();
      controller.current = abort;
      current.current = input;
      const total = input.file.size;
      setState({ ...IDLE, phase: 'preparing', total, message: MESSAGES.upload.preparing });
      try {
        const metadata = await readVideoMetadata(input.file);
        if (abort.signal.aborted) throw cancelledError();
        setState((prev) => ({ ...prev, phase: 'uploading', message: UPLOADING_MESSAGE }));
        const send = total <= DIRECT_UPLOAD_PREFERRED_BYTES ? sendDirectUpload : sendResumableUpload;
        const video = await send(
          { ...input, metadata },
          {
            signal: abort.signal,
            onProgress: (loaded, kept) =>
              setState((prev) => ({ ...prev, loaded: Math.min(loaded, total), kept })),
            onWaitingForNetwork: (waitingForNetwork) => setState((prev) => ({ ...prev, waitingForNetwork })),
          },
        );
        setState({
          ...IDLE,
          phase: 'success',
          loaded: total,
          total,
          message: MESSAGES.upload.success(video.type),
        });
        onUploaded(video);
      } catch (error) {
        if (isCancelled(error)) {
          setState(IDLE);
          return;
        }
        console.error('Upload failed', error);
        setState((prev) => ({
          ...prev,
          phase: 'error',
          waitingForNetwork: false,
          message: uploadFailureMessage(error),
        }));
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [onUploaded],
  );

  /** Stops the upload in progress and drops what the server holds of it. */
  const cancel = useCallback(() => {
    const input = current.current;
    controller.current?.abort();
    if (input && input.file.size > DIRECT_UPLOAD_PREFERRED_BYTES) {
      void abortResumableUpload(input.userId, input.file);
    }
  }, []);

  const busy = state.phase === 'preparing' || state.phase === 'uploading';
  useUploadActivity(busy);
  return { state, busy, start, cancel, reset: () => setState(IDLE) };
}
