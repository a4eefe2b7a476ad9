/**
 * What the garden remembers in localStorage (content §2.10), named here so logout can forget it:
 * the addresses of the seeds planted from this browser and of the pot chosen for planting.
 *
 * | localStorage key          | what                                  |
 * | ------------------------- | ------------------------------------- |
 * | reel.garden.planted-seeds | JSON array of planted seeds' addresses |
 * | reel.garden.pot           | the chosen pot's address               |
 */
export const GARDEN_PLANTED_KEY = 'reel.garden.planted-seeds';
export const GARDEN_POT_KEY = 'reel.garden.pot';

/** Forgets the garden's choices (logout): they are addresses of the signed-out user's objects. */
export const clearGardenChoices = () => {
  try {
    localStorage.removeItem(GARDEN_PLANTED_KEY);
    localStorage.removeItem(GARDEN_POT_KEY);
  } catch {
    // Storage blocked: then nothing was written either.
  }
};
