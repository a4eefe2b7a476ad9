import { useEffect, useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { useOfflineIds } from './offline-ids';

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving'; loaded: number; total: number | null }
  | { status: 'saved' }
  | { status: 'error'; message: string };

const SAVE_FAILED = 'Could not save this video for offline. Check your connection and try again.';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Save for offline of one video: progress while the file comes in, Cancel (nothing is kept), Remove.
 * Leaving the page cancels a save in progress: a half-saved file would have no one to finish it.
 */
export function useSaveForOffline(video: Video) {
  const kept = useOfflineIds().has(video.id);
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  // Removed here, in another tab or on the Downloads page: back to Save for offline.
  useEffect(() => {
    if (!kept) setState((current) => (current.status === 'saved' ? { status: 'idle' } : current));
  }, [kept]);

  const save = async () => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'saving', loaded: 0, total: null });
    try {
      const store = await import('../../data/offline-media-store');
      // Asked at the first save; a browser that already granted it answers at once.
      await store.askPersistentStorage().catch(() => false);
      await store.downloadForOffline(video, 'saved', {
        signal: abort.signal,
        onProgress: ({ loaded, total }) => {
          if (!abort.signal.aborted) setState({ status: 'saving', loaded, total });
        },
      });
      setState({ status: 'saved' });
      // The Downloads page's code, so it opens offline too (the service worker keeps loaded chunks).
      import('./downloads-page').catch(() => undefined);
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) setState({ status: 'idle' });
      else {
        const store = await import('../../data/offline-media-store');
        setState({
          status: 'error',
          message: error instanceof store.OfflineQuotaError ? error.message : SAVE_FAILED,
        });
      }
    } finally {
      controller.current = null;
    }
  };

  const cancel = () => controller.current?.abort();

  const remove = async () => {
    const { removeOffline } = await import('../../data/offline-media-store');
    await removeOffline(video.id);
    setState({ status: 'idle' });
  };

  // Kept here or elsewhere (another tab, an earlier visit): saved, unless a save is running.
  const shown: SaveState = state.status === 'idle' && kept ? { status: 'saved' } : state;
  return { state: shown, save, cancel, remove };
}
