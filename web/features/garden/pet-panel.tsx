import { Link } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { PlantGrowth } from './garden-cards';
import { plantNow, rarityName } from './plant-status';
import { useGarden } from './queries';
import { useNow } from './use-now';
import './garden.css';

/** Completed short views grow the plant on the server: re-read this often while the feed plays. */
const REFETCH_MS = 5000;

/**
 * The pet feed panel beside /reels on medium and larger screens (content §2.2, issue 12): the
 * planted plant's stage and progress, moving while the viewer watches, the pets, and the way to
 * /graden. Signed-out viewers see nothing.
 */
export function PetPanel() {
  const owner = useSession().info?.address;
  const garden = useGarden(owner, REFETCH_MS);
  const now = useNow();
  if (!owner) return null;
  const planted = garden.data?.plants.find((plant) => plant.potAddress !== null);
  const pets = garden.data?.pets ?? [];
  return (
    <aside className="pet-panel" aria-label="Pet panel" data-testid="pet-panel">
      {planted ? (
        <>
          <span className="garden-card-name">{planted.name}</span>
          <PlantGrowth plant={plantNow(planted, now)} />
        </>
      ) : (
        <span className="garden-empty">Nothing planted</span>
      )}
      <ul className="pet-list" data-testid="pet-list">
        {pets.map((pet) => (
          <li key={pet.address}>
            {pet.name} · {rarityName(pet.rarity)}
          </li>
        ))}
      </ul>
      <Link to="/graden">Graden</Link>
    </aside>
  );
}
