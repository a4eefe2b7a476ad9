import { PetCard } from './garden-cards';
import type { Garden } from './queries';

/** The Pets tab: every pet, newest (the active one, shown beside /reels) first. */
export function PetsTab({ garden }: { garden: Garden }) {
  if (garden.pets.length === 0) {
    return <p className="page-message">No pets yet: harvest a ready plant, then evolve it in Seeds</p>;
  }
  return (
    <ul className="garden-grid" data-testid="garden-pets">
      {garden.pets.map((pet, index) => (
        <PetCard key={pet.address} pet={pet} active={index === 0} />
      ))}
    </ul>
  );
}
