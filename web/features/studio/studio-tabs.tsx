import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import type { VideoType } from '../../../schema/content';

const TABS: ReadonlyArray<{ type: VideoType; label: string }> = [
  { type: 'video', label: 'Videos' },
  { type: 'short', label: 'Shorts' },
];

type StudioTabsProps = {
  selected: VideoType;
  onSelect: (type: VideoType) => void;
  /** Renders the selected tab's panel with the ids that tie it to its tab. */
  children: (ids: { panelId: string; tabId: string }) => ReactNode;
};

/** The Videos / Shorts tabs (WAI-ARIA tabs: arrow keys move between them). */
export function StudioTabs({ selected, onSelect, children }: StudioTabsProps) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (type: VideoType) => `${base}-tab-${type}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    onSelect(tab.type);
    refs.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label="Your content" className="studio-tabs">
        {TABS.map((tab, index) => (
          <button
            key={tab.type}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.type)}
            aria-selected={selected === tab.type}
            aria-controls={panelId}
            tabIndex={selected === tab.type ? 0 : -1}
            className="studio-tab"
            onClick={() => onSelect(tab.type)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {children({ panelId, tabId: tabId(selected) })}
    </>
  );
}
