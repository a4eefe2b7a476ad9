import type { Plant, Pot } from '../../../schema/garden';
import { plantNow, rarityName, stageName, statusText } from './plant-status';

type Selectable = { selected: boolean; onToggle: () => void };

/** Growth of a plant: stage name, percent and 'Ready to Harvest' / 'Growing'. */
export function PlantGrowth({ plant }: { plant: Plant }) {
  const percent = Math.floor(plant.extendedGrowthPercent);
  return (
    <div className="garden-growth">
      <span data-testid="garden-stage">
        Stage {plant.growthStage}: {stageName(plant.growthStage)}
      </span>
      <progress max={100} value={percent} aria-label={`${plant.name} growth`} />
      <span data-testid="garden-percent">{percent}%</span>
      {plant.growthStage < 5 && <span className="garden-status">{statusText(plant)}</span>}
    </div>
  );
}

/** A seed (an unplanted plant) or a harvested plant: name and rarity; a harvested one evolves. */
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
 * A pot and what grows in it; a ready plant can be harvested from here. `waiting`: a planting in
 * this pot is not answered yet (true while it waits offline in the outbox).
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
