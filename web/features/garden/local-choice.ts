import { GARDEN_PLANTED_KEY as PLANTED_KEY, GARDEN_POT_KEY as POT_KEY } from '../../data/garden-choices';

/**
 * What the garden remembers in local browser storage (content §2.10): the seeds planted from this
 * browser and the pot chosen for planting. Plain localStorage, per device; logout clears it
 * (the keys live in data/garden-choices.ts).
 */

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the server still knows what was planted.
  }
};

export const plantedSeeds = (): string[] => {
  try {
    const parsed: unknown = JSON.parse(read(PLANTED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
};

export const rememberPlanting = (seed: string, pot: string) => {
  write(PLANTED_KEY, JSON.stringify([...new Set([...plantedSeeds(), seed])]));
  write(POT_KEY, pot);
};

export const chosenPot = () => read(POT_KEY);
export const choosePot = (pot: string) => write(POT_KEY, pot);
