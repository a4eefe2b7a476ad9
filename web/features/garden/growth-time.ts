import type { Plant } from '../../../schema/garden';

/**
 * What a growing plant's progress bar says: the percent grown and the time left, both from the
 * plant as it stands now (plant-status.ts `plantNow`). Time left assumes no more growth is added,
 * so a watched short or an item only ever brings it closer.
 */

type Growth = Pick<Plant, 'extendedGrowthPercent' | 'baseGrowDuration'>;

/** Whole seconds until the plant reaches 100 % at the pace of its base grow duration. */
export const secondsLeft = ({ extendedGrowthPercent, baseGrowDuration }: Growth): number =>
  Math.max(0, Math.ceil(((100 - extendedGrowthPercent) / 100) * baseGrowDuration));

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '2 d 3 h left', '1 h 5 min left', '12 min left', 'Under a minute left', or 'Ready' at 0. */
export const formatTimeLeft = (seconds: number): string => {
  if (seconds <= 0) return 'Ready';
  if (seconds < MINUTE) return 'Under a minute left';
  // Minutes round up: '1 min left' until it is under a minute, never '0 min left'.
  const minutes = Math.ceil(seconds / MINUTE);
  if (minutes < 60) return `${minutes} min left`;
  if (seconds < DAY) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min left` : `${hours} h left`;
  }
  const days = Math.floor(seconds / DAY);
  const hours = Math.ceil((seconds % DAY) / HOUR);
  return hours ? `${days} d ${hours} h left` : `${days} d left`;
};

/**
 * The bar's value (whole percent, 0–100, never rounded up to a 100 that is not there), the time
 * left in words, and both together for the bar's aria-valuetext.
 */
export const growthProgress = (plant: Growth): { value: number; timeLeft: string; label: string } => {
  const value = Math.min(100, Math.max(0, Math.floor(plant.extendedGrowthPercent)));
  const timeLeft = formatTimeLeft(secondsLeft(plant));
  return { value, timeLeft, label: `${value}%, ${timeLeft}` };
};
