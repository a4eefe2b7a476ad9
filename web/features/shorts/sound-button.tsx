import { MutedIcon, VolumeIcon } from '../player/player-icons';
import { toggleSound, useSound } from '../player/sound-preference';
import './sound.css';

/**
 * Mute / Unmute over the short: it names the action and shows what plays now, muted by the
 * viewer's choice or by the browser until the first gesture. `data-sound-control` keeps the
 * first-gesture unmute (use-feed-sound.ts) from acting on a press of this button first.
 */
export function SoundButton() {
  const { muted } = useSound();
  return (
    <button
      type="button"
      className="sound-toggle"
      data-sound-control=""
      aria-label={muted ? 'Unmute' : 'Mute'}
      onClick={() => toggleSound()}
    >
      {muted ? <MutedIcon /> : <VolumeIcon />}
    </button>
  );
}
