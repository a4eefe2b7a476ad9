import { Link } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { plantArtOf } from './art-keys';
import { PetArt, PotArt } from './garden-art';
import { PlantGrowth } from './garden-cards';
import { plantNow, rarityName } from './plant-status';
import { useGarden } from './queries';
import { useNow } from './use-now';
import './garden.css';

/** Completed short views grow the plants on the server: re-read this often while the feed plays. */
const REFETCH_MS = 5000;

/**
 * The pet feed panel beside /reels on medium and larger screens (content §2.2, issues 12 and 23.1):
 * the active pet (the newest), every plant growing with its stage and progress, moving while the
 * viewer watches, the other pets, and the way to /graden. Signed-out viewers see nothing.
 */
export function PetPanel() {
  const owner = useSession().info?.address;
  const garden = useGarden(owner, REFETCH_MS);
  const now = useNow();
  if (!owner) return null;
  const growing = garden.data?.plants.filter((plant) => plant.potAddress !== null) ?? [];
  const pets = garden.data?.pets ?? [];
  const [active, ...others] = pets;
  return (
    <aside className="pet-panel" aria-label="Pet panel" data-testid="pet-panel">
      {active ? (
        <div className="pet-active" data-testid="pet-active">
          <PetArt rarity={active.rarity} />
          <span className="garden-card-name">{active.name}</span>
          <span className="garden-rarity">{rarityName(active.rarity)} · Active pet</span>
        </div>
      ) : (
        <span className="garden-empty">No pet yet</span>
      )}
      {growing.length > 0 ? (
        <ul className="pet-plants" data-testid="pet-plants">
          {growing.map((plant) => {
            const current = plantNow(plant, now);
            const pot = garden.data?.pots.find((p) => p.address === plant.potAddress);
            return (
              <li key={plant.address} className="pet-plant">
                <PotArt
                  level={pot?.level ?? 1}
                  plant={{ art: plantArtOf(current), rarity: current.rarity }}
                />
                <div>
                  <span className="garden-card-name">{current.name}</span>
                  <PlantGrowth plant={current} />
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <span className="garden-empty">Nothing planted</span>
      )}
      {others.length > 0 && (
        <ul className="pet-list" aria-label="Other pets" data-testid="pet-list">
          {others.map((pet) => (
            <li key={pet.address}>
              {pet.name} · {rarityName(pet.rarity)}
            </li>
          ))}
        </ul>
      )}
      <Link to="/graden">Graden</Link>
    </aside>
  );
}
