import type { Item, Pet, Plant, Pot } from '../../../schema/garden';
import { itemArtOf, plantArtOf } from './art-keys';
import { ItemArt, PetArt, PlantArt, PotArt } from './garden-art';
import { growthProgress } from './growth-time';
import { plantNow, rarityName, stageName, statusText } from './plant-status';

type Selectable = { selected: boolean; onToggle: () => void };

/**
 * Growth of a plant: stage name, a progress bar with the percent and the time left, and
 * 'Ready to Harvest' / 'Growing'. A harvested plant (stage 5) shows its stage only.
 */
export function PlantGrowth({ plant }: { plant: Plant }) {
  const { value, timeLeft, label } = growthProgress(plant);
  const growing = plant.growthStage < 5;
  return (
    <div className="garden-growth">
      <span data-testid="garden-stage">
        Stage {plant.growthStage}: {stageName(plant.growthStage)}
      </span>
      {growing && (
        <>
          <div
            className="garden-bar"
            role="progressbar"
            aria-label={`${plant.name} growth`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            aria-valuetext={label}
          >
            <div className="garden-bar-fill" style={{ transform: `scaleX(${value / 100})` }} />
          </div>
          <span className="garden-figures">
            <span data-testid="garden-percent">{value}%</span>
            <span data-testid="garden-time-left">{timeLeft}</span>
          </span>
          <span className="garden-status">{statusText(plant)}</span>
        </>
      )}
    </div>
  );
}

/** A seed (an unplanted plant) or a harvested plant: picture, name and rarity; a harvested one evolves. */
export function SeedCard({
  seed,
  selected,
  onToggle,
  onEvolve,
}: Selectable & { seed: Plant; onEvolve: () => void }) {
  const harvested = seed.growthStage === 5;
  return (
    <li className={`garden-card${selected ? ' is-selected' : ''}`}>
      <button type="button" className="garden-card-pick" aria-pressed={selected} onClick={onToggle}>
        <PlantArt art={plantArtOf(seed)} rarity={seed.rarity} />
        <span className="garden-card-name">{seed.name}</span>
        <span className="garden-rarity">{rarityName(seed.rarity)}</span>
        {harvested && <PlantGrowth plant={seed} />}
      </button>
      {harvested && (
        <button type="button" className="button button-primary" onClick={onEvolve}>
          Evolve to Pet
        </button>
      )}
    </li>
  );
}

/**
 * A pot and what grows in it, drawn together; a ready plant can be harvested from here. `waiting`:
 * a planting in this pot is not answered yet (true while it waits offline in the outbox).
 */
export function PotCard({
  pot,
  plant,
  now,
  waiting,
  selected,
  onToggle,
  onHarvest,
}: Selectable & {
  pot: Pot;
  plant: Plant | undefined;
  now: number;
  waiting: boolean | undefined;
  onHarvest: () => void;
}) {
  const growing = plant && plantNow(plant, now);
  return (
    <li className={`garden-card${selected ? ' is-selected' : ''}`}>
      <button type="button" className="garden-card-pick" aria-pressed={selected} onClick={onToggle}>
        <PotArt level={pot.level} plant={growing && { art: plantArtOf(growing), rarity: growing.rarity }} />
        <span className="garden-card-name">{pot.name}</span>
        <span className="garden-rarity">Level {pot.level}</span>
        {growing ? (
          <>
            <span>{growing.name}</span>
            <PlantGrowth plant={growing} />
            {waiting !== undefined && (
              <span className="garden-pending" data-testid="garden-pending">
                {waiting ? 'Not sent yet' : 'Sending…'}
              </span>
            )}
          </>
        ) : (
          <span className="garden-empty">Empty</span>
        )}
      </button>
      {growing?.readyToHarvest && (
        <button type="button" className="button button-primary" onClick={onHarvest}>
          Harvest
        </button>
      )}
    </li>
  );
}

/** An item the user owns: picture, name, what it does and the uses it has left. */
export function ItemCard({ item, selected, onToggle }: Selectable & { item: Item }) {
  return (
    <li className={`garden-card${selected ? ' is-selected' : ''}`}>
      <button type="button" className="garden-card-pick" aria-pressed={selected} onClick={onToggle}>
        <ItemArt art={itemArtOf(item.usageType)} />
        <span className="garden-card-name">{item.name}</span>
        <span className="garden-rarity">Growth +{item.effectValue}%</span>
        <span data-testid="garden-uses">
          {item.usesLeft > 0 ? `${item.usesLeft} of ${item.maxUsage} uses left` : 'No uses left'}
        </span>
      </button>
    </li>
  );
}

/** A pet: picture, name and rarity; the active one (the newest) says so. */
export function PetCard({ pet, active }: { pet: Pet; active: boolean }) {
  return (
    <li className="garden-card">
      <div className="garden-card-pick">
        <PetArt rarity={pet.rarity} />
        <span className="garden-card-name">{pet.name}</span>
        <span className="garden-rarity">{rarityName(pet.rarity)}</span>
        {active && <span className="garden-badge">Active</span>}
      </div>
    </li>
  );
}
