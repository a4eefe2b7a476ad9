import { useSyncExternalStore } from 'react';

/*
 * The viewer's sound choice for shorts and videos. The choice (`soundOn`) is a UI preference of
 * this device, kept in localStorage under 'reel:sound' ('on' | 'off'; sound on until they mute).
 * `blocked` is this page's fact that the browser refused sound before any gesture (its autoplay
 * rule): what plays is then muted and shown muted, until a gesture allows sound again.
 */

export type SoundState = { soundOn: boolean; blocked: boolean };

/** What plays is muted: by the viewer's choice, or by the browser until a gesture. */
export const mutedOf = (state: SoundState): boolean => !state.soundOn || state.blocked;

const STORAGE_KEY = 'reel:sound';

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A sound store over `storage` (none, or one that throws, as in some private modes: sound on, not kept). */
export function createSoundStore(storage: () => PreferenceStorage | undefined) {
  const read = (): boolean => {
    try {
      return storage()?.getItem(STORAGE_KEY) !== 'off';
    } catch {
      return true;
    }
  };
  let state: SoundState = { soundOn: read(), blocked: false };
  const listeners = new Set<() => void>();
  const set = (next: SoundState) => {
    if (next.soundOn === state.soundOn && next.blocked === state.blocked) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: (): SoundState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The viewer's own choice: kept for the next visit; choosing sound is a gesture, so it is allowed. */
    setSoundOn(soundOn: boolean): void {
      try {
        storage()?.setItem(STORAGE_KEY, soundOn ? 'on' : 'off');
      } catch {
        // Not kept (storage full or refused): the choice still holds on this page.
      }
      set({ soundOn, blocked: soundOn ? false : state.blocked });
    },
    /** The browser refused to play with sound: what plays now is muted. */
    markBlocked(): void {
      set({ ...state, blocked: true });
    },
    /** A gesture happened: the browser allows sound from now on. */
    allowSound(): void {
      set({ ...state, blocked: false });
    },
  };
}

export type SoundStore = ReturnType<typeof createSoundStore>;

export const soundStore = createSoundStore(() =>
  typeof localStorage === 'undefined' ? undefined : localStorage,
);

/** The sound state, re-rendering on every change; `muted` is what plays now. */
export function useSound(): SoundState & { muted: boolean } {
  const state = useSyncExternalStore(soundStore.subscribe, soundStore.get, soundStore.get);
  return { ...state, muted: mutedOf(state) };
}

/** Mute what plays now, or unmute it: the button and the M key of the shorts feed. */
export function toggleSound(store: SoundStore = soundStore): void {
  store.setSoundOn(mutedOf(store.get()));
}

type Playable = Pick<HTMLMediaElement, 'muted' | 'play'>;

/** Whether the page has had a gesture (so the browser allows sound); unknown counts as yes. */
export const hadGesture = (): boolean =>
  typeof navigator === 'undefined' || (navigator.userActivation?.hasBeenActive ?? true);

/**
 * Plays `video` with the viewer's sound. After a gesture (a video opened by a click) it tries
 * sound again even if the browser refused it earlier on the page. When the browser refuses sound,
 * it plays muted instead and the store says so, so the controls show the truth. Any other
 * refusal leaves it paused.
 */
export async function playWithSound(
  video: Playable,
  store: SoundStore = soundStore,
  gestured: boolean = hadGesture(),
): Promise<void> {
  if (store.get().blocked && gestured) store.allowSound();
  video.muted = mutedOf(store.get());
  try {
    await video.play();
  } catch (error) {
    if (video.muted || !(error instanceof DOMException && error.name === 'NotAllowedError')) return;
    store.markBlocked();
    video.muted = true;
    await video.play().catch(() => undefined);
  }
}
