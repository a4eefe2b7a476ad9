import { ReelsPage } from '../shorts/reels-page';
import { PetPanel } from './pet-panel';

/** /reels with the pet panel beside the feed (content §2.2; the panel hides below medium screens). */
export function ReelsWithPetPanel() {
  return (
    <>
      <ReelsPage />
      <PetPanel />
    </>
  );
}
