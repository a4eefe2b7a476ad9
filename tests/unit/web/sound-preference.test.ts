import { describe, expect, it, vi } from 'vitest';
import {
  createSoundStore,
  mutedOf,
  playWithSound,
  toggleSound,
} from '../../../web/features/player/sound-preference';

/** A localStorage stand-in: what one device keeps between visits. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const refused = () => new DOMException('play() needs a user gesture', 'NotAllowedError');

/** A <video> whose play() the browser refuses with sound (no gesture yet) and allows muted. */
function videoOfAPageWithoutGesture() {
  const video = {
    muted: false,
    play: vi.fn(() => (video.muted ? Promise.resolve() : Promise.reject(refused()))),
  };
  return video;
}

describe('the sound preference', () => {
  it('is sound on for a first visit', () => {
    const store = createSoundStore(() => memoryStorage());
    expect(store.get()).toEqual({ soundOn: true, blocked: false });
    expect(mutedOf(store.get())).toBe(false);
  });

  it('keeps a mute for the next visit, and an unmute after it', () => {
    const storage = memoryStorage();
    createSoundStore(() => storage).setSoundOn(false);
    const nextVisit = createSoundStore(() => storage);
    expect(mutedOf(nextVisit.get())).toBe(true);
    nextVisit.setSoundOn(true);
    expect(mutedOf(createSoundStore(() => storage).get())).toBe(false);
  });

  it('still works where storage throws, with sound on and the choice held on the page', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createSoundStore(() => throwing);
    expect(store.get().soundOn).toBe(true);
    store.setSoundOn(false);
    expect(mutedOf(store.get())).toBe(true);
  });

  it('shows muted while the browser holds sound back, until a gesture allows it', () => {
    const store = createSoundStore(() => memoryStorage());
    store.markBlocked();
    expect(mutedOf(store.get())).toBe(true);
    expect(store.get().soundOn).toBe(true);
    store.allowSound();
    expect(mutedOf(store.get())).toBe(false);
  });

  it('toggles what plays now: a press while the browser held sound back brings sound', () => {
    const store = createSoundStore(() => memoryStorage());
    store.markBlocked();
    toggleSound(store);
    expect(store.get()).toEqual({ soundOn: true, blocked: false });
    toggleSound(store);
    expect(store.get()).toEqual({ soundOn: false, blocked: false });
  });

  it('tells its listeners of each change', () => {
    const store = createSoundStore(() => memoryStorage());
    const listener = vi.fn();
    store.subscribe(listener);
    store.setSoundOn(false);
    store.setSoundOn(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('playWithSound', () => {
  it('plays with sound when the browser allows it', async () => {
    const store = createSoundStore(() => memoryStorage());
    const video = { muted: true, play: vi.fn(() => Promise.resolve()) };
    await playWithSound(video, store, false);
    expect(video.muted).toBe(false);
    expect(mutedOf(store.get())).toBe(false);
  });

  it('plays muted, and says so, when the browser refuses sound before any gesture', async () => {
    const store = createSoundStore(() => memoryStorage());
    const video = videoOfAPageWithoutGesture();
    await playWithSound(video, store, false);
    expect(video.play).toHaveBeenCalledTimes(2);
    expect(video.muted).toBe(true);
    expect(store.get()).toEqual({ soundOn: true, blocked: true });
  });

  it('tries sound again for a video started after a gesture', async () => {
    const store = createSoundStore(() => memoryStorage());
    store.markBlocked();
    const video = { muted: true, play: vi.fn(() => Promise.resolve()) };
    await playWithSound(video, store, true);
    expect(video.muted).toBe(false);
    expect(store.get().blocked).toBe(false);
  });

  it('plays muted by the viewer’s choice without asking for sound', async () => {
    const storage = memoryStorage();
    createSoundStore(() => storage).setSoundOn(false);
    const store = createSoundStore(() => storage);
    const video = videoOfAPageWithoutGesture();
    await playWithSound(video, store, false);
    expect(video.play).toHaveBeenCalledTimes(1);
    expect(video.muted).toBe(true);
    expect(store.get().blocked).toBe(false);
  });

  it('leaves a video that cannot play paused, and sound as it was', async () => {
    const store = createSoundStore(() => memoryStorage());
    const video = {
      muted: false,
      play: vi.fn(() => Promise.reject(new DOMException('no source', 'NotSupportedError'))),
    };
    await playWithSound(video, store, false);
    expect(video.play).toHaveBeenCalledTimes(1);
    expect(store.get().blocked).toBe(false);
  });
});
