import { type KeyboardEvent, useRef } from 'react';

/** The garden's tabs (content §2.10; they no longer say '(coming soon)': docs/status.md deviations). */
export const GARDEN_TABS = ['Seeds', 'Items', 'Pots', 'Pets'] as const;
export type GardenTab = (typeof GARDEN_TABS)[number];

export const tabId = (tab: GardenTab) => `garden-tab-${tab.toLowerCase()}`;
export const GARDEN_PANEL_ID = 'garden-panel';

const STEPS: Record<string, (index: number) => number> = {
  ArrowRight: (i) => (i + 1) % GARDEN_TABS.length,
  ArrowLeft: (i) => (i - 1 + GARDEN_TABS.length) % GARDEN_TABS.length,
  Home: () => 0,
  End: () => GARDEN_TABS.length - 1,
};

/**
 * The tab row, keyboard-operable as the ARIA tabs pattern has it: Tab reaches the chosen tab only,
 * the arrow keys (and Home, End) move to and open the others.
 */
export function GardenTabs({ tab, onChange }: { tab: GardenTab; onChange: (tab: GardenTab) => void }) {
  const row = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = GARDEN_TABS[step(GARDEN_TABS.indexOf(tab))] ?? tab;
    onChange(next);
    row.current?.querySelector<HTMLButtonElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <div className="garden-tabs" role="tablist" aria-label="Garden" ref={row} onKeyDown={onKeyDown}>
      {GARDEN_TABS.map((name) => (
        <button
          key={name}
          id={tabId(name)}
          type="button"
          role="tab"
          aria-selected={tab === name}
          aria-controls={GARDEN_PANEL_ID}
          tabIndex={tab === name ? 0 : -1}
          className="garden-tab"
          onClick={() => onChange(name)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
