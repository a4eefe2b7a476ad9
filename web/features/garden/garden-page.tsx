import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
import { showToast } from '../../ui/toast-store';
import { PotCard, SeedCard } from './garden-cards';
import { choosePot, chosenPot } from './local-choice';
import { withPending } from './optimistic';
import { useEvolve, useGarden, useStarterKit } from './queries';
import { useGardenWrites, usePendingGardenWrites } from './use-garden-writes';
import { useNow } from './use-now';
import './garden.css';

const TABS = ['Seeds', 'Items (coming soon)', 'Pots', 'Pets (coming soon)'] as const;
type Tab = (typeof TABS)[number];

const toggle = (current: string | null, address: string) => (current === address ? null : address);
const failed = (error: unknown) => showToast(error instanceof Error ? error.message : String(error), 'error');

/**
 * /graden (content §2.10, issue 12): tabs Seeds, Items (coming soon), Pots, Pets (coming soon) over a
 * 3-column grid. Selecting toggles; a selected seed shows Plant, a selected pot shows Use (it becomes
 * the pot seeds are planted in, remembered on this device). The first visit asks for the starter kit.
 */
export function GardenPage() {
  const session = useSession();
  const owner = session.info?.address;
  const garden = useGarden(owner);
  const starterKit = useStarterKit();
  const { plant, harvest } = useGardenWrites();
  const pending = usePendingGardenWrites(owner);
  const evolve = useEvolve();
  const now = useNow();
  const [tab, setTab] = useState<Tab>('Seeds');
  const [seed, setSeed] = useState<string | null>(null);
  const [pot, setPot] = useState<string | null>(null);
  const [usedPot, setUsedPot] = useState<string | null>(() => chosenPot());

  const { mutate: grantKit, isIdle: kitNotAsked } = starterKit;
  useEffect(() => {
    if (owner && kitNotAsked) grantKit();
  }, [owner, kitNotAsked, grantKit]);

  if (!owner) {
    return (
      <section className="page garden-page" aria-labelledby="garden-title">
        <h1 id="garden-title">Graden</h1>
        {session.loading ? (
          <p className="page-pending">Loading…</p>
        ) : (
          <p className="page-message">{MESSAGES.generic.loginRequired}</p>
        )}
      </section>
    );
  }

  // Plantings and harvests not yet answered show at once (and while they wait offline).
  const data = garden.data && withPending(garden.data, pending.plantings, pending.harvests);
  const waiting = new Map(pending.plantings.map((p) => [p.variables.potAddr, p.paused]));
  const seeds = data?.plants.filter((p) => !p.plantedAt || p.growthStage === 5) ?? [];
  const pots = data?.pots ?? [];
  const emptyPot =
    pots.find((p) => p.address === usedPot && !p.plantAddress) ?? pots.find((p) => !p.plantAddress);

  const plantSelected = () => {
    if (!seed || !emptyPot) {
      showToast('Choose an empty pot first', 'error');
      return;
    }
    const seedName = seeds.find((s) => s.address === seed)?.name ?? seed;
    // Refusals are shown by the mutation's defaults, which also serve a planting resumed later.
    plant.mutate({ owner, potAddr: emptyPot.address, plantAddr: seed, seedName });
    setSeed(null);
  };

  return (
    <section className="page garden-page" aria-labelledby="garden-title">
      <h1 id="garden-title">Graden</h1>
      <div className="garden-tabs" role="tablist">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className="garden-tab"
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {garden.isPending && <p className="page-pending">Loading…</p>}
      {tab === 'Seeds' && (
        <>
          <ul className="garden-grid" data-testid="garden-seeds">
            {seeds.map((s) => (
              <SeedCard
                key={s.address}
                seed={s}
                selected={seed === s.address}
                onToggle={() => setSeed(toggle(seed, s.address))}
                onEvolve={() => evolve.mutate({ plantAddr: s.address, receiver: owner }, { onError: failed })}
              />
            ))}
          </ul>
          {seed && seeds.find((s) => s.address === seed && !s.plantedAt) && (
            <button type="button" className="button button-primary" onClick={plantSelected}>
              Plant
            </button>
          )}
        </>
      )}
      {tab === 'Pots' && (
        <>
          <ul className="garden-grid" data-testid="garden-pots">
            {pots.map((p) => {
              const grown = data?.plants.find((x) => x.address === p.plantAddress);
              return (
                <PotCard
                  key={p.address}
                  pot={p}
                  plant={grown}
                  now={now}
                  waiting={waiting.get(p.address)}
                  selected={pot === p.address}
                  onToggle={() => setPot(toggle(pot, p.address))}
                  onHarvest={() =>
                    grown && harvest.mutate({ owner, plantAddr: grown.address, plantName: grown.name })
                  }
                />
              );
            })}
          </ul>
          {pot && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                choosePot(pot);
                setUsedPot(pot);
                setPot(null);
                setTab('Seeds');
              }}
            >
              Use
            </button>
          )}
        </>
      )}
      {(tab === 'Items (coming soon)' || tab === 'Pets (coming soon)') && (
        <p className="page-message">Coming soon</p>
      )}
    </section>
  );
}
