import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
import { showToast } from '../../ui/toast-store';
import { PotCard, SeedCard } from './garden-cards';
import { gardenGuide } from './garden-guide';
import { GARDEN_PANEL_ID, type GardenTab, GardenTabs, tabId } from './garden-tabs';
import { ItemsTab } from './items-tab';
import { choosePot, chosenPot } from './local-choice';
import { withPending } from './optimistic';
import { PetsTab } from './pets-tab';
import { useEvolve, useGarden, useStarterKit } from './queries';
import { useGardenWrites, usePendingGardenWrites } from './use-garden-writes';
import { useNow } from './use-now';
import './garden.css';

const toggle = (current: string | null, address: string) => (current === address ? null : address);
const failed = (error: unknown) => showToast(error instanceof Error ? error.message : String(error), 'error');

/**
 * /graden (content §2.10, issues 12 and 23.1): tabs Seeds, Items, Pots, Pets over the grid (3
 * columns from tablet width). Selecting toggles; a selected seed shows Plant; a selected empty pot
 * shows Use, which leads to planting: it becomes the pot seeds go in (remembered on this device)
 * and the Seeds tab opens to pick one, or the seed already picked is planted. The first visit asks
 * for the starter kit.
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
  const [tab, setTab] = useState<GardenTab>('Seeds');
  const [seed, setSeed] = useState<string | null>(null);
  const [pot, setPot] = useState<string | null>(null);
  const [usedPot, setUsedPot] = useState<string | null>(() => chosenPot());
  const [pickSeedFor, setPickSeedFor] = useState<string | null>(null);
  const seedGrid = useRef<HTMLUListElement>(null);

  const { mutate: grantKit, isIdle: kitNotAsked } = starterKit;
  useEffect(() => {
    if (owner && kitNotAsked) grantKit();
  }, [owner, kitNotAsked, grantKit]);

  // After a pot's Use, the first seed takes the focus so a keyboard user goes on planting.
  useEffect(() => {
    if (pickSeedFor && tab === 'Seeds') seedGrid.current?.querySelector('button')?.focus();
  }, [pickSeedFor, tab]);

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
  const selectedPot = pots.find((p) => p.address === pot);

  const plantIn = (potAddr: string, seedAddr: string) => {
    const seedName = seeds.find((s) => s.address === seedAddr)?.name ?? seedAddr;
    // Refusals are shown by the mutation's defaults, which also serve a planting resumed later.
    plant.mutate({ owner, potAddr, plantAddr: seedAddr, seedName });
    setSeed(null);
    setPickSeedFor(null);
  };
  const plantSelected = () => {
    if (!seed || !emptyPot) {
      showToast('Choose an empty pot first', 'error');
      return;
    }
    plantIn(emptyPot.address, seed);
  };
  const plantInPot = (potAddr: string) => {
    choosePot(potAddr);
    setUsedPot(potAddr);
    setPot(null);
    const chosenSeed = seed && seeds.find((s) => s.address === seed && !s.plantedAt);
    if (chosenSeed) {
      plantIn(potAddr, chosenSeed.address);
      setTab('Pots');
      return;
    }
    setPickSeedFor(potAddr);
    setTab('Seeds');
  };
  const pickingFor = pots.find((p) => p.address === pickSeedFor && !p.plantAddress);

  return (
    <section className="page garden-page" aria-labelledby="garden-title">
      <h1 id="garden-title">Graden</h1>
      <p className="garden-guide" data-testid="garden-guide">
        {gardenGuide()}
      </p>
      <GardenTabs tab={tab} onChange={setTab} />
      <div id={GARDEN_PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} className="garden-panel">
        {garden.isPending && <p className="page-pending">Loading…</p>}
        {tab === 'Seeds' && (
          <>
            {pickingFor && (
              <p className="garden-hint" role="status">
                Choose a seed to plant in {pickingFor.name}
              </p>
            )}
            <ul className="garden-grid" data-testid="garden-seeds" ref={seedGrid}>
              {seeds.map((s) => (
                <SeedCard
                  key={s.address}
                  seed={s}
                  selected={seed === s.address}
                  onToggle={() => setSeed(toggle(seed, s.address))}
                  onEvolve={() =>
                    evolve.mutate({ plantAddr: s.address, receiver: owner }, { onError: failed })
                  }
                />
              ))}
            </ul>
            {seed && seeds.find((s) => s.address === seed && !s.plantedAt) && (
              <div className="garden-actions">
                <button type="button" className="button button-primary" onClick={plantSelected}>
                  Plant
                </button>
              </div>
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
            {selectedPot && (
              <div className="garden-actions">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={!!selectedPot.plantAddress}
                  aria-describedby={selectedPot.plantAddress ? 'garden-pot-full' : undefined}
                  onClick={() => plantInPot(selectedPot.address)}
                >
                  Use
                </button>
                {selectedPot.plantAddress && (
                  <span id="garden-pot-full" className="garden-hint">
                    This pot already holds a plant
                  </span>
                )}
              </div>
            )}
          </>
        )}
        {tab === 'Items' && data && <ItemsTab owner={owner} garden={data} now={now} />}
        {tab === 'Pets' && data && <PetsTab garden={data} />}
      </div>
    </section>
  );
}
