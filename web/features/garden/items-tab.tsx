import { useState } from 'react';
import { showToast } from '../../ui/toast-store';
import { ItemCard } from './garden-cards';
import { plantNow } from './plant-status';
import { type Garden, useItemOnPlant } from './queries';

/**
 * The Items tab: what the user owns, with the uses left. Selecting an item offers it to each plant
 * growing in a pot; the server has the last word (owner only, uses left, the plant still growing)
 * and its refusal is shown as it says it.
 */
export function ItemsTab({ owner, garden, now }: { owner: string; garden: Garden; now: number }) {
  const [selected, setSelected] = useState<string | null>(null);
  const itemUse = useItemOnPlant(owner);
  const item = garden.items.find((i) => i.address === selected);
  const growing = garden.plants
    .filter((p) => p.potAddress && !p.harvestedAt)
    .map((p) => plantNow(p, now))
    .filter((p) => !p.readyToHarvest);

  const apply = (plantAddr: string, plantName: string) => {
    if (!item) return;
    itemUse.mutate(
      { itemAddr: item.address, plantAddr },
      {
        onSuccess: () => showToast(`${item.name} used on ${plantName}: +${item.effectValue}%`, 'success'),
        onError: (error) => showToast(error.message, 'error'),
      },
    );
  };

  return (
    <>
      <ul className="garden-grid" data-testid="garden-items">
        {garden.items.map((i) => (
          <ItemCard
            key={i.address}
            item={i}
            selected={selected === i.address}
            onToggle={() => setSelected(selected === i.address ? null : i.address)}
          />
        ))}
      </ul>
      {garden.items.length === 0 && <p className="page-message">No items yet</p>}
      {item &&
        (item.usesLeft <= 0 ? (
          <p className="garden-hint">This item has no uses left</p>
        ) : growing.length === 0 ? (
          <p className="garden-hint">Plant a seed first: items work on growing plants</p>
        ) : (
          <div className="garden-actions">
            {growing.map((plant) => (
              <button
                key={plant.address}
                type="button"
                className="button button-primary"
                disabled={itemUse.isPending}
                onClick={() => apply(plant.address, plant.name)}
              >
                Use on {plant.name}
              </button>
            ))}
          </div>
        ))}
    </>
  );
}
